package argflow

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// postDominators holds, for each block of a function, the set of blocks
// that post-dominate it, with a virtual exit node after the last block.
type postDominators struct {
	sets []bitset
}

type bitset []uint64

func newBitset(n int) bitset    { return make(bitset, (n+63)/64) }
func (s bitset) has(i int) bool { return s[i/64]&(1<<(i%64)) != 0 }
func (s bitset) add(i int)      { s[i/64] |= 1 << (i % 64) }
func (s bitset) fill() {
	for i := range s {
		s[i] = ^uint64(0)
	}
}
func (s bitset) copyFrom(t bitset) { copy(s, t) }
func (s bitset) intersect(t bitset) {
	for i := range s {
		s[i] &= t[i]
	}
}
func (s bitset) equal(t bitset) bool {
	for i := range s {
		if s[i] != t[i] {
			return false
		}
	}
	return true
}

// computePostDominators solves pdom(b) = {b} ∪ ⋂ pdom(succ(b)) by
// iteration. Functions are small; the quadratic bitsets are cheap.
// Blocks from which no exit is reachable (infinite loops) are given
// {b, exit}, so that nothing appears to depend on them.
func computePostDominators(fn *ssa.Function) *postDominators {
	n := len(fn.Blocks)
	exit := n
	sets := make([]bitset, n+1)
	for i := range sets {
		sets[i] = newBitset(n + 1)
		sets[i].fill()
	}
	sets[exit] = newBitset(n + 1)
	sets[exit].add(exit)

	reachesExit := make([]bool, n)
	var mark func(b *ssa.BasicBlock)
	mark = func(b *ssa.BasicBlock) {
		if reachesExit[b.Index] {
			return
		}
		reachesExit[b.Index] = true
		for _, p := range b.Preds {
			mark(p)
		}
	}
	for _, b := range fn.Blocks {
		if len(b.Succs) == 0 {
			mark(b)
		}
	}
	for _, b := range fn.Blocks {
		if !reachesExit[b.Index] {
			sets[b.Index] = newBitset(n + 1)
			sets[b.Index].add(b.Index)
			sets[b.Index].add(exit)
		}
	}

	tmp := newBitset(n + 1)
	for changed := true; changed; {
		changed = false
		for i := n - 1; i >= 0; i-- {
			b := fn.Blocks[i]
			if !reachesExit[i] {
				continue
			}
			tmp.fill()
			if len(b.Succs) == 0 {
				tmp.copyFrom(sets[exit])
			}
			for _, s := range b.Succs {
				tmp.intersect(sets[s.Index])
			}
			tmp.add(i)
			if !tmp.equal(sets[i]) {
				sets[i].copyFrom(tmp)
				changed = true
			}
		}
	}
	return &postDominators{sets: sets}
}

// ControlConditions returns the branch conditions that block b is directly
// control dependent on: for each If-terminated block A with a successor S
// such that b post-dominates S but does not strictly post-dominate A,
// A's condition. A block that runs whatever the branches do has none.
func (f *Func) ControlConditions(b *ssa.BasicBlock) []ssa.Value {
	if f.pdom == nil {
		f.pdom = computePostDominators(f.Fn)
	}
	pd := f.pdom.sets
	var conds []ssa.Value
	for _, a := range f.Fn.Blocks {
		if len(a.Succs) != 2 || a == b {
			continue
		}
		ifInstr, ok := a.Instrs[len(a.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		if pd[a.Index].has(b.Index) {
			continue // b runs whichever way a branches
		}
		for _, s := range a.Succs {
			if pd[s.Index].has(b.Index) {
				conds = append(conds, ifInstr.Cond)
				break
			}
		}
	}
	return conds
}

// LoopFailure returns the failure taints (DecodeFailure, CheckFailure) of
// the branch conditions inside the loop whose header tests cond, or 0 when
// cond is no loop's condition. A loop that tries parsers in turn and
// returns on the first success (for _, layout := range layouts { if t,
// err := time.Parse(layout, s); err == nil { return t, nil } }) falls
// through to its exit only when every attempt failed: what follows the
// loop exists because the argument failed every check.
func (f *Func) LoopFailure(cond ssa.Value) Taint {
	instr, ok := cond.(ssa.Instruction)
	if !ok {
		return 0
	}
	header := instr.Block()
	if header == nil {
		return 0
	}
	// The loop's blocks are those that reach a back edge into the header
	// without passing through it.
	inLoop := make(map[*ssa.BasicBlock]bool)
	var walk func(b *ssa.BasicBlock)
	walk = func(b *ssa.BasicBlock) {
		if inLoop[b] || b == header {
			return
		}
		inLoop[b] = true
		for _, p := range b.Preds {
			walk(p)
		}
	}
	for _, p := range header.Preds {
		if header.Dominates(p) {
			walk(p)
		}
	}
	var t Taint
	for b := range inLoop {
		if ifInstr, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			t |= f.Taint(ifInstr.Cond) & (DecodeFailure | CheckFailure)
		}
	}
	return t
}

// Unreachable reports whether block b cannot run, as equality tests of one
// value against constants tell: b runs only on one branch of a test of x
// against c, and every path to that test passed an earlier test of x
// against c that decided the opposite (switch x { case "": return ... };
// ...; if x != "" { ...; return }; return errors.New("unexpected state")).
func (f *Func) Unreachable(b *ssa.BasicBlock) bool {
	if f.pdom == nil {
		f.pdom = computePostDominators(f.Fn)
	}
	pd := f.pdom.sets
	for _, a := range f.Fn.Blocks {
		if len(a.Succs) != 2 || a == b || pd[a.Index].has(b.Index) {
			continue
		}
		ifInstr, ok := a.Instrs[len(a.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		x, c, eq, ok := equalityTest(ifInstr.Cond)
		if !ok {
			continue
		}
		for k, s := range a.Succs {
			if !pd[s.Index].has(b.Index) {
				continue
			}
			// b needs a's condition to be k == 0, so x == c to be want.
			want := (k == 0) == eq
			if decided, ok := dominatingTest(a, x, c); ok && decided != want {
				return true
			}
		}
	}
	return false
}

// dominatingTest returns what an earlier test of x == c that every path
// to block a passes decided, if there is one.
func dominatingTest(a *ssa.BasicBlock, x ssa.Value, c *ssa.Const) (bool, bool) {
	for d := a.Idom(); d != nil; d = d.Idom() {
		ifInstr, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok || len(d.Succs) != 2 {
			continue
		}
		y, k, eq, ok := equalityTest(ifInstr.Cond)
		if !ok || y != x || !sameConst(k, c) {
			continue
		}
		switch {
		case d.Succs[0].Dominates(a) && d.Succs[0] != d.Succs[1]:
			return eq, true
		case d.Succs[1].Dominates(a):
			return !eq, true
		}
	}
	return false, false
}

// equalityTest matches x == c and x != c, for a constant c; eq reports
// which of the two it is.
func equalityTest(v ssa.Value) (x ssa.Value, c *ssa.Const, eq, ok bool) {
	bin, isBin := v.(*ssa.BinOp)
	if !isBin || bin.Op != token.EQL && bin.Op != token.NEQ {
		return nil, nil, false, false
	}
	x, y := bin.X, bin.Y
	if k, isConst := x.(*ssa.Const); isConst {
		x, y = y, k
	}
	c, isConst := y.(*ssa.Const)
	if !isConst || c.Value == nil {
		return nil, nil, false, false
	}
	if _, isConst := x.(*ssa.Const); isConst {
		return nil, nil, false, false
	}
	return x, c, bin.Op == token.EQL, true
}

func sameConst(a, b *ssa.Const) bool {
	return types.Identical(a.Type(), b.Type()) && constant.Compare(a.Value, token.EQL, b.Value)
}
