package handlers

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/valueflow"
)

// recordRecovered finds the function-typed parameters that a raw handler
// of the package calls under a deferred recover of its own: one that
// answers their panics with a tool result (a guard around the handlers it
// is given), in f.recovers, or one that returns them as its error, in
// f.recoversAsError.
func (f *finder) recordRecovered() {
	f.recovers = make(map[*ssa.Function][]int)
	f.recoversAsError = make(map[*ssa.Function][]int)
	for _, fn := range f.ssa.SrcFuncs {
		h := f.byFunc[fn]
		if h == nil || h.Kind != sdk.Raw {
			continue
		}
		var into map[*ssa.Function][]int
		switch f.recovery(fn) {
		case recoversIntoResult:
			into = f.recovers
		case recoversIntoError:
			into = f.recoversAsError
		default:
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				key, ok := calledParam(fn, call.Call.Value)
				if !ok || key.made || key.index < 0 || slices.Contains(into[key.fn], key.index) {
					continue
				}
				into[key.fn] = append(into[key.fn], key.index)
			}
		}
	}
	for _, m := range []map[*ssa.Function][]int{f.recovers, f.recoversAsError} {
		for _, ps := range m {
			slices.Sort(ps)
		}
	}
}

// A recovery is what a function's deferred recover makes of a panic of
// what it calls.
type recovery int

const (
	// noRecovery: the panic goes on up.
	noRecovery recovery = iota
	// recoversIntoResult: it stores an IsError result into the
	// function's result, and no error: the model reads the panic.
	recoversIntoResult
	// recoversIntoError: it stores an error into the function's error
	// result (mcp-go's WithRecovery does so): the panic goes on as
	// that error, a protocol error where the error is one.
	recoversIntoError
)

// recovery returns what fn's deferred recover makes of a panic. One that
// stores neither an error nor an IsError result (a plain text result
// that reads as a success) recovers nothing the model is told of.
func (f *finder) recovery(fn *ssa.Function) recovery {
	if r, ok := f.recoveries[fn]; ok {
		return r
	}
	if f.recoveries == nil {
		f.recoveries = make(map[*ssa.Function]recovery)
	}
	r := f.deferredRecovery(fn)
	f.recoveries[fn] = r
	return r
}

// deferredRecovery is recovery, computed.
func (f *finder) deferredRecovery(fn *ssa.Function) recovery {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			d, ok := instr.(*ssa.Defer)
			if !ok {
				continue
			}
			deferred := FuncValue(d.Call.Value)
			if deferred == nil || deferred.Blocks == nil || !callsRecover(deferred) {
				continue
			}
			switch {
			case storesError(deferred):
				return recoversIntoError
			case f.storesErrorResult(deferred):
				return recoversIntoResult
			}
		}
	}
	return noRecovery
}

// below returns the path of what fn calls on path p, for panics: a
// recover into a result stops them; one into an error turns them into
// fn's error, which goes on as p's errors do.
func (r recovery) below(p path) path {
	switch r {
	case recoversIntoResult:
		return path{}
	case recoversIntoError:
		return path{panicErr: p.raw}
	}
	return path{panics: p.panics, panicErr: p.panicErr}
}

// storesErrorResult reports whether fn stores a tool execution error
// result into a variable it captures.
func (f *finder) storesErrorResult(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			// A method handler's result is the SDK's Result interface.
			st, ok := instr.(*ssa.Store)
			if !ok || !f.isResult(st.Val.Type()) && !types.IsInterface(st.Val.Type()) {
				continue
			}
			if _, captured := st.Addr.(*ssa.FreeVar); captured && f.isErrorResult(st.Val, 0) {
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
func (f *finder) isErrorResult(v ssa.Value, depth int) bool {
	srcs := ssaval.Sources(v)
	for _, src := range srcs {
		switch src := src.(type) {
		case *ssa.Alloc:
			if !f.isResult(src.Type()) || !isTrue(ssaval.StoredConst(src, "IsError")) && !f.setsIsError(src) {
				return false
			}
		case *ssa.Call:
			callee := ssaval.Callee(src.Common())
			if f.ssa.SDKs.IsErrorResultFunc(callee) || f.roles.Has(callee, roles.IsErrorResult) {
				continue
			}
			if fn := src.Call.StaticCallee(); fn == nil || depth >= maxWrapDepth || !f.returnsOnlyErrorResults(valueflow.FuncOf(fn), depth+1) {
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
func (f *finder) returnsOnlyErrorResults(fn *ssa.Function, depth int) bool {
	if fn.Pkg != f.ssa.Pkg || fn.Blocks == nil || fn.Signature.Results().Len() != 1 {
		return false
	}
	returns := 0
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			if !f.isErrorResult(ret.Results[0], depth) {
				return false
			}
			returns++
		}
	}
	return returns > 0
}

// callsRecover reports whether fn calls the builtin recover.
func callsRecover(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok {
				if bi, ok := c.Call.Value.(*ssa.Builtin); ok && bi.Name() == "recover" {
					return true
				}
			}
		}
	}
	return false
}

// storesError reports whether fn stores a non-nil error into a variable it
// captures: the named error result of the function that deferred it.
func storesError(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok || !sdk.IsError(st.Val.Type()) {
				continue
			}
			if _, captured := st.Addr.(*ssa.FreeVar); !captured {
				continue
			}
			if k, ok := st.Val.(*ssa.Const); ok && k.IsNil() {
				continue
			}
			return true
		}
	}
	return false
}

// isFuncType reports whether t is a function type.
func isFuncType(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}
