package assertions

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
)

// dominatingStore returns the store m[k] = x that l, a lookup m[k] of a
// constant key, reads for certain: it dominates l, and nothing between
// them can write the map (a call, or a store of the same or a
// non-constant key into any map of its type).
func dominatingStore(l *ssa.Lookup) *ssa.MapUpdate {
	k, ok := constString(l.Index)
	if !ok {
		return nil
	}
	var store *ssa.MapUpdate
	for _, r := range *l.X.Referrers() {
		u, ok := r.(*ssa.MapUpdate)
		if !ok || u.Map != l.X {
			continue
		}
		if k2, ok := constString(u.Key); !ok || k2 != k || !ssaval.Dominates(u, l) {
			continue
		}
		// The last of several dominating stores is dominated by the others.
		if store == nil || ssaval.Dominates(store, u) {
			store = u
		}
	}
	if store == nil {
		return nil
	}
	for _, instr := range between(store, l) {
		switch instr := instr.(type) {
		case *ssa.Call, *ssa.Go:
			if !harmlessUse(instr, nil) || isBuiltin(instr.(ssa.CallInstruction).Common(), "delete") {
				return nil
			}
		case *ssa.MapUpdate:
			if !types.Identical(instr.Map.Type(), l.X.Type()) {
				continue
			}
			if k2, ok := constString(instr.Key); !ok || k2 == k {
				return nil
			}
		}
	}
	return store
}

// between returns the instructions that may run after a and before b,
// where a dominates b, on a path that does not run a again.
func between(a, b ssa.Instruction) []ssa.Instruction {
	ab, bb := a.Block(), b.Block()
	ai, bi := ssaval.InstrIndex(a), ssaval.InstrIndex(b)
	if ab == bb && ai < bi {
		return ab.Instrs[ai+1 : bi]
	}
	out := append([]ssa.Instruction(nil), ab.Instrs[ai+1:]...)
	// Blocks reachable from a's block without passing through it, that
	// reach b's block.
	fwd := make(map[*ssa.BasicBlock]bool)
	var walk func(*ssa.BasicBlock)
	walk = func(x *ssa.BasicBlock) {
		for _, s := range x.Succs {
			if s != ab && !fwd[s] {
				fwd[s] = true
				walk(s)
			}
		}
	}
	walk(ab)
	bwd := make(map[*ssa.BasicBlock]bool)
	var back func(*ssa.BasicBlock)
	back = func(x *ssa.BasicBlock) {
		for _, p := range x.Preds {
			if p != ab && fwd[p] && !bwd[p] {
				bwd[p] = true
				back(p)
			}
		}
	}
	back(bb)
	for _, x := range ab.Parent().Blocks {
		if bwd[x] && x != bb {
			out = append(out, x.Instrs...)
		}
	}
	if bwd[bb] {
		// b's block is on a loop without a: all of it may run before b.
		return append(out, bb.Instrs...)
	}
	return append(out, bb.Instrs[:bi]...)
}
