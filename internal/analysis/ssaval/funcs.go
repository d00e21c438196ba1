package ssaval

import (
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/valueflow"
)

// Bounds on the chains these helpers follow, each deep enough for real
// code and short enough to stop on cycles they do not track.
const (
	// maxFactoryDepth bounds the factories and conversions FuncValue
	// looks through.
	maxFactoryDepth = 8
	// maxWrapDepth bounds the error constructors ErrorCallsReturned looks
	// through.
	maxWrapDepth = 8
	// maxClosureDepth bounds the closures CalledParam climbs.
	maxClosureDepth = 8
)

// A Param names a function-typed parameter of a function Fn, the one at
// Index. When Made is set, what is called is the function that the
// parameter's function returns (handlerFn(deps)(ctx, req, args)). When
// Method is set, the parameter is an interface whose method of that name
// is called (t.Call(ctx, req)).
type Param struct {
	Fn     *ssa.Function
	Index  int
	Made   bool
	Method string
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
		srcs := Sources(ret.Results[0])
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

func paramIndex(fn *ssa.Function, p *ssa.Parameter) int {
	for i, q := range fn.Params {
		if q == p {
			return i
		}
	}
	return -1
}

// CalledParam resolves a called function value to the function-typed
// parameter it holds: a parameter of fn, or, for a closure, a parameter of
// the enclosing function that the closure captured.
func CalledParam(fn *ssa.Function, v ssa.Value) (Param, bool) {
	switch x := v.(type) {
	case *ssa.Parameter:
		return Param{Fn: fn, Index: paramIndex(fn, x)}, true
	case *ssa.UnOp: // a captured variable is loaded from its cell
		if fv, ok := x.X.(*ssa.FreeVar); ok {
			return capturedParam(fn, fv)
		}
	case *ssa.FreeVar:
		return capturedParam(fn, x)
	case *ssa.Call: // a function the parameter's function makes
		if !x.Call.IsInvoke() {
			if key, ok := CalledParam(fn, x.Call.Value); ok && !key.Made {
				key.Made = true
				return key, true
			}
		}
	}
	return Param{}, false
}

// CalledParamOf resolves the function value or interface a call calls to
// the parameter of fn it holds (see CalledParam), with the method it
// invokes on an interface.
func CalledParamOf(fn *ssa.Function, call *ssa.CallCommon) (Param, bool) {
	key, ok := CalledParam(fn, call.Value)
	if ok && call.IsInvoke() {
		key.Method = call.Method.Name()
	}
	return key, ok
}

// capturedParam finds the parameter of an enclosing function that a
// closure's free variable captures, directly, through the variable's cell,
// or through the free variables of the closures in between
// (HandlerFunc: func(any) mcp.ToolHandler { return func(ctx, req) { ...
// handler(ctx, req, args) } }).
func capturedParam(fn *ssa.Function, fv *ssa.FreeVar) (Param, bool) {
	for depth := 0; depth < maxClosureDepth; depth++ {
		parent := fn.Parent()
		index := slices.Index(fn.FreeVars, fv)
		if parent == nil || index < 0 {
			return Param{}, false
		}
		binding := closureBinding(parent, fn, index)
		switch b := binding.(type) {
		case *ssa.Parameter:
			return Param{Fn: parent, Index: paramIndex(parent, b)}, true
		case *ssa.FreeVar:
			fn, fv = parent, b
		default:
			return Param{}, false
		}
	}
	return Param{}, false
}

// closureBinding returns what parent binds to free variable index of the
// closure fn it makes: the value, or what is stored in the cell bound.
func closureBinding(parent, fn *ssa.Function, index int) ssa.Value {
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if !ok || mc.Fn != fn || index >= len(mc.Bindings) {
				continue
			}
			binding := mc.Bindings[index]
			if cell, ok := binding.(*ssa.Alloc); ok {
				for _, ref := range *cell.Referrers() {
					if st, ok := ref.(*ssa.Store); ok && st.Addr == cell {
						binding = st.Val
					}
				}
			}
			return binding
		}
	}
	return nil
}
