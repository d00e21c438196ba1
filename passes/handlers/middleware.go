package handlers

import (
	"go/constant"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/argflow"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
	"github.com/mcperrlint/mcperrlint/internal/ssaval"
)

// recordConvertingMiddleware adds to f.converted the middleware of the
// package that sees every request, not only tool calls (go-sdk's
// mcp.Middleware): a function given a function, its parameter 0, that
// returns a function literal which calls the one given and answers some of
// its failures with a tool result with IsError set and a nil error; and
// to f.recovers the middleware whose literal recovers a panic of it into
// such a result. Tool handler middleware (mcp-go's) is a raw handler by
// its signature, and recordConverted and recordRecovered find it.
func (f *finder) recordConvertingMiddleware() {
	for _, fn := range f.ssa.SrcFuncs {
		if fn.Parent() != nil || len(fn.Params) != 1 || slices.Contains(f.converted[fn], 0) {
			continue
		}
		if _, ok := fn.Params[0].Type().Underlying().(*types.Signature); !ok {
			continue
		}
		for _, lit := range fn.AnonFuncs {
			// A tool handler's literal (an adapter that answers its own
			// decode failure with an IsError result) is recordConverted's
			// to judge, by what it does with the call's error.
			if !callsParam(lit, fn, 0) || f.byFunc[lit] != nil {
				continue
			}
			if f.recovery(lit) == recoversIntoResult && !slices.Contains(f.recovers[fn], 0) {
				f.recovers[fn] = append(f.recovers[fn], 0)
			}
			if f.returnsIsErrorResult(lit) {
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
// beside a tool result of one of the package's SDKs with IsError set,
// however it is built (isErrorResult).
func (f *finder) returnsIsErrorResult(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) < 2 {
			continue
		}
		if k, ok := ret.Results[len(ret.Results)-1].(*ssa.Const); !ok || !k.IsNil() {
			continue
		}
		for _, src := range ssaval.Sources(ret.Results[0]) {
			if f.isErrorResult(src, 0) {
				return true
			}
		}
	}
	return false
}

func (f *finder) isResult(t types.Type) bool { return f.ssa.SDKs.IsResultPointer(t) }

// setsIsError reports whether a method that makes its receiver a tool
// execution error is called on a.
func (f *finder) setsIsError(a *ssa.Alloc) bool {
	for _, ref := range *a.Referrers() {
		if call, ok := ref.(ssa.CallInstruction); ok {
			ops := ssaval.Operands(call.Common())
			if len(ops) > 0 && ops[0] == ssa.Value(a) && f.roles.Has(ssaval.Callee(call.Common()), roles.SetIsError) {
				return true
			}
		}
	}
	return false
}

// escapeTypes returns the error types whose values fn, a raw handler that
// converts the errors of the call it makes, passes on as protocol errors
// all the same: the types it tests the call's error for (errors.As(err,
// &pe)), when it has a return of one of its SDKs' protocol errors.
func (f *finder) escapeTypes(fn *ssa.Function, call *ssa.Call) []string {
	if names, ok := f.escapesOf[call]; ok {
		return names
	}
	if f.escapesOf == nil {
		f.escapesOf = make(map[*ssa.Call][]string)
	}
	names := f.computeEscapeTypes(fn, call)
	f.escapesOf[call] = names
	return names
}

func (f *finder) computeEscapeTypes(fn *ssa.Function, call *ssa.Call) []string {
	var tested []string
	returnsProtocol := false
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Call:
				row, ok := f.roles.Lookup(ssaval.Callee(instr.Common()))
				ops := ssaval.Operands(instr.Common())
				if !ok || row.Role != roles.ErrorMatch || row.Target >= len(ops) || row.Data >= len(ops) || !holdsErrorOf(ops[row.Data], call) {
					continue
				}
				if name := TypeName(pointee(pointee(argflow.Unwrap(ops[row.Target]).Type()))); name != "" {
					tested = append(tested, name)
				}
			case *ssa.Return:
				if len(instr.Results) > 0 {
					for _, src := range ssaval.Sources(instr.Results[len(instr.Results)-1]) {
						if _, ok := f.protocolError(src.Type()); ok {
							returnsProtocol = true
						}
					}
				}
			}
		}
	}
	if !returnsProtocol {
		return nil
	}
	slices.Sort(tested)
	return slices.Compact(tested)
}

// holdsErrorOf reports whether v is, or is made from, the error result of
// call.
func holdsErrorOf(v ssa.Value, call *ssa.Call) bool {
	for _, src := range ssaval.Sources(v) {
		if c, _ := ssaval.CallOf(src); c == call {
			return true
		}
	}
	return false
}

func (f *finder) protocolError(t types.Type) (string, bool) {
	if _, ok := f.ssa.SDKs.ProtocolError(t); ok {
		return TypeName(pointee(t)), true
	}
	return "", false
}

// pointee returns what pointer type t points to, or nil for any other
// type or none.
func pointee(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	if p, ok := types.Unalias(t).Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return nil
}

// TypeName returns "path.Name" for a named type, "" for any other.
func TypeName(t types.Type) string {
	if t == nil {
		return ""
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return ""
	}
	return named.Obj().Pkg().Path() + "." + named.Obj().Name()
}

func isTrue(v constant.Value, ok bool) bool {
	return ok && v.Kind() == constant.Bool && constant.BoolVal(v)
}
