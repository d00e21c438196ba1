package valueflow

import (
	"maps"
	"slices"

	"golang.org/x/tools/go/ssa"
)

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
