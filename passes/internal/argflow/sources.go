package argflow

import (
	"golang.org/x/tools/go/ssa"
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
			if alloc, ok := x.X.(*ssa.Alloc); ok && x.Op.String() == "*" {
				if stores := storesTo(alloc); len(stores) > 0 {
					for _, s := range stores {
						walk(s)
					}
					return
				}
			}
			out = append(out, v)
		default:
			out = append(out, v)
		}
	}
	walk(v)
	return out
}

// storesTo returns the values stored directly into a local variable.
func storesTo(a *ssa.Alloc) []ssa.Value {
	var vals []ssa.Value
	for _, ref := range *a.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == a {
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
