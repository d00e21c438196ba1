package ssaval

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// maxDerivedDepth bounds the chains of instructions ParamOf and Pos follow.
const maxDerivedDepth = 16

// ParamOf returns the index, in params, of the parameter v is computed
// from, if any: through the operands of the instructions that compute
// it, and through the variables that calls given their address fill
// (errors.As(err, &target)). seen holds the values already visited, which
// the questions about the operands of one instruction may share.
func ParamOf(v ssa.Value, params map[*ssa.Parameter]int, seen map[ssa.Value]bool) (int, bool) {
	return paramOf(v, params, 0, seen)
}

func paramOf(v ssa.Value, params map[*ssa.Parameter]int, depth int, seen map[ssa.Value]bool) (int, bool) {
	if p, ok := v.(*ssa.Parameter); ok {
		i, ok := params[p]
		return i, ok
	}
	if v == nil || seen[v] || depth > maxDerivedDepth {
		return 0, false
	}
	seen[v] = true
	var from []ssa.Value
	if cell, ok := v.(*ssa.Alloc); ok {
		// A variable: what is stored into it, and the operands of the
		// calls given its address (errors.As(err, &ute)).
		for _, ref := range *cell.Referrers() {
			switch ref := ref.(type) {
			case *ssa.Store:
				from = append(from, ref.Val)
			case ssa.CallInstruction:
				from = append(from, Operands(ref.Common())...)
			}
		}
	} else if instr, ok := v.(ssa.Instruction); ok {
		for _, op := range instr.Operands(nil) {
			if *op != nil {
				from = append(from, *op)
			}
		}
	}
	for _, w := range from {
		if i, ok := paramOf(w, params, depth+1, seen); ok {
			return i, true
		}
	}
	return 0, false
}

// Pos returns the source position of v, or of the operation it is
// derived from when v itself has none: the ok of a comma-ok type
// assertion or map lookup, or its negation, points at the assertion or
// the lookup.
func Pos(v ssa.Value) token.Pos {
	for range maxDerivedDepth {
		if p := v.Pos(); p.IsValid() {
			return p
		}
		switch x := v.(type) {
		case *ssa.Extract:
			v = x.Tuple
		case *ssa.UnOp:
			v = x.X
		default:
			return token.NoPos
		}
	}
	return token.NoPos
}

// CommaOkKeys returns, sorted, the constant string keys looked up with a
// comma-ok in the map parameter p itself (params["teamRefId"]).
func CommaOkKeys(p *ssa.Parameter) []string {
	if _, ok := p.Type().Underlying().(*types.Map); !ok {
		return nil
	}
	var keys []string
	for _, ref := range *p.Referrers() {
		l, ok := ref.(*ssa.Lookup)
		if !ok || !l.CommaOk || l.X != p {
			continue
		}
		if k, ok := l.Index.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String {
			keys = append(keys, constant.StringVal(k.Value))
		}
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}
