package errorigin

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/argflow"
)

// A panic of x.(T) on a tool argument needs x's dynamic type to come from
// the arguments, that is from JSON decoding. argflow answers a different
// question, whether x carries argument data: a map the handler builds
// from argument strings carries it, yet the handler put every value into
// that map itself, with types the program fixed. programTyped traces the
// asserted value back to the values boxed into it and answers whether
// each was boxed by the program (a MakeInterface of a concrete type, or a
// constant): an assertion on such a value checks the program's own
// values, and no argument can make it panic.
//
// It is conservative the other way: a container the program does not
// hold alone before the assertion (passed to a call, stored elsewhere,
// decoded into, or not built in the function) is answered false, unless a
// store of the same constant key dominates the lookup with nothing in
// between that could write the map.

// programTyped reports whether the dynamic type of v, an interface value,
// is fixed by the program: every value it can hold was boxed from a
// concrete type by the program, or is a constant.
func programTyped(v ssa.Value) bool {
	t := &typeTracer{state: make(map[ssa.Value]traceState)}
	return t.fixed(v)
}

type typeTracer struct {
	// state holds the values being traced, and those found not fixed:
	// a value met again on a cycle (a phi of a loop) adds no source of
	// its own. A value found fixed is not remembered: the answer may
	// have leaned on a cycle that later fails, and lookups try a second
	// way (a dominating store) when the first fails.
	state map[ssa.Value]traceState
	steps int
}

type traceState uint8

const (
	tracing traceState = iota + 1
	notFixed
)

// maxTraceSteps bounds the values traced for one assertion.
const maxTraceSteps = 512

func (t *typeTracer) fixed(v ssa.Value) bool {
	switch t.state[v] {
	case tracing:
		return true
	case notFixed:
		return false
	}
	t.state[v] = tracing
	t.steps++
	ok := t.steps <= maxTraceSteps && t.trace(v)
	if ok {
		delete(t.state, v)
	} else {
		t.state[v] = notFixed
	}
	return ok
}

func (t *typeTracer) trace(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.Const:
		return true
	case *ssa.MakeInterface:
		return !types.IsInterface(v.X.Type())
	case *ssa.ChangeInterface:
		return t.fixed(v.X)
	case *ssa.TypeAssert:
		// x.(I) for an interface I keeps x's dynamic type.
		return !v.CommaOk && types.IsInterface(v.AssertedType) && t.fixed(v.X)
	case *ssa.Phi:
		for _, e := range v.Edges {
			if !t.fixed(e) {
				return false
			}
		}
		return true
	case *ssa.Extract:
		switch tup := v.Tuple.(type) {
		case *ssa.Lookup:
			if v.Index == 0 {
				return t.lookup(tup)
			}
		case *ssa.Next:
			// for _, x := range m: any value of m.
			if v.Index == 2 && !tup.IsString {
				if r, ok := tup.Iter.(*ssa.Range); ok {
					return t.mapValues(r.X, nil, tup)
				}
			}
		}
	case *ssa.Lookup:
		return t.lookup(v)
	case *ssa.UnOp:
		if v.Op != token.MUL {
			return false
		}
		switch addr := v.X.(type) {
		case *ssa.IndexAddr:
			return t.sliceElems(addr.X, v)
		case *ssa.FieldAddr:
			return t.structField(addr.X, addr.Field, v)
		}
	case *ssa.Field:
		// s.f of a struct value loaded from a local variable.
		if load, ok := v.X.(*ssa.UnOp); ok && load.Op == token.MUL {
			return t.structField(load.X, v.Field, v)
		}
	}
	return false
}

// lookup answers for m[k].
func (t *typeTracer) lookup(l *ssa.Lookup) bool {
	if _, ok := l.X.Type().Underlying().(*types.Map); !ok {
		return false // a string index is not an interface
	}
	if t.mapValues(l.X, l.Index, l) {
		return true
	}
	if st := dominatingStore(l); st != nil {
		return t.fixed(st.Value)
	}
	return false
}

// mapValues reports whether every value a map made in the function may
// hold under key (under any key when key is nil or not constant) at read
// is program-typed.
func (t *typeTracer) mapValues(m, key ssa.Value, read ssa.Instruction) bool {
	set, ok := localContainer(m, func(v ssa.Value) bool {
		_, ok := v.(*ssa.MakeMap)
		return ok
	})
	if !ok {
		return false
	}
	k, constKey := constString(key)
	for v := range set {
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.MapUpdate:
				if !set[r.Map] {
					if set[r.Value] && reaches(r, read) {
						return false
					}
					continue
				}
				if constKey {
					if k2, ok := constString(r.Key); ok && k2 != k {
						continue
					}
				}
				if !t.fixed(r.Value) {
					return false
				}
			case *ssa.Lookup, *ssa.Range, *ssa.DebugRef, *ssa.Phi:
			case *ssa.Store:
				// Into a local cell: its loads are in set.
				if cell, ok := r.Addr.(*ssa.Alloc); !ok || r.Val != v || !localCell(cell) {
					if reaches(r, read) {
						return false
					}
				}
			default:
				if !harmlessUse(r, v) && reaches(r, read) {
					return false
				}
			}
		}
	}
	return true
}

// sliceElems reports whether every element a slice made in the function
// may hold at read is program-typed: the values appended to it, stored
// into its elements, or the zero values of make.
func (t *typeTracer) sliceElems(s ssa.Value, read ssa.Instruction) bool {
	if _, ok := s.Type().Underlying().(*types.Slice); !ok {
		return false // an array's elements: its address may be anything
	}
	set, ok := localContainer(s, func(v ssa.Value) bool {
		_, ok := v.(*ssa.MakeSlice)
		return ok
	})
	if !ok {
		return false
	}
	for v := range set {
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.Call:
				if isBuiltin(r.Common(), "append") && r.Common().Args[0] == v {
					if len(r.Common().Args) > 1 && !t.varargs(r.Common().Args[1]) {
						return false
					}
					continue
				}
				if !harmlessUse(r, v) && reaches(r, read) {
					return false
				}
			case *ssa.IndexAddr:
				if !t.storesFixed(r, read) {
					return false
				}
			case *ssa.Slice:
				if r.X != v && reaches(r, read) {
					return false
				}
			case *ssa.Phi, *ssa.DebugRef:
			default:
				if !harmlessUse(r, v) && reaches(r, read) {
					return false
				}
			}
		}
	}
	return true
}

// varargs reports whether the elements of the slice of an append call's
// variadic values, append(s, a, b), are program-typed: a slice of a local
// array whose elements are stored one by one.
func (t *typeTracer) varargs(v ssa.Value) bool {
	if c, ok := v.(*ssa.Const); ok {
		return c.IsNil()
	}
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return false
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, r := range *arr.Referrers() {
		switch r := r.(type) {
		case *ssa.Slice, *ssa.DebugRef:
		case *ssa.IndexAddr:
			for _, u := range *r.Referrers() {
				st, ok := u.(*ssa.Store)
				if !ok || st.Addr != r || !t.fixed(st.Val) {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// structField reports whether every value field i of a struct variable
// local to the function (a composite literal, &T{...}) may hold at read
// is program-typed.
// storesFixed reports whether every value stored through addr, an
// element's or a field's address, has a type the program fixed, and no
// other use of addr but a load can run before read.
func (t *typeTracer) storesFixed(addr ssa.Value, read ssa.Instruction) bool {
	for _, u := range *addr.Referrers() {
		switch u := u.(type) {
		case *ssa.Store:
			if u.Addr == addr && !t.fixed(u.Val) {
				return false
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			if reaches(u, read) {
				return false
			}
		}
	}
	return true
}

func (t *typeTracer) structField(addr ssa.Value, i int, read ssa.Instruction) bool {
	a, ok := addr.(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.FieldAddr:
			if r.Field != i {
				continue
			}
			if !t.storesFixed(r, read) {
				return false
			}
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.DebugRef:
		case *ssa.Store:
			if r.Addr != a {
				// The variable's address stored elsewhere.
				if reaches(r, read) {
					return false
				}
				continue
			}
			// b := T{...}: the whole struct copied from a composite
			// literal, or its zero value.
			switch val := r.Val.(type) {
			case *ssa.Const:
			case *ssa.UnOp:
				if val.Op != token.MUL || !t.structField(val.X, i, r) {
					return false
				}
			default:
				return false
			}
		default:
			if reaches(r, read) {
				return false
			}
		}
	}
	return true
}

// localContainer returns the values that are the container v (a map or a
// slice) or alias it within the function, when every value v may be was
// made in the function (made(x) reports that) or is nil: the phis,
// appends and reslicings it flows through, backward and forward.
func localContainer(v ssa.Value, made func(ssa.Value) bool) (map[ssa.Value]bool, bool) {
	set := make(map[ssa.Value]bool)
	var back func(ssa.Value) bool
	back = func(v ssa.Value) bool {
		if set[v] {
			return true
		}
		set[v] = true
		if len(set) > maxTraceSteps {
			return false
		}
		switch x := v.(type) {
		case *ssa.Const:
			return x.IsNil()
		case *ssa.Phi:
			for _, e := range x.Edges {
				if !back(e) {
					return false
				}
			}
			return true
		case *ssa.Slice:
			return back(x.X)
		case *ssa.Call:
			if isBuiltin(x.Common(), "append") {
				return back(x.Common().Args[0])
			}
			return false
		case *ssa.UnOp:
			// A variable that closures capture is a cell: it holds what
			// the function stores there, when only loads use it.
			cell, ok := x.X.(*ssa.Alloc)
			if !ok || x.Op != token.MUL || !localCell(cell) {
				return false
			}
			for _, st := range argflow.CellStores(cell) {
				if !back(st) {
					return false
				}
			}
			return true
		}
		return made(v)
	}
	if !back(v) {
		return nil, false
	}
	// Forward: what the container flows into within the function. A
	// value made elsewhere met this way (a phi with a parameter) means
	// the container is not the function's alone.
	work := make([]ssa.Value, 0, len(set))
	for v := range set {
		work = append(work, v)
	}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			var next ssa.Value
			switch r := r.(type) {
			case *ssa.Phi:
				next = r
			case *ssa.Slice:
				if r.X == v {
					next = r
				}
			case *ssa.Call:
				if isBuiltin(r.Common(), "append") && r.Common().Args[0] == v {
					next = r
				}
			case *ssa.Store:
				// Into a local cell: every load of it, here or in the
				// closures that capture it, is the container too.
				if cell, ok := r.Addr.(*ssa.Alloc); ok && r.Val == v && localCell(cell) {
					for _, load := range cellLoads(cell) {
						if !set[load] {
							set[load] = true
							work = append(work, load)
						}
					}
				}
			}
			if next == nil || set[next] {
				continue
			}
			if !back(next) {
				return nil, false
			}
			work = append(work, next)
		}
	}
	return set, true
}

// localCell reports whether the variable cell (one that closures
// capture) is only stored into by its own function and loaded from,
// there or in the closures: what it holds is what those stores put there.
func localCell(cell *ssa.Alloc) bool {
	for _, ref := range *cell.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr != cell {
				return false
			}
		case *ssa.UnOp:
			if ref.Op != token.MUL {
				return false
			}
		case *ssa.DebugRef:
		case *ssa.MakeClosure:
			for _, fv := range argflow.BoundFreeVars(ref, cell) {
				for _, u := range *fv.Referrers() {
					if l, ok := u.(*ssa.UnOp); !ok || l.Op != token.MUL {
						return false
					}
				}
			}
		default:
			return false
		}
	}
	return true
}

// cellLoads returns the loads of cell, in its function and in the
// closures that capture it.
func cellLoads(cell *ssa.Alloc) []ssa.Value {
	var loads []ssa.Value
	for _, ref := range *cell.Referrers() {
		switch ref := ref.(type) {
		case *ssa.UnOp:
			loads = append(loads, ref)
		case *ssa.MakeClosure:
			for _, fv := range argflow.BoundFreeVars(ref, cell) {
				for _, u := range *fv.Referrers() {
					if l, ok := u.(*ssa.UnOp); ok {
						loads = append(loads, l)
					}
				}
			}
		}
	}
	return loads
}

// harmlessUse reports whether r only reads the container v: len, cap, a
// comparison with nil, the source of an append or a copy, delete (its
// lookups then give nil, the program's doing).
func harmlessUse(r ssa.Instruction, v ssa.Value) bool {
	switch r := r.(type) {
	case *ssa.BinOp:
		return true
	case *ssa.Call:
		c := r.Common()
		if c.IsInvoke() {
			return false
		}
		b, ok := c.Value.(*ssa.Builtin)
		if !ok {
			return false
		}
		switch b.Name() {
		case "len", "cap", "delete":
			return true
		case "append", "copy":
			return len(c.Args) > 1 && c.Args[0] != v
		}
	}
	return false
}

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
		if k2, ok := constString(u.Key); !ok || k2 != k || !dominates(u, l) {
			continue
		}
		// The last of several dominating stores is dominated by the others.
		if store == nil || dominates(store, u) {
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
	ai, bi := index(a), index(b)
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

// dominates reports whether a runs before b on every path to b.
func dominates(a, b ssa.Instruction) bool {
	if a.Block() == b.Block() {
		return index(a) < index(b)
	}
	return a.Block().Dominates(b.Block())
}

// reaches reports whether b may run after a; an instruction of another
// function (a closure) may run at any time.
func reaches(a, b ssa.Instruction) bool {
	if a.Parent() != b.Parent() {
		return true
	}
	ab, bb := a.Block(), b.Block()
	if ab == bb && index(a) < index(b) {
		return true
	}
	seen := make(map[*ssa.BasicBlock]bool)
	work := append([]*ssa.BasicBlock(nil), ab.Succs...)
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == bb {
			return true
		}
		if seen[x] {
			continue
		}
		seen[x] = true
		work = append(work, x.Succs...)
	}
	return false
}

func index(instr ssa.Instruction) int {
	for i, x := range instr.Block().Instrs {
		if x == instr {
			return i
		}
	}
	return -1
}

func isBuiltin(c *ssa.CallCommon, name string) bool {
	b, ok := c.Value.(*ssa.Builtin)
	return ok && b.Name() == name
}

func constString(v ssa.Value) (string, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(c.Value), true
}
