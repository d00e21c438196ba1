package paths

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/analysis/toolresult"
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
			if f.recovery(lit) == toolresult.RecoversIntoResult && !slices.Contains(f.recovers[fn], 0) {
				f.recovers[fn] = append(f.recovers[fn], 0)
			}
			if f.results.ReturnsIsErrorResult(lit) {
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
				if key, ok := ssaval.CalledParam(lit, c.Common().Value); ok && key.Fn == fn && key.Index == i && !key.Made {
					return true
				}
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
	names := f.results.EscapeTypes(fn, call)
	f.escapesOf[call] = names
	return names
}
