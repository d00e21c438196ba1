package valueflow

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

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
