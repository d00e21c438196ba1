package assertions

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
)

// A panic of x.(T) on a tool argument needs x's dynamic type to come from
// the arguments, that is from JSON decoding. argflow answers a different
// question, whether x carries argument data: a map the handler builds
// from argument strings carries it, yet the handler put every value into
// that map itself, with types the program fixed. programTyped traces the
// asserted value back to the values boxed into it and answers whether
// each was boxed by the program (a MakeInterface of a concrete type, or a
// constant): an assertion on such a value checks the program's own
// values, and no argument can make it panic.
//
// It is conservative the other way: a container the program does not
// hold alone before the assertion (passed to a call, stored elsewhere,
// decoded into, or not built in the function) is answered false, unless a
// store of the same constant key dominates the lookup with nothing in
// between that could write the map.

// programTyped reports whether the dynamic type of v, an interface value,
// is fixed by the program: every value it can hold was boxed from a
// concrete type by the program, or is a constant.
func programTyped(v ssa.Value) bool {
	t := &typeTracer{state: make(map[ssa.Value]traceState)}
	return t.fixed(v)
}

type typeTracer struct {
	// state holds the values being traced, and those found not fixed:
	// a value met again on a cycle (a phi of a loop) adds no source of
	// its own. A value found fixed is not remembered: the answer may
	// have leaned on a cycle that later fails, and lookups try a second
	// way (a dominating store) when the first fails.
	state map[ssa.Value]traceState
	steps int
}

type traceState uint8

const (
	tracing traceState = iota + 1
	notFixed
)

// maxTraceSteps bounds the values traced for one assertion.
const maxTraceSteps = 512

func (t *typeTracer) fixed(v ssa.Value) bool {
	switch t.state[v] {
	case tracing:
		return true
	case notFixed:
		return false
	}
	t.state[v] = tracing
	t.steps++
	ok := t.steps <= maxTraceSteps && t.trace(v)
	if ok {
		delete(t.state, v)
	} else {
		t.state[v] = notFixed
	}
	return ok
}

func (t *typeTracer) trace(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.Const:
		return true
	case *ssa.MakeInterface:
		return !types.IsInterface(v.X.Type())
	case *ssa.ChangeInterface:
		return t.fixed(v.X)
	case *ssa.TypeAssert:
		// x.(I) for an interface I keeps x's dynamic type.
		return !v.CommaOk && types.IsInterface(v.AssertedType) && t.fixed(v.X)
	case *ssa.Phi:
		for _, e := range v.Edges {
			if !t.fixed(e) {
				return false
			}
		}
		return true
	case *ssa.Extract:
		switch tup := v.Tuple.(type) {
		case *ssa.Lookup:
			if v.Index == 0 {
				return t.lookup(tup)
			}
		case *ssa.Next:
			// for _, x := range m: any value of m.
			if v.Index == 2 && !tup.IsString {
				if r, ok := tup.Iter.(*ssa.Range); ok {
					return t.mapValues(r.X, nil, tup)
				}
			}
		}
	case *ssa.Lookup:
		return t.lookup(v)
	case *ssa.UnOp:
		if v.Op != token.MUL {
			return false
		}
		switch addr := v.X.(type) {
		case *ssa.IndexAddr:
			return t.sliceElems(addr.X, v)
		case *ssa.FieldAddr:
			return t.structField(addr.X, addr.Field, v)
		}
	case *ssa.Field:
		// s.f of a struct value loaded from a local variable.
		if load, ok := v.X.(*ssa.UnOp); ok && load.Op == token.MUL {
			return t.structField(load.X, v.Field, v)
		}
	}
	return false
}

// lookup answers for m[k].
func (t *typeTracer) lookup(l *ssa.Lookup) bool {
	if _, ok := l.X.Type().Underlying().(*types.Map); !ok {
		return false // a string index is not an interface
	}
	if t.mapValues(l.X, l.Index, l) {
		return true
	}
	if st := dominatingStore(l); st != nil {
		return t.fixed(st.Value)
	}
	return false
}

// mapValues reports whether every value a map made in the function may
// hold under key (under any key when key is nil or not constant) at read
// is program-typed.
func (t *typeTracer) mapValues(m, key ssa.Value, read ssa.Instruction) bool {
	set, ok := localContainer(m, func(v ssa.Value) bool {
		_, ok := v.(*ssa.MakeMap)
		return ok
	})
	if !ok {
		return false
	}
	k, constKey := constString(key)
	for v := range set {
		refs := v.Referrers()
		if refs == nil {
			continue // a constant: the nil map or slice a variable starts as
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.MapUpdate:
				if !set[r.Map] {
					if set[r.Value] && ssaval.Reaches(r, read) {
						return false
					}
					continue
				}
				if constKey {
					if k2, ok := constString(r.Key); ok && k2 != k {
						continue
					}
				}
				if !t.fixed(r.Value) {
					return false
				}
			case *ssa.Lookup, *ssa.Range, *ssa.DebugRef, *ssa.Phi:
			case *ssa.Store:
				// Into a local cell: its loads are in set.
				if cell, ok := r.Addr.(*ssa.Alloc); !ok || r.Val != v || !localCell(cell) {
					if ssaval.Reaches(r, read) {
						return false
					}
				}
			default:
				if !harmlessUse(r, v) && ssaval.Reaches(r, read) {
					return false
				}
			}
		}
	}
	return true
}

// sliceElems reports whether every element a slice made in the function
// may hold at read is program-typed: the values appended to it, stored
// into its elements, or the zero values of make.
func (t *typeTracer) sliceElems(s ssa.Value, read ssa.Instruction) bool {
	if _, ok := s.Type().Underlying().(*types.Slice); !ok {
		return false // an array's elements: its address may be anything
	}
	set, ok := localContainer(s, func(v ssa.Value) bool {
		switch v := v.(type) {
		case *ssa.MakeSlice:
			return true
		case *ssa.Alloc:
			// make([]any, 0, 2), or a slice literal: the SSA builder
			// allocates the array of a constant size, and slices it; its
			// elements are stored through IndexAddr, checked below.
			_, isArray := v.Type().(*types.Pointer).Elem().Underlying().(*types.Array)
			return isArray
		}
		return false
	})
	if !ok {
		return false
	}
	for v := range set {
		refs := v.Referrers()
		if refs == nil {
			continue // a constant: the nil map or slice a variable starts as
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.Call:
				if isBuiltin(r.Common(), "append") && r.Common().Args[0] == v {
					if len(r.Common().Args) > 1 && !t.varargs(r.Common().Args[1]) {
						return false
					}
					continue
				}
				if !harmlessUse(r, v) && ssaval.Reaches(r, read) {
					return false
				}
			case *ssa.IndexAddr:
				if !t.storesFixed(r, read) {
					return false
				}
			case *ssa.Slice:
				if r.X != v && ssaval.Reaches(r, read) {
					return false
				}
			case *ssa.Phi, *ssa.DebugRef:
			default:
				if !harmlessUse(r, v) && ssaval.Reaches(r, read) {
					return false
				}
			}
		}
	}
	return true
}

// varargs reports whether the elements of the slice of an append call's
// variadic values, append(s, a, b), are program-typed: a slice of a local
// array whose elements are stored one by one.
func (t *typeTracer) varargs(v ssa.Value) bool {
	if c, ok := v.(*ssa.Const); ok {
		return c.IsNil()
	}
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return false
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, r := range *arr.Referrers() {
		switch r := r.(type) {
		case *ssa.Slice, *ssa.DebugRef:
		case *ssa.IndexAddr:
			for _, u := range *r.Referrers() {
				st, ok := u.(*ssa.Store)
				if !ok || st.Addr != r || !t.fixed(st.Val) {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// structField reports whether every value field i of a struct variable
// local to the function (a composite literal, &T{...}) may hold at read
// is program-typed.
// storesFixed reports whether every value stored through addr, an
// element's or a field's address, has a type the program fixed, and no
// other use of addr but a load can run before read.
func (t *typeTracer) storesFixed(addr ssa.Value, read ssa.Instruction) bool {
	for _, u := range *addr.Referrers() {
		switch u := u.(type) {
		case *ssa.Store:
			if u.Addr == addr && !t.fixed(u.Val) {
				return false
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			if ssaval.Reaches(u, read) {
				return false
			}
		}
	}
	return true
}

func (t *typeTracer) structField(addr ssa.Value, i int, read ssa.Instruction) bool {
	a, ok := addr.(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.FieldAddr:
			if r.Field != i {
				continue
			}
			if !t.storesFixed(r, read) {
				return false
			}
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.DebugRef:
		case *ssa.Store:
			if r.Addr != a {
				// The variable's address stored elsewhere.
				if ssaval.Reaches(r, read) {
					return false
				}
				continue
			}
			// b := T{...}: the whole struct copied from a composite
			// literal, or its zero value.
			switch val := r.Val.(type) {
			case *ssa.Const:
			case *ssa.UnOp:
				if val.Op != token.MUL || !t.structField(val.X, i, r) {
					return false
				}
			default:
				return false
			}
		default:
			if ssaval.Reaches(r, read) {
				return false
			}
		}
	}
	return true
}

func isBuiltin(c *ssa.CallCommon, name string) bool {
	b, ok := c.Value.(*ssa.Builtin)
	return ok && b.Name() == name
}

func constString(v ssa.Value) (string, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(c.Value), true
}
