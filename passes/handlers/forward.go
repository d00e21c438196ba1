package handlers

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/argflow"
	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

// A forwardSite is a call in a raw handler whose error result the handler
// returns as its own.
type forwardSite struct {
	// from is the handler; for a wrapper of another package, a stand-in
	// with no function.
	from       *Handler
	args       int  // how many arguments the call passes
	resultFlow bool // the handler also returns the call's first result
	// via names the function that forwards: the handler's, or for a
	// wrapper of another package, the wrapper's.
	via string
	// src is where the seeds of the forward come from: which arguments
	// of the call hold argument values, the seeds pass tells.
	src *SeedSource
}

// A paramKey names a function-typed parameter of a wrapper function,
// with the method called when it is an interface.
type paramKey = ssaval.Param

// findForwarded iterates to a fixed point: forwarded functions forward in
// turn. Every round only adds handlers and forwarders, and turns typed
// handlers raw, never back, so it converges. Which functions are
// forwarded does not depend on which arguments hold argument values:
// those are found afterwards, along the edges recorded here (package seeds).
func (f *finder) findForwarded() {
	for {
		changed := false
		byParam := make(map[paramKey][]forwardSite)
		for _, fn := range f.ssa.SrcFuncs {
			h := f.byFunc[fn]
			if h == nil || h.Kind != sdk.Raw {
				continue
			}
			for _, site := range f.cachedForwardSites(h) {
				if key, ok := ssaval.CalledParamOf(h.Fn, site.call); ok {
					byParam[key] = append(byParam[key], site.forwardSite)
				} else if target := site.call.StaticCallee(); target != nil {
					changed = f.forward(ssaval.FuncValue(target), site.forwardSite) || changed
				}
			}
		}
		f.recordForwards(byParam)
		f.byParam = byParam
		// A wrapper's function parameter is forwarded: the functions its
		// callers pass there are, in this package or, through facts,
		// another.
		f.eachCall(func(_ *ssa.Function, call *ssa.CallCommon) {
			callee := call.StaticCallee()
			if callee == nil {
				return
			}
			callee = ssaval.FuncValue(callee)
			for key, sites := range byParam {
				if key.Fn != callee || key.Index >= len(call.Args) {
					continue
				}
				if target := f.passedTarget(call.Args[key.Index], key, byParam); target != nil {
					for _, site := range sites {
						changed = f.forward(target, site) || changed
					}
				}
			}
			if callee.Pkg == f.ssa.Pkg {
				return
			}
			w := f.wrapper(callee)
			if w == nil {
				return
			}
			for _, fp := range w.Forwards {
				from := f.foreignHandler(callee, fp)
				if from == nil || fp.Param >= len(call.Args) {
					continue
				}
				if target := f.passedTarget(call.Args[fp.Param], paramKey{Fn: callee, Index: fp.Param, Made: fp.Made, Method: fp.Method}, byParam); target != nil {
					site := forwardSite{from: from, args: fp.Args, resultFlow: fp.ResultFlow, via: qualifiedName(callee), src: f.foreignSource(from, callee, fp)}
					changed = f.forward(target, site) || changed
				}
			}
		})
		if !changed {
			return
		}
	}
}

// foreignHandler returns the stand-in for the raw handler of another
// package that forwards parameter fp.Param of wrapper, the same one each
// time it is asked, or nil when this package cannot see that SDK.
func (f *finder) foreignHandler(wrapper *ssa.Function, fp ForwardedParam) *Handler {
	key := paramKey{Fn: wrapper, Index: fp.Param, Made: fp.Made, Method: fp.Method}
	if h, ok := f.foreign[key]; ok {
		return h
	}
	var h *Handler
	if b := f.ssa.SDKs.Named(fp.SDK); b != nil {
		h = &Handler{SDK: b, Kind: sdk.Raw, Registered: true}
	}
	f.foreign[key] = h
	return h
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
	// reported at the handler's return that passes its error on; so is
	// one given an error (toolError(msg, err)), whose summary tells
	// whether it passes that error on.
	if results := target.Signature.Results(); results.Len() < 2 || !site.from.SDK.IsResultPointer(results.At(0).Type()) {
		return false
	}
	for _, p := range target.Params {
		if sdk.IsError(p.Type()) {
			return false
		}
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
	if !slices.Contains(h.ForwardedBy, site.from) {
		h.ForwardedBy = append(h.ForwardedBy, site.from)
		if h.ResultForwarded && !site.resultFlow {
			h.ResultForwarded, h.ResultDroppedBy = false, site.via
		}
		changed = true
	}
	f.addEdge(SeedEdge{Source: site.src, Target: h, Offset: len(target.Params) - site.args})
	return changed
}

// A localSite is a forwardSite in this package, with its call.
type localSite struct {
	forwardSite
	call *ssa.CallCommon
}

// cachedForwardSites returns forwardSites(h), computed once: the rounds
// of findForwarded ask for every handler's sites each time.
func (f *finder) cachedForwardSites(h *Handler) []localSite {
	if sites, ok := f.sites[h]; ok {
		return sites
	}
	sites := f.forwardSites(h)
	if f.sites == nil {
		f.sites = make(map[*Handler][]localSite)
	}
	f.sites[h] = sites
	return sites
}

// forwardSites returns the calls whose error result h returns unchanged.
func (f *finder) forwardSites(h *Handler) []localSite {
	// Which calls these are is decided by the role table alone: a call
	// the summaries would tell more of is a call of the package's own
	// function, forwarded all the same.
	flow := argflow.New(h.Fn, sdk.Bindings{h.SDK}, f.roles, nil)
	// A wrapper that returns the call's result when the call's error is
	// nil passes on the tool error result that replaces the error.
	resultReturned := make(map[*ssa.Call]bool)
	for _, b := range h.Fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > 1 {
			for _, v := range ssaval.Sources(ret.Results[0]) {
				if c, i := ssaval.CallOf(v); c != nil && i == 0 {
					resultReturned[c] = true
				}
			}
		}
	}
	var sites []localSite
	seen := make(map[*ssa.Call]int)
	for _, b := range h.Fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		for _, call := range returnedCalls(flow, ret.Results[len(ret.Results)-1]) {
			resultFlow := resultReturned[call]
			if i, dup := seen[call]; dup {
				sites[i].resultFlow = sites[i].resultFlow || resultFlow
				continue
			}
			src := &SeedSource{From: h, Call: call.Common()}
			site := localSite{forwardSite{from: h, args: len(call.Common().Args), resultFlow: resultFlow, via: outerName(h.Fn), src: src}, call.Common()}
			seen[call] = len(sites)
			sites = append(sites, site)
		}
	}
	return sites
}

// returnedCalls returns the calls whose error errVal may be: returned as
// it is, through a named result, or wrapped by an error constructor
// (fmt.Errorf("tool failed: %w", err)), which the SDK answers with a
// protocol error all the same.
func returnedCalls(flow *argflow.Func, errVal ssa.Value) []*ssa.Call {
	var calls []*ssa.Call
	seen, found := make(map[ssa.Value]bool), make(map[*ssa.Call]bool)
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		for _, src := range ssaval.Sources(v) {
			if seen[src] {
				continue
			}
			seen[src] = true
			// return h(ctx, req) below a recover returns through a
			// named result.
			if stores, ok := ssaval.NamedResultStores(src); ok {
				if depth < maxWrapDepth {
					for _, st := range stores {
						walk(st, depth+1)
					}
				}
				continue
			}
			call, _ := ssaval.CallOf(src)
			if call == nil || found[call] {
				continue
			}
			found[call] = true
			switch flow.Classify(call.Common()).Kind {
			case argflow.Other, argflow.Summarized:
				calls = append(calls, call)
			case argflow.ErrorConstructor:
				if depth < maxWrapDepth {
					for _, op := range ssaval.Operands(call.Common()) {
						if sdk.IsError(op.Type()) || types.IsInterface(op.Type()) {
							walk(op, depth+1)
						}
					}
				}
			}
		}
	}
	walk(errVal, 0)
	return calls
}

// passedTarget returns the function a call argument passes to parameter
// key whose errors the wrapper forwards: the argument's function
// (passedFunc), or, for an interface whose method the wrapper calls, the
// function the concrete value's method forwards in turn, when that method
// is one of this package's that forwards its receiver's function
// (forwardFunc(body).Call returns body's errors; a method that converts
// them forwards nothing).
func (f *finder) passedTarget(arg ssa.Value, key paramKey, byParam map[paramKey][]forwardSite) *ssa.Function {
	if key.Method == "" {
		return passedFunc(arg, key)
	}
	mi, ok := arg.(*ssa.MakeInterface)
	if !ok || !token.IsExported(key.Method) {
		return nil
	}
	m := f.ssa.Pkg.Prog.LookupMethod(mi.X.Type(), nil, key.Method)
	if m == nil || m.Pkg != f.ssa.Pkg || len(m.Params) == 0 {
		return nil
	}
	recv := paramKey{Fn: m, Index: 0}
	if byParam[recv] == nil {
		return nil
	}
	return passedFunc(mi.X, recv)
}

// passedFunc returns the function a call argument passes to parameter key:
// the argument's function, or the one that function makes.
func passedFunc(arg ssa.Value, key paramKey) *ssa.Function {
	fn := ssaval.FuncValue(arg)
	if fn == nil || !key.Made {
		return fn
	}
	var made *ssa.Function
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		g := ssaval.FuncValue(ret.Results[0])
		if g == nil || made != nil && made != g {
			return nil
		}
		made = g
	}
	return made
}
