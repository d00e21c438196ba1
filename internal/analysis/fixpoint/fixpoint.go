// Package fixpoint memoizes demand-driven computations whose answers may
// depend on themselves: the argument taint of a value of a loop, the
// functions a variable stored back into may hold.
//
// The keys met again while they are being computed form strongly
// connected components, found as Tarjan's algorithm finds them: a key met
// again answers its current estimate, the keys computed from an estimate
// are kept as estimates, not answers, and the component's first key, when
// it is done, computes the component again until no estimate grows. Only
// then are the estimates answers. A key whose computation met no estimate
// is an answer at once, so each key is computed about once per question
// that reaches it, and a component as many times as its estimates can
// grow.
package fixpoint

// A Solver holds the answers and estimates of one computation. The zero
// Solver is not ready: set Initial and Join.
type Solver[K comparable, V any] struct {
	// Initial returns a key's first estimate, the least answer.
	Initial func() V
	// Join returns computed joined with estimate, an answer computed
	// before from less, and whether it holds more than estimate.
	Join func(computed, estimate V) (V, bool)

	memo  map[K]V
	open  map[K]*node[V]
	prev  map[K]V
	stack []K
	low   int
	grew  bool
	free  []*node[V] // nodes of keys answered, for the next keys
}

// A node is a key whose answer is an estimate: it is being computed, or
// was computed from an estimate of a component not done.
type node[V any] struct {
	v      V
	index  int  // its position on the stack
	low    int  // the lowest position of an estimate its computation read
	active bool // its computation is under way
	self   bool // it was read while active
}

// Known returns the answer of k, or its estimate while it is being
// solved (noting that what is being computed read it); false when k has
// neither.
func (s *Solver[K, V]) Known(k K) (V, bool) {
	if v, ok := s.memo[k]; ok {
		return v, true
	}
	if n, ok := s.open[k]; ok {
		if n.active {
			n.self = true
			s.low = min(s.low, n.index)
		} else {
			s.low = min(s.low, n.low)
		}
		return n.v, true
	}
	var zero V
	return zero, false
}

// Solve returns the answer of k, computed by compute, which may ask about
// other keys (and k) through the same Solver.
func (s *Solver[K, V]) Solve(k K, compute func() V) V {
	if v, ok := s.Known(k); ok {
		return v
	}
	if s.open == nil {
		s.memo = make(map[K]V)
		s.open = make(map[K]*node[V])
		s.prev = make(map[K]V)
	}
	d := len(s.stack)
	var n *node[V]
	if last := len(s.free) - 1; last >= 0 {
		n, s.free = s.free[last], s.free[:last]
		*n = node[V]{index: d, active: true}
	} else {
		n = &node[V]{index: d, active: true}
	}
	if v, ok := s.prev[k]; ok {
		n.v = v
	} else {
		n.v = s.Initial()
	}
	s.open[k] = n
	s.stack = append(s.stack, k)
	outerLow, outerGrew := s.low, s.grew
	for {
		s.low, s.grew = d, false
		v, grew := s.Join(compute(), n.v)
		n.v, s.grew, n.active = v, grew, false
		if s.low < d {
			// Part of a component that began further out: an estimate
			// until that component is done.
			n.low = s.low
			s.low = min(outerLow, n.low)
			s.grew = outerGrew || s.grew
			return n.v
		}
		members := s.stack[d:]
		if s.grew && (len(members) > 1 || n.self) {
			// Compute the component again from the grown estimates:
			// the others as new, k from where it is.
			for _, m := range members[1:] {
				s.prev[m] = s.open[m].v
				delete(s.open, m)
			}
			s.stack = s.stack[:d+1]
			n.active, n.self = true, false
			continue
		}
		for _, m := range members {
			mn := s.open[m]
			s.memo[m] = mn.v
			delete(s.open, m)
			delete(s.prev, m)
			s.free = append(s.free, mn)
		}
		s.stack = s.stack[:d]
		s.low, s.grew = outerLow, outerGrew
		return n.v
	}
}

// Forget drops every answer and estimate: what the computation reads
// has changed.
func (s *Solver[K, V]) Forget() {
	clear(s.memo)
	clear(s.prev)
}
