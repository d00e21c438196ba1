// Package paths follows the paths from a package's registrations to the
// handlers they run, and decides which of the handlers the handlers pass
// found return their errors to the client as they are: a handler given
// only to a wrapper that converts its errors, run only below a recover, or
// made only in dead code is not one, whatever its signature says.
//
// It also finds what the package's wrappers do with the functions they
// are given beyond forwarding them (the handlers pass's fact): which
// parameters' errors their handlers turn into tool results, and whose
// panics they recover, and exports that as a conversion fact for the
// packages that pass functions there.
package paths

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/mcpssa"
	"github.com/mcperrlint/mcperrlint/internal/analysis/toolresult"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
	"github.com/mcperrlint/mcperrlint/internal/report"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
)

// Result lists the package's handlers whose errors reach the client, and
// where its registrations lead.
type Result struct {
	// Handlers lists, in source order, the handlers whose returned
	// errors may reach the client as protocol errors.
	Handlers []*handlers.Handler

	// Converted lists, in source order, the raw handlers left out of
	// Handlers because every use of them hands their errors to a wrapper
	// or a registration that turns errors into tool results: their
	// returns are right, but they still read the call's arguments, and a
	// panic is no returned error (the assertions pass walks them too).
	Converted []*handlers.Handler

	// Converts lists, for each function of the package with
	// function-typed parameters that a raw handler calls without ever
	// returning the call's error as its own, those parameters: a handler
	// given only there returns tool errors.
	Converts map[*ssa.Function][]int

	// Escapes lists, for such a function, the error types whose values
	// its raw handler passes on as protocol errors all the same (a
	// *ProtocolError it finds with errors.As): see Escaping.
	Escapes map[*ssa.Function][]string

	// Recovers lists, for each function of the package with
	// function-typed parameters that a raw handler calls under a deferred
	// recover answering the panic with a tool result, those parameters.
	Recovers map[*ssa.Function][]int

	// RecoversAsError lists, likewise, the parameters whose panics those
	// handlers recover into their own error.
	RecoversAsError map[*ssa.Function][]int

	// Reach is where the package's own registrations lead.
	Reach *Reach

	// Escaping lists, for each handler given only to wrappers that turn
	// its errors into tool results except the values of some error types
	// (by errors.As), which the wrappers pass on as protocol errors, those
	// types: only their values reach the client as such.
	Escaping map[*ssa.Function][]string

	finder *finder // for the conversion facts of other packages
}

// ConvertedParams returns the function-typed parameters of fn, a
// function of this package or, by its conversion fact, another, whose
// functions' errors raw handlers convert into tool errors, and the error
// types that escape the conversion.
func (r *Result) ConvertedParams(fn *ssa.Function) (params []int, escapes []string) {
	if fn.Pkg == r.finder.ssa.Pkg {
		return r.Converts[fn], r.Escapes[fn]
	}
	if c := r.finder.conversion(fn); c != nil {
		return c.Converts, c.Escapes
	}
	return nil, nil
}

// RecoveredParams returns the function-typed parameters of fn, a
// function of this package or, by its conversion fact, another, whose
// functions' panics the handlers or middleware fn makes recover into tool
// results.
func (r *Result) RecoveredParams(fn *ssa.Function) []int {
	if fn.Pkg == r.finder.ssa.Pkg {
		return r.Recovers[fn]
	}
	if c := r.finder.conversion(fn); c != nil {
		return c.Recovers
	}
	return nil
}

// Follow decides which of the handlers hs found reach the client, in the
// package whose SSA form prog is, knowing what functions mean from table
// and, through facts, what other packages' wrappers do.
func Follow(prog *mcpssa.Result, table *roles.Table, hs *handlers.Result, in handlers.Inputs) *Result {
	f := &finder{ssa: prog, roles: table, hs: hs, in: in, results: toolresult.Reader{Pkg: prog.Pkg, SDKs: prog.SDKs, Roles: table}, conversions: make(map[*types.Func]*conversion), escaping: make(map[*ssa.Function][]string), byFunc: make(map[*ssa.Function]*handlers.Handler)}
	for _, h := range hs.Handlers {
		f.byFunc[h.Fn] = h
	}
	f.recordConverted()
	f.dropDeadLiterals()
	f.recordRecovered()
	f.recordConvertingMiddleware()
	f.dropConverted()
	reach := f.computeReach()
	f.dropConvertedByRegistrations(reach)

	res := &Result{Converts: f.converted, Escapes: f.escapes, Escaping: f.escaping, Recovers: f.recovers, RecoversAsError: f.recoversAsError, Reach: reach, finder: f}
	for _, fn := range prog.SrcFuncs {
		if h := f.byFunc[fn]; h != nil {
			res.Handlers = append(res.Handlers, h)
		} else if h := f.dropped[fn]; h != nil {
			res.Converted = append(res.Converted, h)
		}
	}
	return res
}

type finder struct {
	ssa   *mcpssa.Result
	roles *roles.Table
	hs    *handlers.Result
	in    handlers.Inputs

	// results reads what the package's functions answer a call with.
	results toolresult.Reader

	// byFunc holds the handlers not dropped so far.
	byFunc map[*ssa.Function]*handlers.Handler

	// conversions holds the conversion facts read so far, nil for none.
	conversions map[*types.Func]*conversion

	// converted lists the function parameters whose errors the package's
	// raw handlers turn into tool errors, and escapes the error types
	// those handlers pass on as protocol errors all the same.
	converted map[*ssa.Function][]int
	escapes   map[*ssa.Function][]string

	// recovers lists the function parameters whose panics the package's
	// raw handlers recover into tool results.
	recovers map[*ssa.Function][]int

	// recoversAsError lists those whose panics they recover into an error.
	recoversAsError map[*ssa.Function][]int

	// escaping holds Result.Escaping.
	escaping map[*ssa.Function][]string

	// dropped holds the handlers dropped because their errors are
	// converted (Result.Converted).
	dropped map[*ssa.Function]*handlers.Handler

	// impls and named are the package's implementations of interface
	// methods and its named types, made when first needed.
	impls map[*types.Func][]*ssa.Function
	named []*types.Named

	// dead holds the function literals made only in dead code.
	dead map[*ssa.Function]bool

	// returnedCalls holds, for each function asked about, the calls
	// whose errors it returns (ssaval.ErrorCallsReturned): asked of each
	// of a function's calls, each time the reach walk passes it.
	returnedCalls map[*ssa.Function]map[*ssa.Call]bool

	// escapesOf holds escapeTypes' answer for each call asked about: the
	// reach walk asks at every visit of the function that makes it.
	escapesOf map[*ssa.Call][]string

	// recoveries holds what each function's deferred recover makes of a
	// panic, once asked: the walk asks at every visit.
	recoveries map[*ssa.Function]toolresult.Recovery
}

// Func describes h, a handler of the package, for a report of a finding
// in it.
func (r *Result) Func(h *handlers.Handler) *report.Func {
	f := report.NewFunc(h.Fn, h.SDK, h.Kind)
	f.Forwarded = h.Forwarded()
	f.ResultForwarded, f.ResultDroppedBy = h.ResultForwarded, h.ResultDroppedBy
	f.Marked = len(r.Escaping[h.Fn]) > 0
	return f
}

// drop removes fn from the handlers; converted says why: its errors
// are turned into tool results, rather than it being a helper.
func (f *finder) drop(fn *ssa.Function, converted bool) {
	if converted {
		if f.dropped == nil {
			f.dropped = make(map[*ssa.Function]*handlers.Handler)
		}
		f.dropped[fn] = f.byFunc[fn]
	}
	delete(f.byFunc, fn)
}
