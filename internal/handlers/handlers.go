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
	"cmp"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/argflow"
	"github.com/mcperrlint/mcperrlint/internal/mcpssa"
	"github.com/mcperrlint/mcperrlint/internal/roles"
	"github.com/mcperrlint/mcperrlint/internal/sdk"
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

	// Reach is where the package's own registrations lead.
	Reach *Reach

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

// A ForwardedParam says that a raw tool handler calls the function held by
// parameter Param of a wrapper and returns its error as its own.
type ForwardedParam struct {
	Param int
	// Made reports that the function forwarded is the one the
	// parameter's function returns (handlerFn(deps)(ctx, req, args)).
	Made bool
	// SDK names the descriptor of the handler's SDK.
	SDK string
	// Args is how many arguments the handler passes in the call, and
	// Seeds which of them hold argument values.
	Args  int
	Seeds []int
	// ResultFlow reports that the handler also returns the call's tool
	// result as its own.
	ResultFlow bool
}

// A Wrapper is a fact about a function that builds raw tool handlers
// around the functions it is given (inventory.NewTool(tool, body),
// WithToolErrors(handler)): what those handlers do with each
// function-typed parameter's errors. The packages that pass functions
// there read it, so a body is judged where it is written.
//
// Wrappers hold no positions, maps or pointers: they are gob-encoded
// between the units of go vet and must encode the same way every time.
type Wrapper struct {
	// Forwards lists the parameters whose functions the handlers call,
	// returning their errors as their own: a function passed there is
	// checked like a handler in its own package.
	Forwards []ForwardedParam

	// Converts lists the parameters whose functions the handlers call,
	// turning their errors into tool errors: a handler given only there
	// is correct whatever error it returns, but for values of the error
	// types in Escapes, which the handlers pass on as protocol errors all
	// the same.
	Converts []int
	Escapes  []string
}

// AFact marks Wrapper as an analysis.Fact.
func (*Wrapper) AFact() {}

func (w *Wrapper) String() string {
	var parts []string
	for _, f := range w.Forwards {
		parts = append(parts, "forwards "+strconv.Itoa(f.Param))
	}
	if len(w.Converts) > 0 {
		c := "converts"
		for _, p := range w.Converts {
			c += " " + strconv.Itoa(p)
		}
		parts = append(parts, c)
	}
	if len(w.Escapes) > 0 {
		parts = append(parts, "escapes "+strings.Join(w.Escapes, " "))
	}
	return strings.Join(parts, "; ")
}

// Inputs is what finding a package's handlers reads beyond the package's
// SSA form and role table: what crosses the package boundary, as facts,
// and what the package's helpers do with argument values.
type Inputs struct {
	// ImportFact reads a fact of another package's object
	// (analysis.Pass.ImportObjectFact): Wrapper facts, here.
	ImportFact func(types.Object, analysis.Fact) bool

	// InSDK reports whether a package belongs to an SDK. The SDKs'
	// functions are what their descriptors say, whatever facts they may
	// carry from a run over the SDK's own repository.
	InSDK func(path string) bool

	// Helpers tells the argument flow what a call does with argument
	// values: the summaries of the package's functions as helpers (no
	// handler is known yet) and other packages' summary facts. It
	// decides which arguments of a forwarded call hold argument values.
	Helpers argflow.Summarizer

	// Fixed are the maps whose keys are a fixed set: a lookup there
	// checks an argument value.
	Fixed argflow.FixedMaps
}

// Export records, as Wrapper facts, what the package's functions do with
// the functions they are given, for the packages that import them.
func (r *Result) Export(export func(types.Object, analysis.Fact)) {
	fns := make(map[*ssa.Function]bool)
	for fn := range r.Forwards {
		fns[fn] = true
	}
	for fn := range r.Converts {
		fns[fn] = true
	}
	for fn := range fns {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Synthetic != "" || fn.Pkg == nil || obj.Pkg() != fn.Pkg.Pkg {
			continue
		}
		if w := (Wrapper{Forwards: r.Forwards[fn], Converts: r.Converts[fn], Escapes: r.Escapes[fn]}); len(w.Forwards) > 0 || len(w.Converts) > 0 {
			export(obj, &w)
		}
	}
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
	f.recordConvertingMiddleware()
	f.dropConverted()
	reach := f.computeReach()
	f.dropConvertedByRegistrations(reach)

	res := &Result{Forwards: f.forwards, Converts: f.converted, Escapes: f.escapes, Reach: reach, finder: f}
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

	// foreign holds the stand-ins for other packages' raw handlers.
	foreign map[paramKey]*Handler
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
			delete(f.byFunc, fn)
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
		h := f.byFunc[fn]
		if h == nil || h.Kind != sdk.Raw {
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
			// A named result that a deferred function may change
			// (recover, or logging that takes its address): what is
			// stored there may be returned.
			if cell := loadedCell(src); cell != nil {
				for _, ref := range *cell.Referrers() {
					if st, ok := ref.(*ssa.Store); ok && st.Addr == cell && holds(st.Val, depth+1) {
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

// loadedCell returns the local variable v is loaded from, or nil.
func loadedCell(v ssa.Value) *ssa.Alloc {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		if cell, ok := u.X.(*ssa.Alloc); ok {
			return cell
		}
	}
	return nil
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
				fn := FuncValue(call.Args[shape.RegistrarParam])
				if fn == nil || fn.Pkg != f.ssa.Pkg || !b.HasShape(fn.Signature, shape) {
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
	if fn == nil || fn.Pkg != call.Parent().Pkg || fn.Blocks == nil || fn.Signature.Results().Len() != 1 {
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

// A forwardSite is a call in a raw handler whose error result the handler
// returns as its own.
type forwardSite struct {
	// from is the handler; for a wrapper of another package, a stand-in
	// with no function.
	from       *Handler
	args       int   // how many arguments the call passes
	seeds      []int // indexes of arguments holding argument values
	resultFlow bool  // the handler also returns the call's first result
	// via names the function that forwards: the handler's, or for a
	// wrapper of another package, the wrapper's.
	via string
}

// paramKey names a function-typed parameter of a wrapper function. When
// made is set, what is called is the function that the parameter's
// function returns (handlerFn(deps)(ctx, req, args)).
type paramKey struct {
	fn    *ssa.Function
	index int
	made  bool
}

// findForwarded iterates to a fixed point: forwarded functions forward in
// turn, and seeds found later can add argument values to earlier sites.
// Every round only adds handlers, seeds and forwarders, and turns typed
// handlers raw, never back, so it converges.
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
				if key, ok := calledParam(h.Fn, site.call.Value); ok {
					byParam[key] = append(byParam[key], site.forwardSite)
				} else if target := site.call.StaticCallee(); target != nil {
					changed = f.forward(FuncValue(target), site.forwardSite) || changed
				}
			}
		}
		f.recordForwards(byParam)
		f.recordConverted(byParam)
		// A wrapper's function parameter is forwarded: the functions its
		// callers pass there are, in this package or, through facts,
		// another.
		f.eachCall(func(_ *ssa.Function, call *ssa.CallCommon) {
			callee := call.StaticCallee()
			if callee == nil {
				return
			}
			callee = FuncValue(callee)
			for key, sites := range byParam {
				if key.fn != callee || key.index >= len(call.Args) {
					continue
				}
				if target := passedFunc(call.Args[key.index], key); target != nil {
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
				if target := passedFunc(call.Args[fp.Param], paramKey{callee, fp.Param, fp.Made}); target != nil {
					site := forwardSite{from: from, args: fp.Args, seeds: fp.Seeds, resultFlow: fp.ResultFlow, via: qualifiedName(callee)}
					changed = f.forward(target, site) || changed
				}
			}
		})
		if !changed {
			return
		}
	}
}

// wrapper returns the Wrapper fact of fn, a function of another package,
// or nil when it has none.
func (f *finder) wrapper(fn *ssa.Function) *Wrapper {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || f.in.ImportFact == nil || f.in.InSDK != nil && f.in.InSDK(obj.Pkg().Path()) {
		return nil
	}
	obj = obj.Origin()
	if w, ok := f.wrappers[obj]; ok {
		return w
	}
	var w *Wrapper
	if fact := new(Wrapper); f.in.ImportFact(obj, fact) {
		w = fact
	}
	f.wrappers[obj] = w
	return w
}

// foreignHandler returns the stand-in for the raw handler of another
// package that forwards parameter fp.Param of wrapper, the same one each
// time it is asked, or nil when this package cannot see that SDK.
func (f *finder) foreignHandler(wrapper *ssa.Function, fp ForwardedParam) *Handler {
	key := paramKey{wrapper, fp.Param, fp.Made}
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

// recordForwards keeps, for the package's fact, the function parameters
// its raw handlers forward.
func (f *finder) recordForwards(byParam map[paramKey][]forwardSite) {
	f.forwards = make(map[*ssa.Function][]ForwardedParam)
	for key, sites := range byParam {
		if key.index < 0 || key.fn.Parent() != nil {
			continue
		}
		for _, site := range sites {
			f.forwards[key.fn] = append(f.forwards[key.fn], ForwardedParam{
				Param: key.index, Made: key.made, SDK: site.from.SDK.Name, Args: site.args,
				Seeds: site.seeds, ResultFlow: site.resultFlow,
			})
		}
	}
	// byParam is a map: sort on every field and drop duplicates, so that
	// the fact encodes the same bytes on every run (go vet and
	// golangci-lint cache facts by their encoding).
	for fn, fps := range f.forwards {
		slices.SortFunc(fps, compareForwardedParams)
		f.forwards[fn] = slices.CompactFunc(fps, func(a, b ForwardedParam) bool { return compareForwardedParams(a, b) == 0 })
	}
}

// compareForwardedParams orders ForwardedParams on all their fields.
func compareForwardedParams(a, b ForwardedParam) int {
	return cmp.Or(
		cmp.Compare(a.Param, b.Param),
		compareBools(a.Made, b.Made),
		strings.Compare(a.SDK, b.SDK),
		cmp.Compare(a.Args, b.Args),
		slices.Compare(a.Seeds, b.Seeds),
		compareBools(a.ResultFlow, b.ResultFlow),
	)
}

func compareBools(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
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
	// A method reached through a method value takes its receiver as an
	// extra first parameter that the call does not pass.
	offset := len(target.Params) - site.args
	for _, i := range site.seeds {
		if p := i + offset; p >= 0 && p < len(target.Params) && !slices.Contains(h.Seeds, target.Params[p]) {
			h.Seeds = append(h.Seeds, target.Params[p])
			changed = true
		}
	}
	return changed
}

// A localSite is a forwardSite in this package, with its call.
type localSite struct {
	forwardSite
	call *ssa.CallCommon
}

// cachedForwardSites returns forwardSites(h), computed again only when
// h has gained seeds since: the rounds of findForwarded ask for every
// handler's sites each time, and argument flow is the costly part.
func (f *finder) cachedForwardSites(h *Handler) []localSite {
	if c, ok := f.sites[h]; ok && c.seeds == len(h.Seeds) {
		return c.sites
	}
	sites := f.forwardSites(h)
	if f.sites == nil {
		f.sites = make(map[*Handler]cachedSites)
	}
	f.sites[h] = cachedSites{seeds: len(h.Seeds), sites: sites}
	return sites
}

// cachedSites are a handler's forward sites, computed when it had seeds
// seeds.
type cachedSites struct {
	seeds int
	sites []localSite
}

// forwardSites returns the calls whose error result h returns unchanged.
func (f *finder) forwardSites(h *Handler) []localSite {
	flow := argflow.New(h.Fn, sdk.Bindings{h.SDK}, f.roles, h.Seeds)
	flow.Summaries, flow.Fixed = f.in.Helpers, f.in.Fixed
	// A wrapper that returns the call's result when the call's error is
	// nil passes on the tool error result that replaces the error.
	resultReturned := make(map[*ssa.Call]bool)
	for _, b := range h.Fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > 1 {
			for _, v := range argflow.Sources(ret.Results[0]) {
				if c, i := argflow.CallOf(v); c != nil && i == 0 {
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
		errVal := ret.Results[len(ret.Results)-1]
		for _, src := range argflow.Sources(errVal) {
			call, _ := argflow.CallOf(src)
			if call == nil {
				continue
			}
			if k := flow.Classify(call.Common()).Kind; k != argflow.Other && k != argflow.Summarized {
				continue
			}
			resultFlow := resultReturned[call]
			if i, dup := seen[call]; dup {
				sites[i].resultFlow = sites[i].resultFlow || resultFlow
				continue
			}
			site := localSite{forwardSite{from: h, args: len(call.Common().Args), resultFlow: resultFlow, via: outerName(h.Fn)}, call.Common()}
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

// outerName names the declared function fn is or is a literal in.
func outerName(fn *ssa.Function) string {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn.Name()
}

// qualifiedName names a function of another package as its callers
// spell it.
func qualifiedName(fn *ssa.Function) string {
	if fn.Pkg != nil {
		return fn.Pkg.Pkg.Name() + "." + outerName(fn)
	}
	return outerName(fn)
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
		return paramKey{fn: fn, index: paramIndex(fn, x)}, true
	case *ssa.UnOp: // a captured variable is loaded from its cell
		if fv, ok := x.X.(*ssa.FreeVar); ok {
			return capturedParam(fn, fv)
		}
	case *ssa.FreeVar:
		return capturedParam(fn, x)
	case *ssa.Call: // a function the parameter's function makes
		if !x.Call.IsInvoke() {
			if key, ok := calledParam(fn, x.Call.Value); ok && !key.made {
				key.made = true
				return key, true
			}
		}
	}
	return paramKey{}, false
}

// passedFunc returns the function a call argument passes to parameter key:
// the argument's function, or the one that function makes.
func passedFunc(arg ssa.Value, key paramKey) *ssa.Function {
	fn := FuncValue(arg)
	if fn == nil || !key.made {
		return fn
	}
	var made *ssa.Function
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		g := FuncValue(ret.Results[0])
		if g == nil || made != nil && made != g {
			return nil
		}
		made = g
	}
	return made
}

// capturedParam finds the parameter of an enclosing function that a
// closure's free variable captures, directly, through the variable's cell,
// or through the free variables of the closures in between
// (HandlerFunc: func(any) mcp.ToolHandler { return func(ctx, req) { ...
// handler(ctx, req, args) } }).
func capturedParam(fn *ssa.Function, fv *ssa.FreeVar) (paramKey, bool) {
	for depth := 0; depth < maxClosureDepth; depth++ {
		parent := fn.Parent()
		index := slices.Index(fn.FreeVars, fv)
		if parent == nil || index < 0 {
			return paramKey{}, false
		}
		binding := closureBinding(parent, fn, index)
		switch b := binding.(type) {
		case *ssa.Parameter:
			return paramKey{fn: parent, index: paramIndex(parent, b)}, true
		case *ssa.FreeVar:
			fn, fv = parent, b
		default:
			return paramKey{}, false
		}
	}
	return paramKey{}, false
}

// closureBinding returns what parent binds to free variable index of the
// closure fn it makes: the value, or what is stored in the cell bound.
func closureBinding(parent, fn *ssa.Function, index int) ssa.Value {
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
			return binding
		}
	}
	return nil
}
