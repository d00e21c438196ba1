package handlers

import (
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

func (f *finder) findByRegistration() {
	// A function converted to an SDK type that names a handler shape
	// (mcp.TypedToolHandlerFunc[T], a generic typed wrapper's result) is
	// a handler of that shape, wherever it is registered.
	for _, fn := range f.ssa.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if conv, ok := instr.(*ssa.ChangeType); ok {
					f.addRegistered(conv.X, func(b *sdk.Binding) []sdk.Shape {
						if s, ok := b.NamedShape(conv.Type()); ok {
							return []sdk.Shape{s}
						}
						return nil
					})
				}
			}
		}
	}
	f.eachCall(func(_ *ssa.Function, call *ssa.CallCommon) {
		callee := ssaval.Callee(call)
		if callee == nil {
			return
		}
		for _, b := range f.ssa.SDKs {
			for _, shape := range b.RegistrarShapes(callee) {
				if shape.RegistrarParam < len(call.Args) {
					f.addRegistered(call.Args[shape.RegistrarParam], func(c *sdk.Binding) []sdk.Shape {
						if c == b {
							return []sdk.Shape{shape}
						}
						return nil
					})
				}
			}
		}
	})
}

// addRegistered records the function v denotes as a handler of the first
// shape shapes gives for an SDK that it has.
func (f *finder) addRegistered(v ssa.Value, shapes func(*sdk.Binding) []sdk.Shape) {
	fn := ssaval.FuncValue(v)
	if fn == nil || fn.Pkg != f.ssa.Pkg {
		return
	}
	for _, b := range f.ssa.SDKs {
		for _, shape := range shapes(b) {
			if !b.HasShape(fn.Signature, shape) {
				continue
			}
			if f.byFunc[fn] == nil || f.byFunc[fn].Body {
				h := &Handler{Fn: fn, SDK: b, Kind: shape.Kind, Registered: true, ResultForwarded: true}
				if shape.Input {
					h.Seeds = append(h.Seeds, inputParam(fn))
				}
				f.byFunc[fn] = h
			}
			return
		}
	}
}

func (f *finder) eachCall(visit func(fn *ssa.Function, call *ssa.CallCommon)) {
	for _, fn := range f.ssa.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(ssa.CallInstruction); ok {
					visit(fn, c.Common())
				}
			}
		}
	}
}

// maxWrapDepth bounds the error constructors the finder looks through,
// deep enough for real code and short enough to stop on cycles it does
// not track.
const maxWrapDepth = 8

// outerName names the declared function fn is or is a literal in.
func outerName(fn *ssa.Function) string { return ssaval.Outermost(fn).Name() }

// qualifiedName names a function of another package as its callers
// spell it.
func qualifiedName(fn *ssa.Function) string {
	if fn.Pkg != nil {
		return fn.Pkg.Pkg.Name() + "." + outerName(fn)
	}
	return outerName(fn)
}
