// Package valueflow answers, for a value of one package's SSA form, which
// function bodies and which allocations it may hold: the values that reach
// it through locals, phis and conversions, struct fields, slice, array and
// map elements, package variables, closures' captured variables,
// parameters (from the package's own calls) and results (of the package's
// own functions).
//
// It is demand driven and allocation-site aware: a load of a field is
// answered with the values stored into that field of the objects its base
// may point to, so two composite literals of one type are two objects and
// a store into one says nothing of the other. Where a base may come from
// outside the package (a parameter of an exported function, the result of
// another package's function), the answer falls back to every store into
// that field in the package and says it is incomplete.
//
// Elements are not told apart by index, nor the fields of a struct held
// by value in a container from the container itself: an element's address
// stands for its container, and for the structs and arrays copied whole
// into its elements.
package valueflow

import (
	"go/token"
	"go/types"
	"slices"

	"github.com/mcperrlint/mcperrlint/internal/analysis/fixpoint"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// A Graph answers value flow questions about the functions of one
// package.
type Graph struct {
	pkg *ssa.Package

	// callers holds the static calls of each function of the package.
	callers map[*ssa.Function][]*ssa.CallCommon
	// escapes marks the functions whose parameters may be given values
	// the package does not show: exported ones, and those whose value is
	// used other than by calling it.
	escapes map[*ssa.Function]bool

	globalStores map[*ssa.Global][]ssa.Value
	cellStores   map[*ssa.Alloc][]ssa.Value
	// A closure that writes a variable it captures stores into its free
	// variable, bound to the cell (or to its parent's free variable).
	freeStores  map[*ssa.FreeVar][]ssa.Value
	captures    map[ssa.Value][]*ssa.FreeVar
	indexed     map[*ssa.Function]bool
	fieldStores map[fieldKey][]store
	structs     typeutil.Map // each struct type to the identical one keyed
	elemStores  []store      // into elements: x[i] = v
	mapStores   []store      // m[k] = v
	appends     map[*ssa.Call]bool

	// Adapters are calls of other packages' functions whose result
	// holds the functions among their operands, their errors unchanged
	// (mcp-go's NewTypedToolHandler): the caller sets it.
	Adapters func(*ssa.CallCommon) bool

	// Wrappers are calls of other packages' functions whose result is a
	// handler built around the functions among their operands, which it
	// may forward, convert or recover (a guard of another package, read
	// from its fact): the caller sets it. Such a call's result holds the
	// call itself, as an object, for the caller to follow.
	Wrappers func(*ssa.CallCommon) bool

	// The sets answered, and those still estimates (see of).
	sets fixpoint.Solver[ssa.Value, *Set]
}

type fieldKey struct {
	strct *types.Struct
	field int
}

type store struct{ base, val ssa.Value }

// maxDepth bounds the chains of values followed; deeper ones are
// incomplete.
const maxDepth = 24

// Of returns what v may hold.
func (g *Graph) Of(v ssa.Value) *Set { return g.of(v, 0) }

// of is Of for a value met depth values away from the question.
//
// A value may hold what it holds through itself: a phi of a loop, a
// variable stored back into. The values met again while they are being
// answered form strongly connected components, found as Tarjan's
// algorithm finds them: a value met again answers its estimate (at first
// nothing, complete), the values computed from an estimate stay
// estimates, and the component's first value, when done, computes the
// component again until no estimate grows; then all of it is answered.
// A value whose computation met no estimate is answered at once.
func (g *Graph) of(v ssa.Value, depth int) *Set {
	if s, ok := g.sets.Known(v); ok {
		return s
	}
	if depth > maxDepth {
		return &Set{}
	}
	return g.sets.Solve(v, func() *Set { return g.compute(v, depth) })
}

// joinSets joins a computed set with its estimate: estimates only grow.
// Neither is changed: either may be another value's answer.
func joinSets(computed, estimate *Set) (*Set, bool) {
	joined := computed
	if !computed.covers(estimate) {
		joined = computed.clone()
		joined.union(estimate)
	}
	return joined, joined.size() != estimate.size() || joined.Complete != estimate.Complete
}

func (g *Graph) compute(v ssa.Value, depth int) *Set {
	s := newBuilder(true)
	next := func(v ssa.Value) { s.union(g.of(v, depth+1)) }
	switch x := v.(type) {
	case *ssa.Function:
		s.addFunc(FuncOf(x))
	case *ssa.MakeClosure:
		s.addFunc(FuncOf(x.Fn.(*ssa.Function)))
	case *ssa.Alloc:
		s.addObject(x)
		// A struct or array variable that whole values are copied into
		// holds their fields and elements too.
		if byValue(x.Type().(*types.Pointer).Elem()) {
			vals, complete := g.cellValues(x)
			for _, v := range vals {
				next(v)
			}
			s.and(complete)
		}
	case *ssa.MakeSlice, *ssa.MakeMap, *ssa.Global:
		s.addObject(x)
	case *ssa.Const:
		// nil, or a constant: no function or object.
	case *ssa.ChangeType:
		next(x.X)
	case *ssa.MakeInterface:
		next(x.X)
	case *ssa.ChangeInterface:
		next(x.X)
	case *ssa.TypeAssert:
		next(x.X)
	case *ssa.Slice:
		next(x.X)
	case *ssa.FieldAddr:
		next(x.X) // a field's address stands for its struct
	case *ssa.IndexAddr:
		next(x.X) // an element's address stands for its container
		// and, for structs and arrays held by value, for those copied
		// whole into its elements.
		if byValue(x.Type().(*types.Pointer).Elem()) {
			s.union(g.stored(g.elemStores, x.X, depth))
		}
	case *ssa.Phi:
		for _, e := range x.Edges {
			next(e)
		}
	case *ssa.UnOp:
		if x.Op != token.MUL {
			s.and(false)
			break
		}
		// A struct or array held by value is the object at its
		// address; what is loaded is also whatever was stored there
		// whole.
		if byValue(x.Type()) {
			next(x.X)
		}
		s.union(g.loaded(x.X, depth))
	case *ssa.Field:
		// A field of a struct value: the stores into that field of the
		// objects the struct value stands for.
		s.union(g.fieldOf(x.X, x.X.Type(), x.Field, depth))
	case *ssa.Lookup:
		if _, ok := x.X.Type().Underlying().(*types.Map); ok {
			s.union(g.stored(g.mapStores, x.X, depth))
		} else {
			s.and(false) // a string's byte
		}
	case *ssa.Extract:
		s.union(g.extracted(x, depth))
	case *ssa.Call:
		s.union(g.results(x, 0, depth))
	case *ssa.Parameter:
		s.union(g.param(x, depth))
	case *ssa.FreeVar:
		s.union(g.freeVar(x, depth))
	default:
		s.and(false)
	}
	return s.set()
}

// loaded returns what a load from addr may yield.
func (g *Graph) loaded(addr ssa.Value, depth int) *Set {
	s := newBuilder(true)
	switch a := addr.(type) {
	case *ssa.Global:
		for _, v := range g.globalStores[a] {
			s.union(g.of(v, depth+1))
		}
		if a.Object() != nil && a.Object().Exported() {
			s.and(false) // other packages may store into it
		}
	case *ssa.Alloc:
		vals, complete := g.cellValues(a)
		for _, v := range vals {
			s.union(g.of(v, depth+1))
		}
		s.and(complete)
	case *ssa.FieldAddr:
		s.union(g.fieldOf(a.X, a.X.Type(), a.Field, depth))
	case *ssa.IndexAddr:
		s.union(g.stored(g.elemStores, a.X, depth))
	default:
		// A pointer from elsewhere (a parameter, a result): the cells
		// it may point to.
		objs := g.of(addr, depth+1)
		s.and(objs.Complete)
		for _, o := range objs.Objects {
			switch o := o.(type) {
			case *ssa.Global:
				s.union(g.loaded(o, depth+1))
			case *ssa.Alloc:
				s.union(g.loaded(o, depth+1))
			}
		}
	}
	return s.set()
}

// byValue reports whether t is a struct or an array: a value that holds
// its fields or elements, not a reference to them.
func byValue(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Struct, *types.Array:
		return true
	}
	return false
}

// cellValues returns the values stored into the variable a: by its
// function, and by the closures that capture it, and whether those are
// all (a closure not indexed may store into it too).
func (g *Graph) cellValues(a *ssa.Alloc) ([]ssa.Value, bool) {
	vals := g.cellStores[a]
	if len(g.captures[a]) == 0 {
		return vals, true
	}
	vals = slices.Clone(vals)
	complete := true
	var capture func(v ssa.Value)
	capture = func(v ssa.Value) {
		for _, fv := range g.captures[v] {
			if !g.indexed[fv.Parent()] {
				complete = false
			}
			vals = append(vals, g.freeStores[fv]...)
			capture(fv) // bound in turn by the closures it makes
		}
	}
	capture(a)
	return vals, complete
}

// fieldOf returns what field i of the objects base stands for holds.
func (g *Graph) fieldOf(base ssa.Value, t types.Type, i int, depth int) *Set {
	k, ok := g.keyOf(t, i)
	if !ok {
		return &Set{}
	}
	objs := g.of(base, depth+1)
	s := newBuilder(objs.Complete)
	for _, st := range g.fieldStores[k] {
		// Where the base is not all known, every store into the field
		// may be the one.
		if !objs.Complete || g.of(st.base, depth+1).meets(objs) {
			s.union(g.of(st.val, depth+1))
		}
	}
	return s.set()
}

// stored returns the values of stores (into elements or maps) whose base
// may be one of the objects container stands for.
func (g *Graph) stored(stores []store, container ssa.Value, depth int) *Set {
	objs := g.of(container, depth+1)
	s := newBuilder(objs.Complete)
	for _, st := range stores {
		if !objs.Complete || g.of(st.base, depth+1).meets(objs) {
			s.union(g.of(st.val, depth+1))
		}
	}
	return s.set()
}

func (g *Graph) extracted(x *ssa.Extract, depth int) *Set {
	switch t := x.Tuple.(type) {
	case *ssa.Call:
		return g.results(t, x.Index, depth)
	case *ssa.Lookup:
		if x.Index == 0 {
			return g.of(t, depth+1)
		}
	case *ssa.TypeAssert:
		if x.Index == 0 {
			return g.of(t.X, depth+1)
		}
	case *ssa.Next:
		// for k, v := range m: the map's keys and values.
		if r, ok := t.Iter.(*ssa.Range); ok && x.Index == 2 {
			if _, ok := r.X.Type().Underlying().(*types.Map); ok {
				return g.stored(g.mapStores, r.X, depth)
			}
		}
	}
	return &Set{Complete: x.Index == 0} // ok flags and keys hold nothing
}

// results returns what result i of call may hold.
func (g *Graph) results(call *ssa.Call, i int, depth int) *Set {
	common := call.Common()
	if g.appends[call] {
		// append(s, xs...): the same containers, and the one xs is.
		s := newBuilder(true)
		for _, a := range common.Args {
			s.union(g.of(a, depth+1))
		}
		return s.set()
	}
	if g.Adapters != nil && g.Adapters(common) {
		s := newBuilder(true)
		for _, a := range common.Args {
			if _, ok := a.Type().Underlying().(*types.Signature); ok {
				s.union(g.of(a, depth+1))
			}
		}
		return s.set()
	}
	if g.Wrappers != nil && g.Wrappers(common) {
		s := newBuilder(true)
		s.addObject(call)
		return s.set()
	}
	if common.IsInvoke() {
		return &Set{}
	}
	var callees []*ssa.Function
	if fn := common.StaticCallee(); fn != nil {
		callees = []*ssa.Function{fn}
	} else {
		fs := g.of(common.Value, depth+1)
		if !fs.Complete {
			return &Set{}
		}
		callees = fs.Funcs
	}
	s := newBuilder(true)
	for _, fn := range callees {
		if fn.Pkg != g.pkg || fn.Blocks == nil {
			return &Set{}
		}
		for _, b := range fn.Blocks {
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && i < len(ret.Results) {
				s.union(g.of(ret.Results[i], depth+1))
			}
		}
	}
	return s.set()
}

// param returns what the package's calls pass to parameter p.
func (g *Graph) param(p *ssa.Parameter, depth int) *Set {
	fn := p.Parent()
	i := slices.Index(fn.Params, p)
	key := origin(fn)
	s := newBuilder(fn.Parent() == nil && !g.escapes[key])
	if i < 0 {
		return &Set{}
	}
	for _, c := range g.callers[key] {
		if i < len(c.Args) {
			s.union(g.of(c.Args[i], depth+1))
		}
	}
	return s.set()
}

// freeVar returns what the closures of fv's function capture there.
func (g *Graph) freeVar(fv *ssa.FreeVar, depth int) *Set {
	fn := fv.Parent()
	i := slices.Index(fn.FreeVars, fv)
	parent := fn.Parent()
	s := newBuilder(true)
	if parent == nil || i < 0 {
		return &Set{}
	}
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if !ok || mc.Fn != fn || i >= len(mc.Bindings) {
				continue
			}
			// A captured variable is bound as its cell: the cell itself,
			// which loads in the closure read.
			s.union(g.of(mc.Bindings[i], depth+1))
		}
	}
	return s.set()
}

// FuncOf returns the declared function or literal fn stands for: the
// generic origin of an instantiation, and the method of a method value's
// bound wrapper (x.m is a closure over a synthetic wrapper that belongs
// to no package; its object is m).
func FuncOf(fn *ssa.Function) *ssa.Function {
	if fn.Origin() != nil {
		return fn.Origin()
	}
	if m, ok := fn.Object().(*types.Func); ok && fn.Synthetic != "" && m.Signature().Recv() != nil {
		if target := fn.Prog.FuncValue(m); target != nil && target != fn {
			return target
		}
	}
	return fn
}
