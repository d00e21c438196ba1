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
// their summaries (package errorigin).
package handlers

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/passes/config"
	"github.com/mcperrlint/mcperrlint/passes/internal/argflow"
	"github.com/mcperrlint/mcperrlint/passes/mcpssa"
	"github.com/mcperrlint/mcperrlint/passes/sdk"
)

// Result lists a package's handlers in source order.
type Result struct {
	Handlers []*Handler
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
	// also returns Fn's first result as its own.
	ResultForwarded bool
}

// Forwarded reports whether h is reached only through other handlers.
func (h *Handler) Forwarded() bool { return !h.Registered && len(h.ForwardedBy) > 0 }

// Find returns the tool handlers of the package whose SSA form prog is,
// knowing the user's functions in funcs.
func Find(prog *mcpssa.Result, funcs *config.Functions) *Result {
	f := &finder{ssa: prog, funcs: funcs, byFunc: make(map[*ssa.Function]*Handler)}
	f.findBySignature()
	f.findByRegistration()
	f.findForwarded()

	res := &Result{}
	for _, fn := range prog.SrcFuncs {
		if h := f.byFunc[fn]; h != nil {
			res.Handlers = append(res.Handlers, h)
		}
	}
	return res
}

type finder struct {
	ssa    *mcpssa.Result
	funcs  *config.Functions
	byFunc map[*ssa.Function]*Handler
}

func (f *finder) findBySignature() {
	for _, fn := range f.ssa.SrcFuncs {
		for _, b := range f.ssa.SDKs {
			if shape, ok := b.MatchShape(fn.Signature); ok {
				h := &Handler{Fn: fn, SDK: b, Kind: shape.Kind, Registered: true, ResultForwarded: true}
				if shape.Input {
					h.Seeds = append(h.Seeds, inputParam(fn))
				}
				f.byFunc[fn] = h
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

func (f *finder) findByRegistration() {
	f.eachCall(func(_ *ssa.Function, call *ssa.CallCommon) {
		callee := argflow.Callee(call)
		if callee == nil {
			return
		}
		for _, b := range f.ssa.SDKs {
			for _, shape := range b.RegistrarShapes(callee) {
				if shape.RegistrarParam >= len(call.Args) {
					continue
				}
				fn := funcValue(call.Args[shape.RegistrarParam])
				if fn == nil || fn.Pkg != f.ssa.Pkg || !b.HasShape(fn.Signature, shape) {
					continue
				}
				if f.byFunc[fn] == nil {
					h := &Handler{Fn: fn, SDK: b, Kind: shape.Kind, Registered: true, ResultForwarded: true}
					if shape.Input {
						h.Seeds = append(h.Seeds, inputParam(fn))
					}
					f.byFunc[fn] = h
				}
			}
		}
	})
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

// funcValue returns the function a value denotes, looking through
// closures, conversions and the wrappers of method values, or nil.
func funcValue(v ssa.Value) *ssa.Function {
	for {
		switch x := v.(type) {
		case *ssa.Function:
			if x.Origin() != nil {
				return x.Origin()
			}
			// A method value x.m is a closure over a synthetic "bound"
			// wrapper that belongs to no package; its object is m.
			if m, ok := x.Object().(*types.Func); ok && x.Synthetic != "" && m.Signature().Recv() != nil {
				if fn := x.Prog.FuncValue(m); fn != nil && fn != x {
					return fn
				}
			}
			return x
		case *ssa.MakeClosure:
			v = x.Fn
		case *ssa.ChangeType:
			v = x.X
		case *ssa.MakeInterface:
			v = x.X
		default:
			return nil
		}
	}
}

// A forwardSite is a call in a raw handler whose error result the handler
// returns as its own.
type forwardSite struct {
	from       *Handler
	call       *ssa.CallCommon
	seeds      []int // indexes of arguments holding argument values
	resultFlow bool  // the handler also returns the call's first result
}

// paramKey names a function-typed parameter of a wrapper function.
type paramKey struct {
	fn    *ssa.Function
	index int
}

func (f *finder) findForwarded() {
	// Iterate to a fixed point: forwarded functions forward in turn, and
	// seeds found later can add argument values to earlier sites.
	for round := 0; round < 8; round++ {
		changed := false
		byParam := make(map[paramKey][]forwardSite)
		for _, fn := range f.ssa.SrcFuncs {
			h := f.byFunc[fn]
			if h == nil || h.Kind != sdk.Raw {
				continue
			}
			for _, site := range forwardSites(h, f.funcs) {
				if key, ok := calledParam(h.Fn, site.call.Value); ok {
					byParam[key] = append(byParam[key], site)
				} else if target := site.call.StaticCallee(); target != nil {
					changed = f.forward(funcValue(target), site) || changed
				}
			}
		}
		// A wrapper's function parameter is forwarded: the functions its
		// callers pass there are.
		f.eachCall(func(_ *ssa.Function, call *ssa.CallCommon) {
			callee := call.StaticCallee()
			if callee == nil {
				return
			}
			callee = funcValue(callee)
			for key, sites := range byParam {
				if key.fn != callee || key.index >= len(call.Args) {
					continue
				}
				if target := funcValue(call.Args[key.index]); target != nil {
					for _, site := range sites {
						changed = f.forward(target, site) || changed
					}
				}
			}
		})
		if !changed {
			return
		}
	}
}

// forward records that site forwards target's errors, and reports whether
// that changed anything.
func (f *finder) forward(target *ssa.Function, site forwardSite) bool {
	if target == nil || target.Pkg != f.ssa.Pkg || target.Blocks == nil || target == site.from.Fn {
		return false
	}
	// Only a function that returns the tool result itself is checked like
	// a handler: the fix for its errors belongs in it. A helper that
	// returns only an error, or values and an error, is summarized, and
	// reported at the handler's return that passes its error on.
	if results := target.Signature.Results(); results.Len() < 2 || !site.from.SDK.IsResultPointer(results.At(0).Type()) {
		return false
	}
	h := f.byFunc[target]
	changed := false
	if h == nil {
		h = &Handler{Fn: target, SDK: site.from.SDK, Kind: sdk.Raw, ResultForwarded: true}
		f.byFunc[target] = h
		changed = true
	}
	if h.Kind != sdk.Raw {
		// A typed function called by a raw wrapper: its signature made
		// it look registered, but its errors are forwarded raw.
		h.Kind, h.Registered = sdk.Raw, false
		changed = true
	}
	known := false
	for _, from := range h.ForwardedBy {
		known = known || from == site.from
	}
	if !known {
		h.ForwardedBy = append(h.ForwardedBy, site.from)
		h.ResultForwarded = h.ResultForwarded && site.resultFlow
		changed = true
	}
	// A method reached through a method value takes its receiver as an
	// extra first parameter that the call does not pass.
	offset := len(target.Params) - len(site.call.Args)
	for _, i := range site.seeds {
		if p := i + offset; p >= 0 && p < len(target.Params) && !slices.Contains(h.Seeds, target.Params[p]) {
			h.Seeds = append(h.Seeds, target.Params[p])
			changed = true
		}
	}
	return changed
}

// forwardSites returns the calls whose error result h returns unchanged.
func forwardSites(h *Handler, funcs *config.Functions) []forwardSite {
	flow := argflow.New(h.Fn, []*sdk.Binding{h.SDK}, funcs, h.Seeds)
	var sites []forwardSite
	seen := make(map[*ssa.Call]int)
	for _, b := range h.Fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		errVal := ret.Results[len(ret.Results)-1]
		var first []ssa.Value
		if len(ret.Results) > 1 {
			first = argflow.Sources(ret.Results[0])
		}
		for _, src := range argflow.Sources(errVal) {
			call, _ := argflow.CallOf(src)
			if call == nil || flow.Classify(call.Common()).Kind != argflow.Other {
				continue
			}
			resultFlow := false
			for _, v := range first {
				if c, i := argflow.CallOf(v); c == call && i == 0 {
					resultFlow = true
				}
			}
			if i, dup := seen[call]; dup {
				sites[i].resultFlow = sites[i].resultFlow || resultFlow
				continue
			}
			site := forwardSite{from: h, call: call.Common(), resultFlow: resultFlow}
			for i, arg := range call.Common().Args {
				if flow.Taint(arg)&argflow.ArgValue != 0 {
					site.seeds = append(site.seeds, i)
				}
			}
			seen[call] = len(sites)
			sites = append(sites, site)
		}
	}
	return sites
}

func paramIndex(fn *ssa.Function, p *ssa.Parameter) int {
	for i, q := range fn.Params {
		if q == p {
			return i
		}
	}
	return -1
}

// calledParam resolves a called function value to the function-typed
// parameter it holds: a parameter of fn, or, for a closure, a parameter of
// the enclosing function that the closure captured.
func calledParam(fn *ssa.Function, v ssa.Value) (paramKey, bool) {
	switch x := v.(type) {
	case *ssa.Parameter:
		return paramKey{fn, paramIndex(fn, x)}, true
	case *ssa.UnOp: // a captured variable is loaded from its cell
		if fv, ok := x.X.(*ssa.FreeVar); ok {
			return capturedParam(fn, fv)
		}
	case *ssa.FreeVar:
		return capturedParam(fn, x)
	}
	return paramKey{}, false
}

// capturedParam finds the parameter of the enclosing function that a
// closure's free variable captures, directly or through the variable's
// cell.
func capturedParam(fn *ssa.Function, fv *ssa.FreeVar) (paramKey, bool) {
	parent := fn.Parent()
	index := slices.Index(fn.FreeVars, fv)
	if parent == nil || index < 0 {
		return paramKey{}, false
	}
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
			if p, ok := binding.(*ssa.Parameter); ok {
				return paramKey{parent, paramIndex(parent, p)}, true
			}
		}
	}
	return paramKey{}, false
}
