package paths

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/analysis/toolresult"
	"github.com/mcperrlint/mcperrlint/internal/analysis/valueflow"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
)

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
	for _, src := range ssaval.Sources(v) {
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
		for _, v := range ssaval.CellStores(cell) {
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
	if w.f.roles.Has(ssaval.Callee(common), roles.Adapter) {
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
// read in frame in, on the path its facts say each parameter's
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
		forwards := slices.ContainsFunc(fact.forwards, func(fp handlers.ForwardedParam) bool { return fp.Param == i && !fp.Made })
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
			q = below(toolresult.RecoversIntoError, p)
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
	below := below(w.f.recovery(fn), p)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !sdk.ReturnsError(call.Call.Signature()) {
				continue
			}
			q := below
			returned := w.f.returnsErrorOf(fn, call)
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
	for _, src := range ssaval.Sources(v) {
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
						stores := ssaval.CellStores(cell)
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

// returnsErrorOf reports whether an error fn returns may hold the error
// of call: ssaval.ErrorCallsReturned, walked once per function.
func (f *finder) returnsErrorOf(fn *ssa.Function, call *ssa.Call) bool {
	calls, ok := f.returnedCalls[fn]
	if !ok {
		calls = ssaval.ErrorCallsReturned(fn)
		if f.returnedCalls == nil {
			f.returnedCalls = make(map[*ssa.Function]map[*ssa.Call]bool)
		}
		f.returnedCalls[fn] = calls
	}
	return calls[call]
}
