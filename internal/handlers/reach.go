package handlers

import (
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/argflow"
	"github.com/mcperrlint/mcperrlint/internal/roles"
	"github.com/mcperrlint/mcperrlint/internal/sdk"
	"github.com/mcperrlint/mcperrlint/internal/valueflow"
)

// A Reach says which of the package's functions the tool handlers its
// own registrations install can run, and for which of them an error they
// return reaches the SDK as it is: the path from each registration (a
// Register row of the role table) through the values it installs
// (function values stored in struct fields, slices, maps and package
// variables, captured by closures, returned by factories) to the bodies
// those run, and on through the calls whose errors the bodies return.
//
// A body reached only through calls whose errors are not returned (a
// wrapper that answers them with an IsError result) is reached, but not
// raw: whatever it returns, the model sees a tool result.
type Reach struct {
	// Reached holds every function a registration of the package may
	// run; Raw those whose returned error may reach the SDK unconverted
	// from a raw (non-typed) registration.
	Reached, Raw map[*ssa.Function]bool

	graph    *valueflow.Graph
	newGraph func() *valueflow.Graph // made when first needed
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
	return s.Funcs, s.Complete
}

// computeReach follows each registration of the package to the bodies it
// runs.
func (f *finder) computeReach() *Reach {
	funcs := f.ssa.SrcFuncs
	if init := f.ssa.Pkg.Func("init"); init != nil {
		funcs = append(funcs[:len(funcs):len(funcs)], init) // package-level tables
	}
	r := &Reach{Reached: make(map[*ssa.Function]bool), Raw: make(map[*ssa.Function]bool)}
	r.newGraph = func() *valueflow.Graph {
		g := valueflow.New(f.ssa.Pkg, funcs)
		g.Adapters = func(c *ssa.CallCommon) bool { return f.roles.Has(argflow.Callee(c), roles.Adapter) }
		return g
	}

	var visit func(fn *ssa.Function, raw bool)
	visit = func(fn *ssa.Function, raw bool) {
		if fn.Pkg != f.ssa.Pkg || fn.Blocks == nil || r.Raw[fn] || r.Reached[fn] && !raw {
			return
		}
		r.Reached[fn] = true
		r.Raw[fn] = raw
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || !sdk.ReturnsError(call.Call.Signature()) {
					continue
				}
				callees, _ := r.Callees(call.Common())
				forwards := raw && returnsErrorOf(fn, call)
				for _, callee := range callees {
					visit(callee, forwards)
				}
			}
		}
	}
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
				g := r.values() // only a package that registers handlers needs it
				ops := argflow.Operands(call.Common())
				for _, op := range ops[min(row.Param, len(ops)):] {
					installed := g.Of(op)
					if row.Field != "" {
						installed = g.Field(op, row.Field)
					}
					for _, h := range installed.Funcs {
						visit(h, !row.Typed)
					}
				}
			}
		}
	}
	return r
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
		if h.Kind == sdk.Raw && len(h.Escapes) == 0 && r.Converted(fn) {
			f.drop(fn, true)
		}
	}
}
