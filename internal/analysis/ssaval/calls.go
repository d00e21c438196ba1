// Package ssaval answers questions about SSA values that every stage of
// mcperrlint asks, independent of what the values mean: where a value may
// come from (Sources, through phis, conversions, local variables and
// closures' cells), which call a value is the result of, in what order
// instructions run, and what a call's operands and callee are.
package ssaval

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Outermost returns the declared function fn is, or the one whose body
// holds fn, a function literal.
func Outermost(fn *ssa.Function) *ssa.Function {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn
}

// Callee returns the function object a call invokes: the static callee
// (for generic instantiations, its origin) or the interface method.
func Callee(c *ssa.CallCommon) *types.Func {
	if c.IsInvoke() {
		return c.Method
	}
	if fn := c.StaticCallee(); fn != nil {
		if fn.Origin() != nil {
			fn = fn.Origin()
		}
		if obj, ok := fn.Object().(*types.Func); ok {
			return obj
		}
	}
	return nil
}

// Operands returns the operands of a call, receiver first, with the
// elements of an implicit variadic slice in place of the slice.
func Operands(c *ssa.CallCommon) []ssa.Value {
	var ops []ssa.Value
	if c.IsInvoke() {
		ops = append(ops, c.Value)
	}
	ops = append(ops, c.Args...)
	if n := len(ops); n > 0 && c.Signature().Variadic() {
		if elems, ok := SliceLiteral(ops[n-1]); ok {
			ops = append(ops[:n-1], elems...)
		}
	}
	return ops
}

// SliceLiteral recognizes the slice the SSA builder makes for a slice
// literal and for the variadic part of a call (the last argument of a
// call of a variadic function, not spread with ...), new([n]T)[:], and
// returns the values stored into it.
func SliceLiteral(v ssa.Value) ([]ssa.Value, bool) {
	s, ok := v.(*ssa.Slice)
	if !ok || s.Low != nil || s.High != nil || s.Max != nil {
		return nil, false
	}
	arr, ok := s.X.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	if _, isArray := arr.Type().(*types.Pointer).Elem().Underlying().(*types.Array); !isArray {
		return nil, false
	}
	var elems []ssa.Value
	for _, ref := range *arr.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, r := range *ia.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == ia {
				elems = append(elems, st.Val)
			}
		}
	}
	return elems, true
}
