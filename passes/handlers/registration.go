package handlers

import (
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/valueflow"
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
	fn := FuncValue(v)
	if fn == nil || fn.Pkg != f.ssa.Pkg {
		return
	}
	for _, b := range f.ssa.SDKs {
		for _, shape := range shapes(b) {
			if !b.HasShape(fn.Signature, shape) {
				continue
			}
			if f.byFunc[fn] == nil || f.bodies[fn] {
				delete(f.bodies, fn)
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

// FuncValue returns the function a value denotes, looking through
// closures, conversions, the wrappers of method values and calls of
// factories that return one function literal (rawWrap(listThings(api))),
// or nil.
func FuncValue(v ssa.Value) *ssa.Function {
	for depth := 0; depth < maxFactoryDepth; depth++ {
		switch x := v.(type) {
		case *ssa.Function:
			return valueflow.FuncOf(x)
		case *ssa.MakeClosure:
			v = x.Fn
		case *ssa.ChangeType:
			v = x.X
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.Call:
			if v = factoryResult(x); v == nil {
				return nil
			}
		default:
			return nil
		}
	}
	return nil
}

// Bounds on the chains the finder follows, each deep enough for real
// code and short enough to stop on cycles it does not track.
const (
	// maxFactoryDepth bounds the factories and conversions FuncValue
	// looks through.
	maxFactoryDepth = 8
	// maxWrapDepth bounds the error constructors returnsErrorOf looks
	// through.
	maxWrapDepth = 8
	// maxClosureDepth bounds the closures capturedParam climbs.
	maxClosureDepth = 8
)

// factoryResult returns the function value a call of a factory of the
// same package returns on every path, or nil.
func factoryResult(call *ssa.Call) ssa.Value {
	fn := call.Call.StaticCallee()
	if fn == nil {
		return nil
	}
	// A generic factory's instance is a wrapper that calls its origin.
	fn = valueflow.FuncOf(fn)
	if fn.Pkg != call.Parent().Pkg || fn.Blocks == nil || fn.Signature.Results().Len() != 1 {
		return nil
	}
	var out ssa.Value
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		srcs := ssaval.Sources(ret.Results[0])
		if len(srcs) != 1 || out != nil && out != srcs[0] {
			return nil
		}
		out = srcs[0]
	}
	if _, ok := out.(*ssa.MakeClosure); !ok {
		if _, ok := out.(*ssa.Function); !ok {
			return nil
		}
	}
	return out
}

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
