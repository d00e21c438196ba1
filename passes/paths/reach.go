package paths

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/analysis/valueflow"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
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
		g.Adapters = func(c *ssa.CallCommon) bool { return f.roles.Has(ssaval.Callee(c), roles.Adapter) }
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
				row, ok := f.roles.Lookup(ssaval.Callee(call.Common()))
				if !ok || row.Role != roles.Register {
					continue
				}
				ops := ssaval.Operands(call.Common())
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

// A foreignWrapper is what the facts of a function of another package
// say of the functions it is given: those it forwards (the handlers
// pass's fact), converts and recovers (this pass's).
type foreignWrapper struct {
	forwards []handlers.ForwardedParam
	conversion
}

// foreignWrapper returns what the facts say of the function of another
// package that call calls, when they say anything, or nil.
func (f *finder) foreignWrapper(call *ssa.CallCommon) *foreignWrapper {
	callee := call.StaticCallee()
	if callee == nil {
		return nil
	}
	callee = ssaval.FuncValue(callee)
	if callee == nil || callee.Pkg == f.ssa.Pkg {
		return nil
	}
	w := &foreignWrapper{forwards: f.hs.ForeignForwards(callee)}
	if c := f.conversion(callee); c != nil {
		w.conversion = *c
	}
	if len(w.forwards) == 0 && len(w.Converts) == 0 && len(w.Recovers) == 0 && len(w.RecoversAsError) == 0 {
		return nil
	}
	return w
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
		case h.Kind == sdk.Raw && len(f.escaping[fn]) == 0 && r.Converted(fn):
			f.drop(fn, true)
		case h.Kind != sdk.Raw && r.Reached[fn] && !r.Proto[fn]:
			// A typed handler whose protocol errors a wrapper converts
			// too: none of its errors reaches the client as one.
			f.drop(fn, true)
		}
	}
}
