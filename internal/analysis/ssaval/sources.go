package ssaval

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
)

// Sources returns the values v may have come from, looking through phi
// nodes, conversions, and local variables (the values stored into them in
// this function). The results are the values that made v: calls, their
// extracted results, allocations, loads of globals, constants, parameters.
func Sources(v ssa.Value) []ssa.Value {
	var out []ssa.Value
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value)
	walk = func(v ssa.Value) {
		if seen[v] {
			return
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Phi:
			for _, e := range x.Edges {
				walk(e)
			}
		case *ssa.MakeInterface:
			walk(x.X)
		case *ssa.ChangeInterface:
			walk(x.X)
		case *ssa.ChangeType:
			walk(x.X)
		case *ssa.UnOp:
			if alloc, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL && isLocal(alloc, x) {
				for _, s := range ReachingStores(alloc, x) {
					walk(s)
				}
				return
			}
			out = append(out, v)
		default:
			out = append(out, v)
		}
	}
	walk(v)
	return out
}

// isLocal reports whether the stores to a variable in this function tell
// what it holds: its address is only loaded from and stored to, or
// captured by closures that read it (a deferred logger of a named result)
// or only ever store non-nil values into it (a deferred wrapper, a
// recover that reports a panic, the body of a range-over-func loop
// returning an error). A closure that may clear it (a deferred converter
// setting err = nil) makes it unknowable.
//
// What deferred calls do with it happens after the return statements
// have read it, so they do not matter to a load before the function's
// deferred calls run (return nil, toolErr, with a deferred logger given
// &toolErr).
func isLocal(a *ssa.Alloc, load *ssa.UnOp) bool {
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.UnOp:
		case *ssa.Store:
			if ref.Val == a {
				return false
			}
		case *ssa.DebugRef:
		case *ssa.MakeClosure:
			if !readsOnly(ref, a) && !(OnlyDeferred(ref) && beforeDefersRun(load)) {
				return false
			}
		case *ssa.Defer:
			if !beforeDefersRun(load) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// OnlyDeferred reports whether the closure mc is only ever deferred: it
// runs when the function returns, after the rest of its body.
func OnlyDeferred(mc *ssa.MakeClosure) bool {
	for _, ref := range *mc.Referrers() {
		if d, ok := ref.(*ssa.Defer); !ok || d.Call.Value != mc {
			return false
		}
	}
	return true
}

// beforeDefersRun reports whether load happens before the function's
// deferred calls run: no RunDefers precedes it in its block (the builder
// puts one right before each return's final loads of the results).
func beforeDefersRun(load *ssa.UnOp) bool {
	if load == nil {
		return false
	}
	for _, instr := range load.Block().Instrs {
		switch instr.(type) {
		case *ssa.RunDefers:
			return false
		}
		if instr == load {
			return true
		}
	}
	return false
}

// readsOnly reports whether the closure mc only loads the variable a it
// captures, or stores values that cannot be nil into it.
func readsOnly(mc *ssa.MakeClosure, a *ssa.Alloc) bool {
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return false
	}
	for i, b := range mc.Bindings {
		if b != a {
			continue
		}
		for _, ref := range *fn.FreeVars[i].Referrers() {
			switch ref := ref.(type) {
			case *ssa.UnOp:
				if ref.Op != token.MUL {
					return false
				}
			case *ssa.Store:
				if ref.Val == fn.FreeVars[i] || mayBeNil(ref.Val) {
					return false
				}
			default:
				return false
			}
		}
	}
	return true
}

// mayBeNil reports whether an interface value may be nil: one of its
// sources is the nil constant, or is not known to be non-nil.
func mayBeNil(v ssa.Value) bool {
	if _, ok := v.Type().Underlying().(*types.Interface); !ok {
		return false // only the error result slot matters here
	}
	for _, src := range Sources(v) {
		switch src := src.(type) {
		case *ssa.Const:
			return true
		case *ssa.Call, *ssa.Alloc:
			if _, ok := src.Type().Underlying().(*types.Interface); ok {
				if c, _ := CallOf(src); c != nil && isErrorConstructor(c) {
					continue // errors.New and fmt.Errorf never return nil
				}
				return true
			}
		case *ssa.Extract:
			return true
		}
	}
	return false
}

// isErrorConstructor reports whether c calls a built-in error
// constructor, which never returns nil. It reads the built-in rows, not
// the configured table: that a function never returns nil is a property
// of the standard library's constructors, which no configuration of
// decode, validate or tool-result functions changes.
func isErrorConstructor(c *ssa.Call) bool {
	return roles.BuiltinTable.Has(Callee(c.Common()), roles.ErrorConstructor)
}

// ReachingStores returns the values stored into a by the last store
// before load on each path that reaches it. Functions with defer route
// every return through such result slots, so a flow-insensitive answer
// would mix the errors of different returns. A path with no store
// contributes the variable's zero value, a nil error, which is left out.
func ReachingStores(a *ssa.Alloc, load *ssa.UnOp) []ssa.Value {
	var vals []ssa.Value
	visited := make(map[*ssa.BasicBlock]bool)
	var search func(b *ssa.BasicBlock, before int)
	search = func(b *ssa.BasicBlock, before int) {
		for i := before - 1; i >= 0; i-- {
			if st, ok := b.Instrs[i].(*ssa.Store); ok && st.Addr == a {
				vals = append(vals, st.Val)
				return
			}
		}
		for _, p := range b.Preds {
			if !visited[p] {
				visited[p] = true
				search(p, len(p.Instrs))
			}
		}
	}
	b := load.Block()
	search(b, slices.Index(b.Instrs, ssa.Instruction(load)))
	return vals
}

// BoundFreeVars returns the free variables of the closure mc makes that
// are bound to v (a captured variable's cell, or a captured value).
func BoundFreeVars(mc *ssa.MakeClosure, v ssa.Value) []*ssa.FreeVar {
	lit, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return nil
	}
	var fvs []*ssa.FreeVar
	for i, b := range mc.Bindings {
		if b == v && i < len(lit.FreeVars) {
			fvs = append(fvs, lit.FreeVars[i])
		}
	}
	return fvs
}

// CellStores returns the values stored into the variable cell anywhere
// in its function, in no order of flow.
func CellStores(cell *ssa.Alloc) []ssa.Value {
	var vals []ssa.Value
	for _, ref := range *cell.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == cell {
			vals = append(vals, st.Val)
		}
	}
	return vals
}

// CallOf returns the call that produced v, if v is a call's result or one
// of its extracted results, with the result index (-1 for a lone result).
func CallOf(v ssa.Value) (*ssa.Call, int) {
	switch x := v.(type) {
	case *ssa.Call:
		return x, -1
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok {
			return c, x.Index
		}
	}
	return nil, 0
}

// StoredConst returns the constant stored into the named field of a
// struct allocation, as a composite literal stores it.
func StoredConst(a *ssa.Alloc, field string) (constant.Value, bool) {
	st, ok := a.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
	if !ok {
		return nil, false
	}
	for _, ref := range *a.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || fa.X != a || st.Field(fa.Field).Name() != field {
			continue
		}
		for _, r := range *fa.Referrers() {
			if s, ok := r.(*ssa.Store); ok && s.Addr == fa {
				if k, ok := s.Val.(*ssa.Const); ok && k.Value != nil {
					return k.Value, true
				}
			}
		}
	}
	return nil, false
}
