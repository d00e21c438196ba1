package ssaval

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

// ErrorCallsReturned returns the calls whose error result an error fn
// returns may hold, as it is or wrapped by the calls that make the
// error, in one walk from fn's returns: a caller asks it of many calls.
func ErrorCallsReturned(fn *ssa.Function) map[*ssa.Call]bool {
	calls := make(map[*ssa.Call]bool)
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		for _, src := range Sources(v) {
			if seen[src] || depth > maxWrapDepth {
				continue
			}
			seen[src] = true
			if stores, ok := NamedResultStores(src); ok {
				for _, v := range stores {
					walk(v, depth+1)
				}
				continue
			}
			c, _ := CallOf(src)
			if c == nil {
				continue
			}
			calls[c] = true
			for _, op := range Operands(c.Common()) {
				walk(op, depth+1)
			}
		}
	}
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > 0 {
			walk(ret.Results[len(ret.Results)-1], 0)
		}
	}
	return calls
}

// loadedCell returns the local variable v is loaded from, and the load,
// or nil.
func loadedCell(v ssa.Value) (*ssa.Alloc, *ssa.UnOp) {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		if cell, ok := u.X.(*ssa.Alloc); ok {
			return cell, u
		}
	}
	return nil, nil
}

// NamedResultStores returns, when v loads a named result that a deferred
// function may change (recover, or logging that takes its address), what
// may be returned through it: what the return stored there last, and
// what a deferred function stores.
func NamedResultStores(v ssa.Value) ([]ssa.Value, bool) {
	cell, load := loadedCell(v)
	if cell == nil {
		return nil, false
	}
	return slices.Concat(ReachingStores(cell, load), capturedStores(cell)), true
}

// capturedStores returns the values the closures that capture cell store
// into it (a deferred recover setting the named error result).
func capturedStores(cell *ssa.Alloc) []ssa.Value {
	var vals []ssa.Value
	for _, ref := range *cell.Referrers() {
		mc, ok := ref.(*ssa.MakeClosure)
		if !ok {
			continue
		}
		for _, fv := range BoundFreeVars(mc, cell) {
			for _, r := range *fv.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == fv {
					vals = append(vals, st.Val)
				}
			}
		}
	}
	return vals
}

// CallsRecover reports whether fn calls the builtin recover.
func CallsRecover(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok {
				if bi, ok := c.Call.Value.(*ssa.Builtin); ok && bi.Name() == "recover" {
					return true
				}
			}
		}
	}
	return false
}

// StoresError reports whether fn stores a non-nil error into a variable it
// captures: the named error result of the function that deferred it.
func StoresError(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok || !sdk.IsError(st.Val.Type()) {
				continue
			}
			if _, captured := st.Addr.(*ssa.FreeVar); !captured {
				continue
			}
			if k, ok := st.Val.(*ssa.Const); ok && k.IsNil() {
				continue
			}
			return true
		}
	}
	return false
}

// HoldsErrorOf reports whether v is, or is made from, the error result of
// call.
func HoldsErrorOf(v ssa.Value, call *ssa.Call) bool {
	for _, src := range Sources(v) {
		if c, _ := CallOf(src); c == call {
			return true
		}
	}
	return false
}
