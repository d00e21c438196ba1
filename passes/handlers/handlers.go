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

	"github.com/mcperrlint/mcperrlint/internal/analysis/mcpssa"
	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

// Result lists the handlers a package's functions are, before the paths
// from its registrations decide which of them reach the client as they
// are (package paths).
type Result struct {
	// Handlers lists the handlers found, in source order.
	Handlers []*Handler

	// Forwards lists, for each function of the package with a
	// function-typed parameter that a raw handler calls and returns the
	// error of, how it does so: the functions its callers pass there,
	// in this package or another, are forwarded.
	Forwards map[*ssa.Function][]ForwardedParam

	// SeedEdges are the forwards found, along which argument values
	// flow to the forwarded functions' parameters, and WrapperSites the
	// sites of the package's wrappers' forwarded parameters: the seeds
	// pass finds, with the summaries, which parameters hold argument
	// values.
	SeedEdges    []SeedEdge
	WrapperSites map[*ssa.Function][]WrapperSite

	finder *finder // for the Wrapper facts of other packages
}

// Forwarded reports whether a raw handler of the package calls the
// function parameter p holds and returns the call's error as its own: p
// may be a parameter of a function literal, which no fact records.
func (r *Result) Forwarded(p ssaval.Param) bool { return r.finder.byParam[p] != nil }

// ForeignForwards returns what the Wrapper fact of fn, a function of
// another package, says its handlers forward.
func (r *Result) ForeignForwards(fn *ssa.Function) []ForwardedParam {
	if w := r.finder.wrapper(fn); w != nil {
		return w.Forwards
	}
	return nil
}

// A Handler is a function whose returned error the SDK answers a tool
// call with, where it runs as a handler: one by its shape or its
// registration, or one a handler forwards the errors of. Which of them
// reach the client as they are, the paths pass decides.
type Handler struct {
	Fn  *ssa.Function
	SDK *sdk.Binding

	// Kind says which returned errors become protocol errors.
	Kind sdk.HandlerKind

	// Seeds are the parameters holding argument values by the handler's
	// shape: a typed handler's input, mcp-go's arguments. What a
	// forwarding handler passes is the seeds pass's to add.
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

	// Body reports that Fn was found as a tool body by its signature
	// (ToolHandler without its registration in this package): a helper,
	// when every caller here handles its error.
	Body bool
}

// Forwarded reports whether h is reached only through other handlers.
func (h *Handler) Forwarded() bool { return !h.Registered && len(h.ForwardedBy) > 0 }

// Find returns the tool handlers of the package whose SSA form prog is,
// knowing what functions mean from table and, through facts, what other
// packages' wrappers do. It reads no summary: which parameters of the
// forwarded functions hold argument values is found afterwards, with the
// summaries the returns are classified with (package seeds).
func Find(prog *mcpssa.Result, table *roles.Table, in Inputs) *Result {
	f := &finder{ssa: prog, roles: table, in: in, wrappers: make(map[*types.Func]*wrapper), byFunc: make(map[*ssa.Function]*Handler), foreign: make(map[paramKey]*Handler)}
	f.findBySignature()
	f.findByRegistration()
	f.findForwarded()

	res := &Result{Forwards: f.forwards, SeedEdges: f.edges, WrapperSites: f.wrapperSites, finder: f}
	for _, fn := range prog.SrcFuncs {
		if h := f.byFunc[fn]; h != nil {
			res.Handlers = append(res.Handlers, h)
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

	// byParam holds the last round's forward sites of each function
	// parameter (findForwarded).
	byParam map[paramKey][]forwardSite

	// edges are the forwards found, along which argument values flow to
	// the forwarded functions' parameters; wrapperSites the sites of the
	// wrappers' forwarded parameters (package seeds).
	edges        []SeedEdge
	edgeSeen     map[SeedEdge]bool
	foreignSrcs  map[foreignKey]*SeedSource
	wrapperSites map[*ssa.Function][]WrapperSite

	forwards map[*ssa.Function][]ForwardedParam

	// foreign holds the stand-ins for other packages' raw handlers.
	foreign map[paramKey]*Handler
}

func (f *finder) findBySignature() {
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
				f.byFunc[fn] = &Handler{Fn: fn, SDK: b, Kind: sdk.Raw, ResultForwarded: true, Body: true}
				break
			}
		}
	}
}

// inputParam returns the parameter after the context and the request.
func inputParam(fn *ssa.Function) *ssa.Parameter {
	i := 2
	if fn.Signature.Recv() != nil {
		i++
	}
	return fn.Params[i]
}
