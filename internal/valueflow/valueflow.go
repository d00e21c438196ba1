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
	"maps"
	"slices"

	"github.com/mcperrlint/mcperrlint/internal/fixpoint"
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

// A Set is what a value may hold: functions, allocations (*ssa.Alloc,
// *ssa.MakeSlice, *ssa.MakeMap, *ssa.Global), the handlers that calls of
// Graph.Wrappers make (*ssa.Call), and whether that is all.
type Set struct {
	Funcs   []*ssa.Function
	Objects []ssa.Value
	// Complete reports that the value may hold nothing else.
	Complete bool

	// The members, for unions and meets in constant time once the set
	// is large: the sets of a large package's tables are unioned many
	// times over. A small set is scanned instead: most hold a function
	// or two, and a map for each of them cost more than it saved.
	has map[any]bool
}

// smallSet is the size from which a set indexes its members.
const smallSet = 16

// contains reports whether x is a member, a function or an object.
func (s *Set) contains(x any) bool {
	if s.has != nil {
		return s.has[x]
	}
	for _, fn := range s.Funcs {
		if any(fn) == x {
			return true
		}
	}
	for _, o := range s.Objects {
		if any(o) == x {
			return true
		}
	}
	return false
}

func (s *Set) add(x any) bool {
	if s.contains(x) {
		return false
	}
	if s.has == nil && len(s.Funcs)+len(s.Objects) >= smallSet {
		s.has = make(map[any]bool, 2*smallSet)
		for _, fn := range s.Funcs {
			s.has[fn] = true
		}
		for _, o := range s.Objects {
			s.has[o] = true
		}
	}
	if s.has != nil {
		s.has[x] = true
	}
	return true
}

func (s *Set) addFunc(fn *ssa.Function) {
	if s.add(fn) {
		s.Funcs = append(s.Funcs, fn)
	}
}

func (s *Set) addObject(v ssa.Value) {
	if s.add(v) {
		s.Objects = append(s.Objects, v)
	}
}

func (s *Set) union(t *Set) {
	for _, fn := range t.Funcs {
		s.addFunc(fn)
	}
	for _, o := range t.Objects {
		s.addObject(o)
	}
	s.Complete = s.Complete && t.Complete
}

func (s *Set) meets(t *Set) bool {
	if len(s.Objects) > len(t.Objects) {
		s, t = t, s
	}
	for _, o := range s.Objects {
		if t.contains(o) {
			return true
		}
	}
	return false
}

func (s *Set) size() int { return len(s.Funcs) + len(s.Objects) }

func (s *Set) clone() *Set {
	c := &Set{Funcs: slices.Clone(s.Funcs), Objects: slices.Clone(s.Objects), Complete: s.Complete}
	if s.has != nil {
		c.has = maps.Clone(s.has)
	}
	return c
}

// covers reports whether s holds every member of t, and is complete
// only if t is: whether the union of the two is s.
func (s *Set) covers(t *Set) bool {
	if s == t {
		return true
	}
	if s.Complete && !t.Complete || t.size() > s.size() {
		return false
	}
	for _, fn := range t.Funcs {
		if !s.contains(fn) {
			return false
		}
	}
	for _, o := range t.Objects {
		if !s.contains(o) {
			return false
		}
	}
	return true
}

// A builder makes a set from others. The sets answered are never changed,
// so it shares the first one it is given until something is added to it:
// what a value holds flows unchanged through chains of others (phis,
// conversions, loads of locals), and copying a large table's set at every
// step of them was most of what this package allocated.
type builder struct {
	s        *Set
	shared   bool // s is another's: copy before changing it
	complete bool // Complete, until s is set
}

func newBuilder(complete bool) builder { return builder{complete: complete} }

func (b *builder) own() *Set {
	if b.s == nil {
		b.s = &Set{Complete: b.complete}
	} else if b.shared {
		b.s, b.shared = b.s.clone(), false
	}
	return b.s
}

func (b *builder) union(t *Set) {
	switch {
	case b.s == nil && (b.complete || !t.Complete):
		b.s, b.shared = t, true
	case b.s != nil && b.shared && b.s.covers(t):
	default:
		b.own().union(t)
	}
}

func (b *builder) addFunc(fn *ssa.Function) { b.own().addFunc(fn) }

func (b *builder) addObject(v ssa.Value) { b.own().addObject(v) }

// and makes the set incomplete unless complete.
func (b *builder) and(complete bool) {
	switch {
	case complete:
	case b.s == nil:
		b.complete = false
	case b.s.Complete:
		b.own().Complete = false
	}
}

// set returns the set built.
func (b *builder) set() *Set {
	if b.s == nil {
		return &Set{Complete: b.complete}
	}
	return b.s
}

// New indexes the stores and calls of funcs, the package's functions
// (with its init, which fills package-level tables).
func New(pkg *ssa.Package, funcs []*ssa.Function) *Graph {
	g := &Graph{
		pkg:          pkg,
		callers:      make(map[*ssa.Function][]*ssa.CallCommon),
		escapes:      make(map[*ssa.Function]bool),
		globalStores: make(map[*ssa.Global][]ssa.Value),
		cellStores:   make(map[*ssa.Alloc][]ssa.Value),
		freeStores:   make(map[*ssa.FreeVar][]ssa.Value),
		captures:     make(map[ssa.Value][]*ssa.FreeVar),
		indexed:      make(map[*ssa.Function]bool),
		fieldStores:  make(map[fieldKey][]store),
		appends:      make(map[*ssa.Call]bool),
	}
	g.sets.Initial = func() *Set { return &Set{Complete: true} }
	g.sets.Join = joinSets
	for _, fn := range funcs {
		g.indexed[fn] = true
		if fn.Pkg == pkg && fn.Object() != nil && fn.Object().Exported() {
			g.escapes[fn] = true
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				g.index(instr)
			}
		}
	}
	return g
}

func (g *Graph) index(instr ssa.Instruction) {
	switch instr := instr.(type) {
	case *ssa.Store:
		switch addr := instr.Addr.(type) {
		case *ssa.Global:
			g.globalStores[addr] = append(g.globalStores[addr], instr.Val)
		case *ssa.Alloc:
			g.cellStores[addr] = append(g.cellStores[addr], instr.Val)
		case *ssa.FreeVar:
			g.freeStores[addr] = append(g.freeStores[addr], instr.Val)
		case *ssa.FieldAddr:
			if k, ok := g.keyOf(addr.X.Type(), addr.Field); ok {
				g.fieldStores[k] = append(g.fieldStores[k], store{addr.X, instr.Val})
			}
		case *ssa.IndexAddr:
			g.elemStores = append(g.elemStores, store{addr.X, instr.Val})
		}
	case *ssa.MapUpdate:
		g.mapStores = append(g.mapStores, store{instr.Map, instr.Value})
	case *ssa.MakeClosure:
		fn := instr.Fn.(*ssa.Function)
		for i, b := range instr.Bindings {
			if i < len(fn.FreeVars) {
				g.captures[b] = append(g.captures[b], fn.FreeVars[i])
			}
		}
	}
	if c, ok := instr.(ssa.CallInstruction); ok {
		common := c.Common()
		if b, ok := common.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			if call, ok := c.(*ssa.Call); ok {
				g.appends[call] = true
			}
		}
		callee := common.StaticCallee()
		if callee != nil && callee.Pkg == g.pkg {
			g.callers[origin(callee)] = append(g.callers[origin(callee)], common)
		}
	}
	// A function used as a value may be called from anywhere.
	for i, op := range instr.Operands(nil) {
		fn, ok := (*op).(*ssa.Function)
		if !ok || fn.Pkg != g.pkg {
			continue
		}
		if c, isCall := instr.(ssa.CallInstruction); isCall && i == 0 && c.Common().Value == fn {
			continue
		}
		g.escapes[origin(fn)] = true
	}
}

// keyOf returns the key of field i of struct type t, or of the struct t
// points to. Identical struct types share keys: the two spellings of an
// unnamed struct, in a table's result type and in its literal, are two
// *types.Struct.
func (g *Graph) keyOf(t types.Type, field int) (fieldKey, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return fieldKey{}, false
	}
	if canon, ok := g.structs.At(st).(*types.Struct); ok {
		st = canon
	} else {
		g.structs.Set(st, st)
	}
	return fieldKey{st, field}, true
}

func origin(fn *ssa.Function) *ssa.Function {
	if fn.Origin() != nil {
		return fn.Origin()
	}
	return fn
}

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

// Field returns what the field called name holds of the struct v is,
// points to, or, for a slice or array of those, of its elements.
func (g *Graph) Field(v ssa.Value, name string) *Set {
	vals, complete := g.fieldStored(v, name)
	s := newBuilder(complete)
	for _, val := range vals {
		s.union(g.Of(val))
	}
	return s.set()
}

// FieldStored returns the values stored into the field called name of
// the struct v is, points to, or, for a slice or array of those, of its
// elements, and whether those are all it may hold.
func (g *Graph) FieldStored(v ssa.Value, name string) ([]ssa.Value, bool) {
	vals, complete := g.fieldStored(v, name)
	return vals, complete && g.accounts(vals, g.Field(v, name))
}

func (g *Graph) fieldStored(v ssa.Value, name string) ([]ssa.Value, bool) {
	t := v.Type().Underlying()
	objs := &Set{Complete: true}
	objs.union(g.Of(v)) // a copy: the answers are kept
	// The elements: stored whole, or, held by value, filled in place
	// (an element's address stands for its container).
	switch c := t.(type) {
	case *types.Slice:
		t = c.Elem()
		objs.union(g.stored(g.elemStores, v, 0))
	case *types.Array:
		t = c.Elem()
		objs.union(g.stored(g.elemStores, v, 0))
	}
	st := t.Underlying()
	if p, ok := st.(*types.Pointer); ok {
		st = p.Elem().Underlying()
	}
	strct, ok := st.(*types.Struct)
	if !ok {
		return nil, false
	}
	for i := range strct.NumFields() {
		if strct.Field(i).Name() != name {
			continue
		}
		var vals []ssa.Value
		k, _ := g.keyOf(strct, i)
		for _, store := range g.fieldStores[k] {
			if !objs.Complete || g.Of(store.base).meets(objs) {
				vals = append(vals, store.val)
			}
		}
		return vals, objs.Complete
	}
	return nil, false
}

// Stored returns the values a load v may read, when v loads a field, an
// element, a map entry or a package variable and the stores into it hold
// everything Of(v) does. A walk that follows each stored value in the
// function that stored it keeps apart what one factory makes for two
// entries of a table, which Of, answering for every use at once, merges.
func (g *Graph) Stored(v ssa.Value) ([]ssa.Value, bool) {
	var vals []ssa.Value
	collect := func(st store) { vals = append(vals, st.val) }
	complete := false
	switch x := v.(type) {
	case *ssa.Field:
		complete = g.eachFieldStore(x.X, x.X.Type(), x.Field, collect)
	case *ssa.Lookup:
		if _, ok := x.X.Type().Underlying().(*types.Map); ok {
			complete = g.eachStore(g.mapStores, x.X, collect)
		}
	case *ssa.UnOp:
		if x.Op != token.MUL {
			break
		}
		switch a := x.X.(type) {
		case *ssa.FieldAddr:
			complete = g.eachFieldStore(a.X, a.X.Type(), a.Field, collect)
		case *ssa.IndexAddr:
			complete = g.eachStore(g.elemStores, a.X, collect)
		case *ssa.Global:
			vals = g.globalStores[a]
			complete = a.Object() == nil || !a.Object().Exported()
		}
	}
	return vals, complete && g.accounts(vals, g.Of(v))
}

// eachFieldStore calls yield with each store into field i of the objects
// base stands for, and reports whether those objects are all known.
func (g *Graph) eachFieldStore(base ssa.Value, t types.Type, i int, yield func(store)) bool {
	k, ok := g.keyOf(t, i)
	if !ok {
		return false
	}
	return g.eachStore(g.fieldStores[k], base, yield)
}

// eachStore calls yield with each store of stores (into elements, maps
// or a field) whose base may be one of the objects base stands for, and
// reports whether those objects are all known.
func (g *Graph) eachStore(stores []store, base ssa.Value, yield func(store)) bool {
	objs := g.Of(base)
	for _, st := range stores {
		if !objs.Complete || g.Of(st.base).meets(objs) {
			yield(st)
		}
	}
	return objs.Complete
}

// accounts reports whether the values vals may hold are everything want
// holds: the stores a load reads explain it whole.
func (g *Graph) accounts(vals []ssa.Value, want *Set) bool {
	got := &Set{Complete: true}
	for _, v := range vals {
		got.union(g.Of(v))
	}
	return got.covers(want)
}
