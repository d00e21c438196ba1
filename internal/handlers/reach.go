package handlers

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/argflow"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/valueflow"
)

// A Reach says which of the package's functions the tool handlers its
// own registrations install can run, and for which of them an error they
// return, or a panic, reaches the SDK as it is: the path from each
// registration (a Register row of the role table) through the values it
// installs (function values stored in struct fields, slices, maps and
// package variables, captured by closures, returned by factories, made by
// the wrappers of other packages) to the bodies those run, and on through
// the calls, direct, dynamic or through an interface, whose errors the
// bodies return.
//
// A body reached only through calls whose errors are not returned (a
// wrapper that answers them with an IsError result) is reached, but not
// raw: whatever it returns, the model sees a tool result. One reached only
// below a deferred recover that answers a panic with a tool result is
// reached, but its panics are not: a panic there ends in a tool result.
// Each step of a path decides for itself, so wrappers compose in any
// nesting: guard(adapt(legacy)) converts legacy's errors if guard
// converts, whatever adapt does.
type Reach struct {
	// Reached holds every function a registration of the package may
	// run; Raw those whose returned error may reach the SDK unconverted
	// from a raw (non-typed) registration; Panics those whose panic may
	// reach the SDK unrecovered; PanicErrors those whose panic may reach
	// it recovered into an unconverted error.
	// Proto holds those whose errors of the SDK's protocol error types
	// may reach it unconverted, from any registration.
	Reached, Raw, Proto, Panics, PanicErrors map[*ssa.Function]bool

	graph    *valueflow.Graph
	newGraph func() *valueflow.Graph // made when first needed

	dead map[*ssa.Function]bool // literals made only in dead code

	// invoked holds, for each interface call whose error a path returns
	// raw, the methods the walk bound it to there; unbound the calls some
	// such path runs with its receiver unknown.
	invoked map[*ssa.CallCommon][]*ssa.Function
	unbound map[*ssa.CallCommon]bool
}

// InvokedRaw returns the methods an interface call may run on the paths
// that return its error to the SDK unconverted, when the walk bound the
// receiver on each of them (invokeForwarding(impl{}) in one registration,
// guarded by a converting wrapper in another, runs impl's method raw
// only): a return that passes the call's error on is judged by those.
func (r *Reach) InvokedRaw(call *ssa.CallCommon) ([]*ssa.Function, bool) {
	fns, ok := r.invoked[call]
	return fns, ok && !r.unbound[call]
}

// values returns the package's value flow graph.
func (r *Reach) values() *valueflow.Graph {
	if r.graph == nil {
		r.graph = r.newGraph()
	}
	return r.graph
}

// Converted reports whether fn is run by the package's registrations
// only where its errors are turned into tool results: the package that
// registers a function decides what becomes of its errors.
func (r *Reach) Converted(fn *ssa.Function) bool { return r.Reached[fn] && !r.Raw[fn] }

// Recovered reports whether fn is run by the package's registrations only
// below a recover that answers its panics with a tool result.
func (r *Reach) Recovered(fn *ssa.Function) bool {
	return r.Reached[fn] && !r.Panics[fn] && !r.PanicErrors[fn]
}

// Callees returns the functions of the package a dynamic call may run,
// and whether that is all it may run.
func (r *Reach) Callees(call *ssa.CallCommon) ([]*ssa.Function, bool) {
	if call.IsInvoke() {
		return nil, false
	}
	if fn := call.StaticCallee(); fn != nil {
		return []*ssa.Function{valueflow.FuncOf(fn)}, true
	}
	s := r.values().Of(call.Value)
	funcs := s.Funcs
	if len(r.dead) > 0 {
		// A literal made only in dead code runs nowhere.
		funcs = slices.DeleteFunc(slices.Clone(funcs), func(fn *ssa.Function) bool { return r.dead[fn] })
	}
	return funcs, s.Complete && len(s.Objects) == 0
}

// A path is what a step of a path from a registration carries: whether
// an error returned there still reaches the SDK as it is, and whether a
// panic raised there reaches it as a panic, or, recovered into an error
// on the way, as an unconverted error (which middleware that converts
// errors answers with a tool result).
//
// proto is whether an error of the types the SDK sends as protocol errors
// whatever the handler's kind (*jsonrpc.Error) still reaches it as it is:
// a typed handler's plain errors become tool results in the SDK, those do
// not, unless a wrapper on the way converts them too.
type path struct{ raw, proto, panics, panicErr bool }

// covers reports whether every path p lets through, q does too.
func (p path) covers(q path) bool {
	return (p.raw || !q.raw) && (p.proto || !q.proto) && (p.panics || !q.panics) && (p.panicErr || !q.panicErr)
}

// or returns the path that lets through what p or q does.
func (p path) or(q path) path {
	return path{raw: p.raw || q.raw, proto: p.proto || q.proto, panics: p.panics || q.panics, panicErr: p.panicErr || q.panicErr}
}

// computeReach follows each registration of the package to the bodies it
// runs.
func (f *finder) computeReach() *Reach {
	funcs := f.ssa.SrcFuncs
	if init := f.ssa.Pkg.Func("init"); init != nil {
		funcs = append(funcs[:len(funcs):len(funcs)], init) // package-level tables
	}
	r := &Reach{dead: f.dead, invoked: make(map[*ssa.CallCommon][]*ssa.Function), unbound: make(map[*ssa.CallCommon]bool), Reached: make(map[*ssa.Function]bool), Raw: make(map[*ssa.Function]bool), Proto: make(map[*ssa.Function]bool), Panics: make(map[*ssa.Function]bool), PanicErrors: make(map[*ssa.Function]bool)}
	r.newGraph = func() *valueflow.Graph {
		g := valueflow.New(f.ssa.Pkg, funcs)
		g.Adapters = func(c *ssa.CallCommon) bool { return f.roles.Has(argflow.Callee(c), roles.Adapter) }
		g.Wrappers = func(c *ssa.CallCommon) bool { return f.foreignWrapper(c) != nil }
		return g
	}
	w := reachWalk{f: f, r: r, seen: make(map[*ssa.Function]path), storedSeen: make(map[ssa.Value]path)}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				row, ok := f.roles.Lookup(argflow.Callee(call.Common()))
				if !ok || row.Role != roles.Register {
					continue
				}
				ops := argflow.Operands(call.Common())
				for _, op := range ops[min(row.Param, len(ops)):] {
					start := path{raw: !row.Typed, proto: true, panics: true}
					if row.Field != "" {
						w.fieldOf(op, row.Field, start)
					} else {
						w.value(op, nil, start)
					}
				}
			}
		}
	}
	return r
}

// A reachWalk walks the paths from the package's registrations.
//
// It follows values the way the program builds them: a call of a factory
// of the package is walked with its arguments bound to its parameters, and
// a closure with what it captured where it was made, so that two handlers
// one adapter makes (adapt(echo) in a guard, adapt(echoLogged) in a
// logger) stay apart. Where no such binding is known, the package's value
// flow answers for every use at once.
type reachWalk struct {
	f    *finder
	r    *Reach
	seen map[*ssa.Function]path // the paths each function was walked on, out of any frame
	// The paths each stored value was walked on.
	storedSeen map[ssa.Value]path
	steps      int // framed steps taken, against maxReachSteps
}

// A frame binds what the walk knows of one activation of fn: the
// arguments of the call that runs it, or for a closure the free variables
// bound where it was made; either is read in the frame of its caller.
type frame struct {
	fn     *ssa.Function
	args   []ssa.Value      // a called function's arguments, or nil
	mc     *ssa.MakeClosure // a closure's making, or nil
	caller *frame
	depth  int
}

// Bounds of the framed walk: past them, the value flow answers alone.
const (
	maxFrameDepth = 8
	maxReachSteps = 100000
)

// within returns the depth of a frame made below in.
func (in *frame) within() int {
	if in == nil {
		return 1
	}
	return in.depth + 1
}

// set walks on into what a value may hold: the package's functions, and
// the handlers other packages' wrappers make around the functions given.
func (w *reachWalk) set(s *valueflow.Set, p path) {
	for _, fn := range s.Funcs {
		w.fn(fn, nil, p)
	}
	for _, obj := range s.Objects {
		if call, ok := obj.(*ssa.Call); ok {
			w.wrapped(call.Common(), nil, p)
		}
	}
}

// value walks on into the functions v may hold, read in frame in.
func (w *reachWalk) value(v ssa.Value, in *frame, p path) {
	if in.within() > maxFrameDepth || w.steps > maxReachSteps {
		w.set(w.r.values().Of(v), p)
		return
	}
	w.steps++
	for _, src := range argflow.Sources(v) {
		switch x := src.(type) {
		case *ssa.Function:
			w.fn(valueflow.FuncOf(x), nil, p)
		case *ssa.MakeClosure:
			lit, ok := x.Fn.(*ssa.Function)
			switch method := boundMethod(lit); {
			case method != nil:
				// A method value (svc.handle) runs the method with the
				// receiver bound where the value was made.
				w.fn(method, &frame{fn: method, args: x.Bindings, caller: in, depth: in.within()}, p)
			case ok:
				w.fn(lit, &frame{fn: lit, mc: x, caller: in, depth: in.within()}, p)
			}
		case *ssa.Parameter:
			if arg, ok := in.arg(x); ok {
				w.value(arg, in.caller, p)
			} else {
				w.set(w.r.values().Of(x), p)
			}
		case *ssa.FreeVar:
			w.captured(x, in, p)
		case *ssa.UnOp: // a variable captured by reference, loaded
			if fv, ok := x.X.(*ssa.FreeVar); ok && x.Op == token.MUL {
				w.captured(fv, in, p)
			} else {
				w.loaded(x, p)
			}
		case *ssa.Call:
			w.called(x, in, p)
		default:
			w.loaded(src, p)
		}
	}
}

// loaded walks into what a load may read: each value stored there, in
// the function that stored it, when the stores are all known (a table's
// entries, guard(adapt(f)) and log(adapt(g)), stay apart); else what the
// package's value flow says it holds.
func (w *reachWalk) loaded(v ssa.Value, p path) {
	vals, ok := w.r.values().Stored(v)
	if !ok {
		w.set(w.r.values().Of(v), p)
		return
	}
	w.stored(vals, p)
}

// fieldOf walks into what field name of the struct v is, points to or
// holds elements of may hold, as loaded does.
func (w *reachWalk) fieldOf(v ssa.Value, name string, p path) {
	vals, ok := w.r.values().FieldStored(v, name)
	if !ok {
		w.set(w.r.values().Field(v, name), p)
		return
	}
	w.stored(vals, p)
}

// stored walks stored values, each once for any path it covers: read in
// no frame, a value leads the same way wherever it is loaded.
func (w *reachWalk) stored(vals []ssa.Value, p path) {
	for _, v := range vals {
		if seen, ok := w.storedSeen[v]; ok && seen.covers(p) {
			continue
		}
		w.storedSeen[v] = p.or(w.storedSeen[v])
		w.value(v, nil, p)
	}
}

// boundMethod returns the method a method value's closure calls (the
// synthetic wrapper SSA makes for svc.handle binds svc as its one free
// variable), or nil when fn is no such wrapper or the method is abstract.
func boundMethod(fn *ssa.Function) *ssa.Function {
	if fn == nil || fn.Synthetic == "" || len(fn.FreeVars) != 1 {
		return nil
	}
	if m := valueflow.FuncOf(fn); m != fn && m.Signature.Recv() != nil {
		return m
	}
	return nil
}

// arg returns the argument in binds to parameter x, if it binds one.
func (in *frame) arg(x *ssa.Parameter) (ssa.Value, bool) {
	if in == nil || in.args == nil || in.fn != x.Parent() {
		return nil, false
	}
	i := slices.Index(in.fn.Params, x)
	if i < 0 || i >= len(in.args) {
		return nil, false
	}
	return in.args[i], true
}

// captured walks into what free variable fv holds: what the closure's
// making bound to it in frame in (the value, or what is stored in the
// variable bound by reference), else every binding the package makes.
func (w *reachWalk) captured(fv *ssa.FreeVar, in *frame, p path) {
	binding, ok := in.binding(fv)
	if !ok {
		w.set(w.r.values().Of(fv), p)
		return
	}
	if cell, ok := binding.(*ssa.Alloc); ok {
		for _, v := range argflow.CellStores(cell) {
			w.value(v, in.caller, p)
		}
		return
	}
	w.value(binding, in.caller, p)
}

// called walks into the function a call's result may hold: what an
// adapter or another package's wrapper makes of the functions given it,
// or what a function of the package returns, run with the call's
// arguments.
func (w *reachWalk) called(call *ssa.Call, in *frame, p path) {
	common := call.Common()
	if w.f.roles.Has(argflow.Callee(common), roles.Adapter) {
		for _, arg := range common.Args {
			if isFuncType(arg.Type()) {
				w.value(arg, in, p)
			}
		}
		return
	}
	if w.f.foreignWrapper(common) != nil {
		w.wrapped(common, in, p)
		return
	}
	callee := common.StaticCallee()
	if callee == nil || callee.Blocks == nil || valueflow.FuncOf(callee).Pkg != w.f.ssa.Pkg {
		w.set(w.r.values().Of(call), p)
		return
	}
	fn := valueflow.FuncOf(callee)
	if fn.Blocks == nil || len(fn.Params) != len(common.Args) {
		w.set(w.r.values().Of(call), p)
		return
	}
	made := &frame{fn: fn, args: common.Args, caller: in, depth: in.within()}
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == 1 {
			w.value(ret.Results[0], made, p)
		}
	}
}

// wrapped walks into the functions given to a wrapper of another package,
// read in frame in, on the path its Wrapper fact says each parameter's
// function takes.
func (w *reachWalk) wrapped(call *ssa.CallCommon, in *frame, p path) {
	fact := w.f.foreignWrapper(call)
	if fact == nil {
		return
	}
	for i, arg := range call.Args {
		if !isFuncType(arg.Type()) {
			continue
		}
		forwards := slices.ContainsFunc(fact.Forwards, func(fp ForwardedParam) bool { return fp.Param == i && !fp.Made })
		converts := slices.Contains(fact.Converts, i)
		if !forwards && !converts {
			continue // kept, or called some other way: not followed
		}
		passed := forwards && !converts
		q := path{raw: p.raw && passed, proto: p.proto && (passed || len(fact.Escapes) > 0), panics: p.panics, panicErr: p.panicErr}
		switch {
		case slices.Contains(fact.Recovers, i):
			q.panics, q.panicErr = false, false
		case slices.Contains(fact.RecoversAsError, i):
			q = recoversIntoError.below(p)
			q.raw, q.proto = p.raw && passed, p.proto && (passed || len(fact.Escapes) > 0)
		}
		w.value(arg, in, q)
	}
}

// fn walks fn on path p, in frame in (nil: out of any frame), and on into
// the calls whose errors it may return (raw) or not (converted); below a
// recover of fn's own, panics stop.
func (w *reachWalk) fn(fn *ssa.Function, in *frame, p path) {
	if fn.Pkg != w.f.ssa.Pkg || fn.Blocks == nil {
		return
	}
	if in == nil {
		if seen, ok := w.seen[fn]; ok && seen.covers(p) {
			return
		}
		p = p.or(w.seen[fn])
		w.seen[fn] = p
	} else if in.depth > maxFrameDepth || w.steps > maxReachSteps {
		w.fn(fn, nil, p)
		return
	}
	w.steps++
	w.r.Reached[fn] = true
	w.r.Raw[fn] = w.r.Raw[fn] || p.raw
	w.r.Proto[fn] = w.r.Proto[fn] || p.proto
	w.r.Panics[fn] = w.r.Panics[fn] || p.panics
	w.r.PanicErrors[fn] = w.r.PanicErrors[fn] || p.panicErr
	below := w.f.recovery(fn).below(p)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !sdk.ReturnsError(call.Call.Signature()) {
				continue
			}
			q := below
			returned := returnsErrorOf(fn, call)
			q.raw = p.raw && returned
			q.proto = p.proto && (returned || len(w.f.escapeTypes(fn, call)) > 0)
			switch callee := call.Call.StaticCallee(); {
			case call.Call.IsInvoke():
				impls, bound := w.invoked(call.Common(), in)
				if q.raw {
					w.r.recordInvoke(call.Common(), impls, bound)
				}
				for _, impl := range impls {
					w.fn(impl, nil, q)
				}
			case callee != nil:
				w.fn(valueflow.FuncOf(callee), w.callFrame(valueflow.FuncOf(callee), call.Common(), in), q)
			default:
				w.value(call.Call.Value, in, q)
			}
		}
	}
}

// callFrame returns the frame a static call runs fn in: one that binds
// its arguments when fn takes a function it may call (a helper given the
// handler to run), else none, so that fn is walked once for every caller.
func (w *reachWalk) callFrame(fn *ssa.Function, call *ssa.CallCommon, in *frame) *frame {
	if len(fn.Params) != len(call.Args) || !slices.ContainsFunc(fn.Params, func(p *ssa.Parameter) bool { return isFuncType(p.Type()) }) {
		return nil
	}
	return &frame{fn: fn, args: call.Args, caller: in, depth: in.within()}
}

// recordInvoke records that a raw path runs an interface call, bound to
// impls or not.
func (r *Reach) recordInvoke(call *ssa.CallCommon, impls []*ssa.Function, bound bool) {
	if !bound {
		r.unbound[call] = true
		return
	}
	for _, fn := range impls {
		if !slices.Contains(r.invoked[call], fn) {
			r.invoked[call] = append(r.invoked[call], fn)
		}
	}
	if r.invoked[call] == nil {
		r.invoked[call] = []*ssa.Function{}
	}
}

// invoked returns the methods an interface call may run, and whether the
// frame bound its receiver: those of the concrete types the frame binds
// it to (invoke(search{}) makes a closure that calls search's Invoke
// alone), else every implementation in the package.
func (w *reachWalk) invoked(call *ssa.CallCommon, in *frame) ([]*ssa.Function, bool) {
	types, ok := w.concreteTypes(call.Value, in, 0)
	if !ok {
		return w.f.implementations(call.Method), false
	}
	prog := w.f.ssa.Pkg.Prog
	var fns []*ssa.Function
	for _, t := range types {
		sel := prog.MethodSets.MethodSet(t).Lookup(call.Method.Pkg(), call.Method.Name())
		if sel == nil {
			continue
		}
		if fn := prog.MethodValue(sel); fn != nil && !slices.Contains(fns, valueflow.FuncOf(fn)) {
			fns = append(fns, valueflow.FuncOf(fn))
		}
	}
	return fns, true
}

// concreteTypes returns the dynamic types an interface value v may hold,
// read in frame in, when the frame binds every source of it to a
// conversion of a concrete value.
func (w *reachWalk) concreteTypes(v ssa.Value, in *frame, depth int) ([]types.Type, bool) {
	if depth > maxFrameDepth {
		return nil, false
	}
	var out []types.Type
	for _, src := range argflow.Sources(v) {
		var got []types.Type
		ok := false
		switch x := src.(type) {
		case *ssa.Parameter:
			if arg, bound := in.arg(x); bound {
				got, ok = w.concreteTypes(arg, in.caller, depth+1)
			}
		case *ssa.FreeVar:
			if b, bound := in.binding(x); bound {
				got, ok = w.concreteTypes(b, in.caller, depth+1)
			}
		case *ssa.UnOp:
			if fv, isFV := x.X.(*ssa.FreeVar); isFV && x.Op == token.MUL {
				if b, bound := in.binding(fv); bound {
					if cell, isCell := b.(*ssa.Alloc); isCell {
						stores := argflow.CellStores(cell)
						ok = len(stores) > 0
						for _, st := range stores {
							ts, tok := w.concreteTypes(st, in.caller, depth+1)
							got, ok = append(got, ts...), ok && tok
						}
					}
				}
			}
		}
		if !types.IsInterface(src.Type()) {
			// Sources looks through the conversion to an interface:
			// a value of a concrete type is its dynamic type.
			got, ok = []types.Type{src.Type()}, true
		}
		if !ok {
			return nil, false
		}
		out = append(out, got...)
	}
	return out, len(out) > 0
}

// binding returns what the closure's making bound to free variable fv,
// if in is that closure's frame.
func (in *frame) binding(fv *ssa.FreeVar) (ssa.Value, bool) {
	if in == nil || in.mc == nil || in.fn != fv.Parent() {
		return nil, false
	}
	i := slices.Index(in.fn.FreeVars, fv)
	if i < 0 || i >= len(in.mc.Bindings) {
		return nil, false
	}
	return in.mc.Bindings[i], true
}

// foreignWrapper returns the Wrapper fact of the function of another
// package that call calls, when it has one and the call passes it a
// function, or nil.
func (f *finder) foreignWrapper(call *ssa.CallCommon) *Wrapper {
	callee := call.StaticCallee()
	if callee == nil {
		return nil
	}
	callee = FuncValue(callee)
	if callee == nil || callee.Pkg == f.ssa.Pkg {
		return nil
	}
	return f.wrapper(callee)
}

// implementations returns the methods of the package's own types that a
// call of the interface method m may run: an interface's handler-shaped
// method (inv.Invoke(ctx, req)) runs the bodies of the package that
// implement it. Those of other packages are judged where they are.
func (f *finder) implementations(m *types.Func) []*ssa.Function {
	if impls, ok := f.impls[m]; ok {
		return impls
	}
	var impls []*ssa.Function
	iface, _ := m.Signature().Recv().Type().Underlying().(*types.Interface)
	prog := f.ssa.Pkg.Prog
	for _, t := range f.namedTypes() {
		for _, recv := range []types.Type{t, types.NewPointer(t)} {
			if iface == nil || !types.Implements(recv, iface) {
				continue
			}
			sel := prog.MethodSets.MethodSet(recv).Lookup(m.Pkg(), m.Name())
			if sel == nil {
				continue
			}
			if fn := prog.MethodValue(sel); fn != nil {
				if fn = valueflow.FuncOf(fn); fn.Pkg == f.ssa.Pkg && !slices.Contains(impls, fn) {
					impls = append(impls, fn)
				}
			}
			break // *T's method set holds T's
		}
	}
	if f.impls == nil {
		f.impls = make(map[*types.Func][]*ssa.Function)
	}
	f.impls[m] = impls
	return impls
}

// namedTypes returns the package's named, non-generic, non-interface
// types, in the order of its scope.
func (f *finder) namedTypes() []*types.Named {
	if f.named != nil {
		return f.named
	}
	f.named = []*types.Named{}
	scope := f.ssa.Pkg.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		if named, ok := tn.Type().(*types.Named); ok && named.TypeParams().Len() == 0 && !types.IsInterface(named) {
			f.named = append(f.named, named)
		}
	}
	return f.named
}

// dropConvertedByRegistrations drops the raw handlers, found by their
// signature, that the package's registrations run only where their errors
// become tool results (a table of tools registered through a converting
// wrapper): a handler-shaped function is a handler because its value
// reaches a registration, not because of its signature. A function no
// registration of the package reaches is kept: another package may
// register it.
func (f *finder) dropConvertedByRegistrations(r *Reach) {
	for fn, h := range f.byFunc {
		switch {
		case h.Kind == sdk.Raw && len(h.Escapes) == 0 && r.Converted(fn):
			f.drop(fn, true)
		case h.Kind != sdk.Raw && r.Reached[fn] && !r.Proto[fn]:
			// A typed handler whose protocol errors a wrapper converts
			// too: none of its errors reaches the client as one.
			f.drop(fn, true)
		}
	}
}
