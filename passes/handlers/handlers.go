// Package handlers finds the MCP tool handlers of a package, and the
// functions whose errors those handlers forward.
//
// A handler is found by its signature (a raw go-sdk ToolHandler, a typed
// ToolHandlerFor, an mcp-go ToolHandlerFunc), wherever it is defined:
// declared functions, methods, function literals in factories, generic
// wrappers, struct fields or maps. Shapes that only mean a handler when
// registered (mcp-go's NewTypedToolHandler) are found at the registration.
//
// A function that returns a tool result is forwarded when a raw handler
// returns its error result as its own (return f(...), or res, err :=
// f(...); return res, err), directly or through a function-typed parameter
// of a wrapper (the common generic wrapper that decodes arguments and then
// calls the typed function it was given). Its errors reach the client as
// protocol errors too. Helpers that return no tool result are left to
// their summaries (package summaries).
package handlers

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/argflow"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/mcpssa"
)

// Result lists a package's handlers in source order.
type Result struct {
	Handlers []*Handler

	// Forwards lists, for each function of the package with a
	// function-typed parameter that a raw handler calls and returns the
	// error of, how it does so: the functions its callers pass there,
	// in this package or another, are forwarded.
	Forwards map[*ssa.Function][]ForwardedParam

	// Converts lists, for each function of the package with
	// function-typed parameters that a raw handler calls without ever
	// returning the call's error as its own, those parameters: a handler
	// given only there returns tool errors.
	Converts map[*ssa.Function][]int

	// Escapes lists, for such a function, the error types whose values
	// its raw handler passes on as protocol errors all the same (a
	// *ProtocolError it finds with errors.As): see Handler.Escapes.
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

	// Converted lists, in source order, the raw handlers left out of
	// Handlers because every use of them hands their errors to a wrapper
	// or a registration that turns errors into tool results: their
	// returns are right, but they still read the call's arguments, and a
	// panic is no returned error (assertions.go walks them too).
	Converted []*Handler

	finder *finder // for the Wrapper facts of other packages
}

// ConvertedParams returns the function-typed parameters of fn, a
// function of this package or, by its Wrapper fact, another, whose
// functions' errors raw handlers convert into tool errors, and the error
// types that escape the conversion.
func (r *Result) ConvertedParams(fn *ssa.Function) (params []int, escapes []string) {
	if fn.Pkg == r.finder.ssa.Pkg {
		return r.Converts[fn], r.Escapes[fn]
	}
	if w := r.finder.wrapper(fn); w != nil {
		return w.Converts, w.Escapes
	}
	return nil, nil
}

// RecoveredParams returns the function-typed parameters of fn, a
// function of this package or, by its Wrapper fact, another, whose
// functions' panics the handlers or middleware fn makes recover into tool
// results.
func (r *Result) RecoveredParams(fn *ssa.Function) []int {
	if fn.Pkg == r.finder.ssa.Pkg {
		return r.Recovers[fn]
	}
	if w := r.finder.wrapper(fn); w != nil {
		return w.Recovers
	}
	return nil
}

// A Handler is a function whose returned error reaches an MCP client.
type Handler struct {
	Fn  *ssa.Function
	SDK *sdk.Binding

	// Kind says which returned errors become protocol errors.
	Kind sdk.HandlerKind

	// Seeds are the parameters holding argument values: a typed handler's
	// input, or what a forwarding handler passed.
	Seeds []*ssa.Parameter

	// Registered reports that Fn is a handler in its own right (by its
	// signature or its registration), not only through forwarding.
	Registered bool

	// ForwardedBy lists the handlers that return Fn's error as their own.
	ForwardedBy []*Handler

	// ResultForwarded reports that a tool error result Fn returns reaches
	// the client: Fn is registered itself, or every forwarding handler
	// also returns Fn's first result as its own when Fn's error is nil.
	ResultForwarded bool

	// ResultDroppedBy names a forwarding function that does not return
	// Fn's result, when ResultForwarded is false.
	ResultDroppedBy string

	// Escapes, when set, says that Fn is given only to wrappers that turn
	// its errors into tool results, except the values of these error
	// types (by errors.As), which the wrappers pass on as protocol
	// errors: only those reach the client as such.
	Escapes []string
}

// Forwarded reports whether h is reached only through other handlers.
func (h *Handler) Forwarded() bool { return !h.Registered && len(h.ForwardedBy) > 0 }

// Find returns the tool handlers of the package whose SSA form prog is,
// knowing what functions mean from table and, through facts, what other
// packages' wrappers do. It reads no summary: which parameters of the
// forwarded functions hold argument values is found afterwards, with the
// summaries the returns are classified with (Result.Seed).
func Find(prog *mcpssa.Result, table *roles.Table, in Inputs) *Result {
	f := &finder{ssa: prog, roles: table, in: in, wrappers: make(map[*types.Func]*wrapper), byFunc: make(map[*ssa.Function]*Handler), foreign: make(map[paramKey]*Handler)}
	f.findBySignature()
	f.findByRegistration()
	f.findForwarded()
	f.dropDeadLiterals()
	f.recordRecovered()
	f.recordConvertingMiddleware()
	f.dropConverted()
	reach := f.computeReach()
	f.dropConvertedByRegistrations(reach)

	res := &Result{Forwards: f.forwards, Converts: f.converted, Escapes: f.escapes, Recovers: f.recovers, RecoversAsError: f.recoversAsError, Reach: reach, finder: f}
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
	ssa    *mcpssa.Result
	roles  *roles.Table
	in     Inputs
	byFunc map[*ssa.Function]*Handler

	// wrappers holds the Wrapper facts read so far, nil for none.
	wrappers map[*types.Func]*wrapper

	// sites holds each raw handler's forward sites.
	sites map[*Handler][]localSite

	// edges are the forwards found, along which argument values flow to
	// the forwarded functions' parameters; wrapperSites the sites of the
	// wrappers' forwarded parameters (see Seed).
	edges        []seedEdge
	edgeSeen     map[seedEdge]bool
	foreignSrcs  map[foreignKey]*seedSource
	wrapperSites map[*ssa.Function][]wrapperSite
	flowOf       func(*Handler) *argflow.Func
	flows        map[*Handler]seededFlow
	importSeeds  func(*types.Func) []ForwardedParam

	// bodies are the handlers found as tool bodies by their signature.
	bodies map[*ssa.Function]bool

	forwards map[*ssa.Function][]ForwardedParam

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

	// foreign holds the stand-ins for other packages' raw handlers.
	foreign map[paramKey]*Handler

	// dropped holds the handlers dropped because their errors are
	// converted (Result.Converted).
	dropped map[*ssa.Function]*Handler

	// impls and named are the package's implementations of interface
	// methods and its named types, made when first needed.
	impls map[*types.Func][]*ssa.Function
	named []*types.Named

	// dead holds the function literals made only in dead code.
	dead map[*ssa.Function]bool

	// escapesOf holds escapeTypes' answer for each call asked about: the
	// reach walk asks at every visit of the function that makes it.
	escapesOf map[*ssa.Call][]string

	// recoveries holds what each function's deferred recover makes of a
	// panic, once asked: the walk asks at every visit.
	recoveries map[*ssa.Function]recovery
}

// drop removes fn from the handlers; converted says why: its errors
// are turned into tool results, rather than it being a helper.
func (f *finder) drop(fn *ssa.Function, converted bool) {
	if converted {
		if f.dropped == nil {
			f.dropped = make(map[*ssa.Function]*Handler)
		}
		f.dropped[fn] = f.byFunc[fn]
	}
	delete(f.byFunc, fn)
}

func (f *finder) findBySignature() {
	f.bodies = make(map[*ssa.Function]bool)
	for _, fn := range f.ssa.SrcFuncs {
		for _, b := range f.ssa.SDKs {
			if shape, ok := b.MatchShape(fn.Signature); ok {
				h := &Handler{Fn: fn, SDK: b, Kind: shape.Kind, Registered: true, ResultForwarded: true}
				if shape.Input {
					h.Seeds = append(h.Seeds, inputParam(fn))
				}
				if shape.Arguments {
					h.Seeds = append(h.Seeds, fn.Params[len(fn.Params)-1])
				}
				f.byFunc[fn] = h
				break
			}
			if fn.Parent() == nil && b.IsToolBody(fn.Signature) {
				// Not Registered: a body forwarded in this package is
				// named as such; one called from another is a handler.
				f.byFunc[fn] = &Handler{Fn: fn, SDK: b, Kind: sdk.Raw, ResultForwarded: true}
				f.bodies[fn] = true
				break
			}
		}
	}
}
