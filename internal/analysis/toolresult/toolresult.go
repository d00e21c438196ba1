// Package toolresult answers what a package's functions answer a tool
// call with: a result flagged IsError (built by the SDK's helpers, a
// literal that sets the field, a function of the package that returns
// only such results), what a deferred recover makes of a panic, and which
// error types a handler passes on as protocol errors whatever else it
// converts. The paths pass asks these of every wrapper and body on the
// way from a registration.
package toolresult

import (
	"go/constant"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/argflow"
	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/analysis/valueflow"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

// A Reader reads the functions of one package, Pkg, knowing the SDKs it
// can see and what functions mean from the role table.
type Reader struct {
	Pkg   *ssa.Package
	SDKs  sdk.Bindings
	Roles *roles.Table
}

// maxWrapDepth bounds the functions isErrorResult looks through for the
// result they return, deep enough for real code and short enough to stop
// on cycles it does not track.
const maxWrapDepth = 8

// A Recovery is what a function's deferred recover makes of a panic of
// what it calls.
type Recovery int

const (
	// NoRecovery: the panic goes on up.
	NoRecovery Recovery = iota
	// RecoversIntoResult: it stores an IsError result into the
	// function's result, and no error: the model reads the panic.
	RecoversIntoResult
	// RecoversIntoError: it stores an error into the function's error
	// result (mcp-go's WithRecovery does so): the panic goes on as
	// that error, a protocol error where the error is one.
	RecoversIntoError
)

// Recovery returns what fn's deferred recover makes of a panic. One that
// stores neither an error nor an IsError result (a plain text result
// that reads as a success) recovers nothing the model is told of.
func (r Reader) Recovery(fn *ssa.Function) Recovery {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			d, ok := instr.(*ssa.Defer)
			if !ok {
				continue
			}
			deferred := ssaval.FuncValue(d.Call.Value)
			if deferred == nil || deferred.Blocks == nil || !ssaval.CallsRecover(deferred) {
				continue
			}
			switch {
			case ssaval.StoresError(deferred):
				return RecoversIntoError
			case r.storesErrorResult(deferred):
				return RecoversIntoResult
			}
		}
	}
	return NoRecovery
}

// storesErrorResult reports whether fn stores a tool execution error
// result into a variable it captures.
func (r Reader) storesErrorResult(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			// A method handler's result is the SDK's Result interface.
			st, ok := instr.(*ssa.Store)
			if !ok || !r.isResult(st.Val.Type()) && !types.IsInterface(st.Val.Type()) {
				continue
			}
			if _, captured := st.Addr.(*ssa.FreeVar); captured && r.isErrorResult(st.Val, 0) {
				return true
			}
		}
	}
	return false
}

// isErrorResult reports whether every source of v, a tool result, is one
// with IsError set: built by the SDK's error result functions
// (mcp.NewToolResultError), one of the IsErrorResult role or a function
// of the package every return of which is one (toolErr(msg)), or a
// literal with IsError true or marked by SetError.
func (r Reader) isErrorResult(v ssa.Value, depth int) bool {
	srcs := ssaval.Sources(v)
	for _, src := range srcs {
		switch src := src.(type) {
		case *ssa.Alloc:
			if !r.isResult(src.Type()) || !isTrue(ssaval.StoredConst(src, "IsError")) && !r.setsIsError(src) {
				return false
			}
		case *ssa.Call:
			callee := ssaval.Callee(src.Common())
			if r.SDKs.IsErrorResultFunc(callee) || r.Roles.Has(callee, roles.IsErrorResult) {
				continue
			}
			if fn := src.Call.StaticCallee(); fn == nil || depth >= maxWrapDepth || !r.returnsOnlyErrorResults(valueflow.FuncOf(fn), depth+1) {
				return false
			}
		default:
			return false
		}
	}
	return len(srcs) > 0
}

// returnsOnlyErrorResults reports whether fn, a function of the package,
// returns an IsError result from every return.
func (r Reader) returnsOnlyErrorResults(fn *ssa.Function, depth int) bool {
	if fn.Pkg != r.Pkg || fn.Blocks == nil || fn.Signature.Results().Len() != 1 {
		return false
	}
	returns := 0
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			if !r.isErrorResult(ret.Results[0], depth) {
				return false
			}
			returns++
		}
	}
	return returns > 0
}

// ReturnsIsErrorResult reports whether fn has a return of a nil error
// beside a tool result of one of the package's SDKs with IsError set,
// however it is built (isErrorResult).
func (r Reader) ReturnsIsErrorResult(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) < 2 {
			continue
		}
		if k, ok := ret.Results[len(ret.Results)-1].(*ssa.Const); !ok || !k.IsNil() {
			continue
		}
		for _, src := range ssaval.Sources(ret.Results[0]) {
			if r.isErrorResult(src, 0) {
				return true
			}
		}
	}
	return false
}

func (r Reader) isResult(t types.Type) bool { return r.SDKs.IsResultPointer(t) }

// setsIsError reports whether a method that makes its receiver a tool
// execution error is called on a.
func (r Reader) setsIsError(a *ssa.Alloc) bool {
	for _, ref := range *a.Referrers() {
		if call, ok := ref.(ssa.CallInstruction); ok {
			ops := ssaval.Operands(call.Common())
			if len(ops) > 0 && ops[0] == ssa.Value(a) && r.Roles.Has(ssaval.Callee(call.Common()), roles.SetIsError) {
				return true
			}
		}
	}
	return false
}

func (r Reader) EscapeTypes(fn *ssa.Function, call *ssa.Call) []string {
	var tested []string
	returnsProtocol := false
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Call:
				row, ok := r.Roles.Lookup(ssaval.Callee(instr.Common()))
				ops := ssaval.Operands(instr.Common())
				if !ok || row.Role != roles.ErrorMatch || row.Target >= len(ops) || row.Data >= len(ops) || !ssaval.HoldsErrorOf(ops[row.Data], call) {
					continue
				}
				if name := TypeName(pointee(pointee(argflow.Unwrap(ops[row.Target]).Type()))); name != "" {
					tested = append(tested, name)
				}
			case *ssa.Return:
				if len(instr.Results) > 0 {
					for _, src := range ssaval.Sources(instr.Results[len(instr.Results)-1]) {
						if _, ok := r.protocolError(src.Type()); ok {
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

func (r Reader) protocolError(t types.Type) (string, bool) {
	if _, ok := r.SDKs.ProtocolError(t); ok {
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
