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
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/argflow"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/mcpssa"
	"github.com/mcperrlint/mcperrlint/internal/sorted"
	"github.com/mcperrlint/mcperrlint/internal/valueflow"
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
// knowing what functions mean from table and, through facts, what the
// package's own helpers and other packages' wrappers do: whether a value
// passed to a forwarded function holds argument values is decided with
// the same summaries that classify the returns.
func Find(prog *mcpssa.Result, table *roles.Table, in Inputs) *Result {
	f := &finder{ssa: prog, roles: table, in: in, wrappers: make(map[*types.Func]*Wrapper), byFunc: make(map[*ssa.Function]*Handler), foreign: make(map[paramKey]*Handler)}
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
	wrappers map[*types.Func]*Wrapper

	// sites holds each raw handler's forward sites.
	sites map[*Handler]cachedSites

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

// dropConverted drops the handlers whose errors never reach the client
// as they are:
//   - a tool body found by its signature whose every caller here handles
//     its error (res, err := body(...); if err != nil { return
//     mcp.NewToolResultError(...), nil }): it is a helper of those callers;
//   - a function with a handler's signature that is only ever given to
//     wrappers that turn its errors into tool errors
//     (s.AddTool(tool, WithToolErrors(handler))).
//
// A function used in any other way (registered, stored, called by a raw
// handler that returns its error), or not used in its package at all, is
// kept: another package may register it.
func (f *finder) dropConverted() {
	for fn, u := range f.usesOfHandlers() {
		h := f.byFunc[fn]
		if len(h.ForwardedBy) > 0 || u.other {
			continue
		}
		switch {
		case u.converted && len(u.escapes) > 0:
			h.Escapes = u.escapes
		case u.converted || f.bodies[fn] && u.called:
			f.drop(fn, u.converted)
		}
	}
}

// A handlerUse sums up how the package uses a raw handler's function.
type handlerUse struct {
	called    bool     // called directly
	converted bool     // given to a wrapper that converts its errors
	escapes   []string // the error types such wrappers pass on
	other     bool     // used in any other way
}

// usesOfHandlers returns how the package uses each raw handler that is
// registered or a tool body.
func (f *finder) usesOfHandlers() map[*ssa.Function]*handlerUse {
	uses := make(map[*ssa.Function]*handlerUse)
	for fn, h := range f.byFunc {
		if h.Kind == sdk.Raw && (h.Registered || f.bodies[fn]) {
			uses[fn] = new(handlerUse)
		}
	}
	for _, fn := range f.ssa.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				rands := instr.Operands(nil)
				if c, ok := instr.(ssa.CallInstruction); ok {
					if callee, ok := c.Common().Value.(*ssa.Function); ok && uses[callee] != nil {
						uses[callee].called = true
						rands = rands[1:] // the callee is not a use of its value
					}
				}
				for _, op := range rands {
					if g, ok := (*op).(*ssa.Function); ok && uses[g] != nil {
						f.valueUse(uses[g], g, instr)
					}
				}
			}
		}
	}
	return uses
}

// valueUse records in u what instr does with v, a handler's function
// value or a conversion of it.
func (f *finder) valueUse(u *handlerUse, v ssa.Value, instr ssa.Instruction) {
	switch instr := instr.(type) {
	case *ssa.ChangeType, *ssa.MakeInterface, *ssa.MakeClosure:
		for _, ref := range *instr.(ssa.Value).Referrers() {
			f.valueUse(u, instr.(ssa.Value), ref)
		}
		return
	case ssa.CallInstruction:
		if i := slices.Index(instr.Common().Args, v); i >= 0 {
			if ok, escapes := f.converts(instr.Common(), i); ok {
				u.converted = true
				u.escapes = sorted.Union(u.escapes, escapes)
				return
			}
		}
	case *ssa.DebugRef:
		return
	}
	u.other = true
}

// converts reports whether the function call passes in argument i is one
// whose errors a raw handler turns into tool errors, in this package or,
// by its fact, another, and which error types escape that.
func (f *finder) converts(call *ssa.CallCommon, i int) (bool, []string) {
	callee := call.StaticCallee()
	if callee == nil {
		return false, nil
	}
	callee = FuncValue(callee)
	if callee.Pkg == f.ssa.Pkg {
		return slices.Contains(f.converted[callee], i), f.escapes[callee]
	}
	if w := f.wrapper(callee); w != nil {
		return slices.Contains(w.Converts, i), w.Escapes
	}
	return false, nil
}

// recordConverted finds the function-typed parameters that a raw handler
// calls without ever returning the call's error as its own.
func (f *finder) recordConverted(forwarded map[paramKey][]forwardSite) {
	f.converted = make(map[*ssa.Function][]int)
	f.escapes = make(map[*ssa.Function][]string)
	for _, fn := range f.ssa.SrcFuncs {
		// A typed handler that converts the errors of the typed function
		// it is given converts the protocol errors the SDK would not.
		h := f.byFunc[fn]
		if h == nil {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || !sdk.ReturnsError(call.Call.Signature()) {
					continue
				}
				key, ok := calledParam(fn, call.Call.Value)
				// A literal's parameters are recorded too (a middleware
				// a factory returns); only declared functions' reach
				// other packages, through their summaries.
				if !ok || key.made || key.index < 0 || forwarded[key] != nil {
					continue
				}
				if returnsErrorOf(fn, call) {
					continue // wrapped, not converted: fmt.Errorf("%s: %w", name, err)
				}
				if !slices.Contains(f.converted[key.fn], key.index) {
					f.converted[key.fn] = append(f.converted[key.fn], key.index)
				}
				f.escapes[key.fn] = sorted.Union(f.escapes[key.fn], f.escapeTypes(fn, call))
			}
		}
	}
	for _, ps := range f.converted {
		slices.Sort(ps)
	}
}

// returnsErrorOf reports whether an error fn returns may hold the error
// result of call, as it is or wrapped by the calls that make the error.
func returnsErrorOf(fn *ssa.Function, call *ssa.Call) bool {
	seen := make(map[ssa.Value]bool)
	var holds func(v ssa.Value, depth int) bool
	holds = func(v ssa.Value, depth int) bool {
		for _, src := range argflow.Sources(v) {
			if seen[src] || depth > maxWrapDepth {
				continue
			}
			seen[src] = true
			if stores, ok := namedResultStores(src); ok {
				for _, v := range stores {
					if holds(v, depth+1) {
						return true
					}
				}
				continue
			}
			c, _ := argflow.CallOf(src)
			if c == nil {
				continue
			}
			if c == call {
				return true
			}
			for _, op := range argflow.Operands(c.Common()) {
				if holds(op, depth+1) {
					return true
				}
			}
		}
		return false
	}
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > 0 {
			if holds(ret.Results[len(ret.Results)-1], 0) {
				return true
			}
		}
	}
	return false
}

// loadedCell returns the local variable v is loaded from, and the load,
// or nil.
func loadedCell(v ssa.Value) (*ssa.Alloc, *ssa.UnOp) {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		if cell, ok := u.X.(*ssa.Alloc); ok {
			return cell, u
		}
	}
	return nil, nil
}

// namedResultStores returns, when v loads a named result that a deferred
// function may change (recover, or logging that takes its address), what
// may be returned through it: what the return stored there last, and
// what a deferred function stores.
func namedResultStores(v ssa.Value) ([]ssa.Value, bool) {
	cell, load := loadedCell(v)
	if cell == nil {
		return nil, false
	}
	return slices.Concat(argflow.ReachingStores(cell, load), capturedStores(cell)), true
}

// capturedStores returns the values the closures that capture cell store
// into it (a deferred recover setting the named error result).
func capturedStores(cell *ssa.Alloc) []ssa.Value {
	var vals []ssa.Value
	for _, ref := range *cell.Referrers() {
		mc, ok := ref.(*ssa.MakeClosure)
		if !ok {
			continue
		}
		for _, fv := range argflow.BoundFreeVars(mc, cell) {
			for _, r := range *fv.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == fv {
					vals = append(vals, st.Val)
				}
			}
		}
	}
	return vals
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
	// A function converted to an SDK type that names a handler shape
	// (mcp.TypedToolHandlerFunc[T], a generic typed wrapper's result) is
	// a handler of that shape, wherever it is registered.
	for _, fn := range f.ssa.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if conv, ok := instr.(*ssa.ChangeType); ok {
					f.addRegistered(conv.X, func(b *sdk.Binding) []sdk.Shape {
						if s, ok := b.NamedShape(conv.Type()); ok {
							return []sdk.Shape{s}
						}
						return nil
					})
				}
			}
		}
	}
	f.eachCall(func(_ *ssa.Function, call *ssa.CallCommon) {
		callee := argflow.Callee(call)
		if callee == nil {
			return
		}
		for _, b := range f.ssa.SDKs {
			for _, shape := range b.RegistrarShapes(callee) {
				if shape.RegistrarParam < len(call.Args) {
					f.addRegistered(call.Args[shape.RegistrarParam], func(c *sdk.Binding) []sdk.Shape {
						if c == b {
							return []sdk.Shape{shape}
						}
						return nil
					})
				}
			}
		}
	})
}

// addRegistered records the function v denotes as a handler of the first
// shape shapes gives for an SDK that it has.
func (f *finder) addRegistered(v ssa.Value, shapes func(*sdk.Binding) []sdk.Shape) {
	fn := FuncValue(v)
	if fn == nil || fn.Pkg != f.ssa.Pkg {
		return
	}
	for _, b := range f.ssa.SDKs {
		for _, shape := range shapes(b) {
			if !b.HasShape(fn.Signature, shape) {
				continue
			}
			if f.byFunc[fn] == nil || f.bodies[fn] {
				delete(f.bodies, fn)
				h := &Handler{Fn: fn, SDK: b, Kind: shape.Kind, Registered: true, ResultForwarded: true}
				if shape.Input {
					h.Seeds = append(h.Seeds, inputParam(fn))
				}
				f.byFunc[fn] = h
			}
			return
		}
	}
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

// Bounds on the chains the finder follows, each deep enough for real
// code and short enough to stop on cycles it does not track.
const (
	// maxFactoryDepth bounds the factories and conversions FuncValue
	// looks through.
	maxFactoryDepth = 8
	// maxWrapDepth bounds the error constructors returnsErrorOf looks
	// through.
	maxWrapDepth = 8
	// maxClosureDepth bounds the closures capturedParam climbs.
	maxClosureDepth = 8
)

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
		srcs := argflow.Sources(ret.Results[0])
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

// outerName names the declared function fn is or is a literal in.
func outerName(fn *ssa.Function) string { return argflow.Outermost(fn).Name() }

// qualifiedName names a function of another package as its callers
// spell it.
func qualifiedName(fn *ssa.Function) string {
	if fn.Pkg != nil {
		return fn.Pkg.Pkg.Name() + "." + outerName(fn)
	}
	return outerName(fn)
}
