package argflow

// Taints are computed on demand, and a value's taint may depend on itself:
// through a phi of a loop, or through a variable whose address is passed
// to a call whose operands are asked about (taint(&a) asks the taint of
// &a while a's is being computed). The values met again while they are
// being computed form strongly connected components, found as Tarjan's
// algorithm finds them: a value met again answers its current estimate,
// the values computed from an estimate are kept as estimates, not
// answers, and the component's first value, when it is done, computes the
// component again until no estimate grows. Only then are the estimates
// answers. A value whose computation met no estimate is an answer at
// once, so each value is computed about once per question that reaches
// it, and a component a few times (taints have four bits).

// A node is a value (or field) whose taint is an estimate: it is being
// computed, or was computed from an estimate of a component not done.
type node struct {
	t      Taint
	index  int  // its position on the stack
	low    int  // the lowest position of an estimate its computation read
	active bool // its computation is under way
	self   bool // it was read while active
}

// solve returns the taint of k, computed by compute, memoizing it once it
// is final. k is an ssa.Value or a fieldOf.
func (f *Func) solve(k any, compute func() Taint) Taint {
	if t, ok := f.memo[k]; ok {
		return t
	}
	if n, ok := f.open[k]; ok {
		if n.active {
			n.self = true
			f.low = min(f.low, n.index)
		} else {
			f.low = min(f.low, n.low)
		}
		return n.t
	}
	if f.open == nil {
		f.open = make(map[any]*node)
	}
	d := len(f.stack)
	n := &node{t: f.prev[k], index: d, active: true}
	f.open[k] = n
	f.stack = append(f.stack, k)
	outerLow, outerGrew := f.low, f.grew
	for {
		f.low, f.grew = d, false
		if t := compute() | n.t; t != n.t {
			n.t, f.grew = t, true
		}
		n.active = false
		if f.low < d {
			// Part of a component that began further out: an estimate
			// until that component is done.
			n.low = f.low
			f.low = min(outerLow, n.low)
			f.grew = outerGrew || f.grew
			return n.t
		}
		members := f.stack[d:]
		if f.grew && (len(members) > 1 || n.self) {
			// Compute the component again from the grown estimates:
			// the others as new, k from where it is.
			for _, m := range members[1:] {
				if f.prev == nil {
					f.prev = make(map[any]Taint)
				}
				f.prev[m] = f.open[m].t
				delete(f.open, m)
			}
			f.stack = f.stack[:d+1]
			n.active, n.self = true, false
			continue
		}
		for _, m := range members {
			f.memo[m] = f.open[m].t
			delete(f.open, m)
			delete(f.prev, m)
		}
		f.stack = f.stack[:d]
		f.low, f.grew = outerLow, outerGrew
		return n.t
	}
}
