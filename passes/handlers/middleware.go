package handlers

import (
	"go/constant"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/passes/internal/argflow"
)

// recordConvertingMiddleware adds to f.converted the middleware of the
// package that sees every request, not only tool calls (go-sdk's
// mcp.Middleware): a function given a function, its parameter 0, that
// returns a function literal which calls the one given and answers some of
// its failures with a tool result with IsError set and a nil error. Tool
// handler middleware (mcp-go's) is a raw handler by its signature, and
// recordConverted finds it.
func (f *finder) recordConvertingMiddleware() {
	for _, fn := range f.ssa.SrcFuncs {
		if fn.Parent() != nil || len(fn.Params) != 1 || slices.Contains(f.converted[fn], 0) {
			continue
		}
		if _, ok := fn.Params[0].Type().Underlying().(*types.Signature); !ok {
			continue
		}
		for _, lit := range fn.AnonFuncs {
			if callsParam(lit, fn, 0) && f.returnsIsErrorResult(lit) {
				f.converted[fn] = append(f.converted[fn], 0)
				break
			}
		}
	}
}

// callsParam reports whether lit calls the function parameter i of fn,
// which it captures.
func callsParam(lit, fn *ssa.Function, i int) bool {
	for _, b := range lit.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok {
				if key, ok := calledParam(lit, c.Common().Value); ok && key.fn == fn && key.index == i && !key.made {
					return true
				}
			}
		}
	}
	return false
}

// returnsIsErrorResult reports whether fn has a return of a nil error
// beside a tool result of one of the package's SDKs with IsError set.
func (f *finder) returnsIsErrorResult(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) < 2 {
			continue
		}
		if k, ok := ret.Results[len(ret.Results)-1].(*ssa.Const); !ok || !k.IsNil() {
			continue
		}
		for _, src := range argflow.Sources(ret.Results[0]) {
			if alloc, ok := src.(*ssa.Alloc); ok && f.isResult(alloc.Type()) && storesTrue(alloc, "IsError") {
				return true
			}
		}
	}
	return false
}

func (f *finder) isResult(t types.Type) bool {
	for _, b := range f.ssa.SDKs {
		if b.IsResultPointer(t) {
			return true
		}
	}
	return false
}

// storesTrue reports whether the constant true is stored into the named
// field of a struct allocation, as a composite literal does.
func storesTrue(a *ssa.Alloc, field string) bool {
	st, ok := a.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for _, ref := range *a.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || fa.X != a || st.Field(fa.Field).Name() != field {
			continue
		}
		for _, r := range *fa.Referrers() {
			if s, ok := r.(*ssa.Store); ok && s.Addr == fa {
				if k, ok := s.Val.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Bool && constant.BoolVal(k.Value) {
					return true
				}
			}
		}
	}
	return false
}
