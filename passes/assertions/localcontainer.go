package assertions

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
)

// localContainer returns the values that are the container v (a map or a
// slice) or alias it within the function, when every value v may be was
// made in the function (made(x) reports that) or is nil: the phis,
// appends and reslicings it flows through, backward and forward.
func localContainer(v ssa.Value, made func(ssa.Value) bool) (map[ssa.Value]bool, bool) {
	set := make(map[ssa.Value]bool)
	var back func(ssa.Value) bool
	back = func(v ssa.Value) bool {
		if set[v] {
			return true
		}
		set[v] = true
		if len(set) > maxTraceSteps {
			return false
		}
		switch x := v.(type) {
		case *ssa.Const:
			return x.IsNil()
		case *ssa.Phi:
			for _, e := range x.Edges {
				if !back(e) {
					return false
				}
			}
			return true
		case *ssa.Slice:
			return back(x.X)
		case *ssa.Call:
			if isBuiltin(x.Common(), "append") {
				return back(x.Common().Args[0])
			}
			return false
		case *ssa.UnOp:
			// A variable that closures capture is a cell: it holds what
			// the function stores there, when only loads use it.
			cell, ok := x.X.(*ssa.Alloc)
			if !ok || x.Op != token.MUL || !localCell(cell) {
				return false
			}
			for _, st := range ssaval.CellStores(cell) {
				if !back(st) {
					return false
				}
			}
			return true
		}
		return made(v)
	}
	if !back(v) {
		return nil, false
	}
	// Forward: what the container flows into within the function. A
	// value made elsewhere met this way (a phi with a parameter) means
	// the container is not the function's alone.
	work := make([]ssa.Value, 0, len(set))
	for v := range set {
		work = append(work, v)
	}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			var next ssa.Value
			switch r := r.(type) {
			case *ssa.Phi:
				next = r
			case *ssa.Slice:
				if r.X == v {
					next = r
				}
			case *ssa.Call:
				if isBuiltin(r.Common(), "append") && r.Common().Args[0] == v {
					next = r
				}
			case *ssa.Store:
				// Into a local cell: every load of it, here or in the
				// closures that capture it, is the container too.
				if cell, ok := r.Addr.(*ssa.Alloc); ok && r.Val == v && localCell(cell) {
					for _, load := range cellLoads(cell) {
						if !set[load] {
							set[load] = true
							work = append(work, load)
						}
					}
				}
			}
			if next == nil || set[next] {
				continue
			}
			if !back(next) {
				return nil, false
			}
			work = append(work, next)
		}
	}
	return set, true
}

// localCell reports whether the variable cell (one that closures
// capture) is only stored into by its own function and loaded from,
// there or in the closures: what it holds is what those stores put there.
func localCell(cell *ssa.Alloc) bool {
	for _, ref := range *cell.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr != cell {
				return false
			}
		case *ssa.UnOp:
			if ref.Op != token.MUL {
				return false
			}
		case *ssa.DebugRef:
		case *ssa.MakeClosure:
			for _, fv := range ssaval.BoundFreeVars(ref, cell) {
				for _, u := range *fv.Referrers() {
					if l, ok := u.(*ssa.UnOp); !ok || l.Op != token.MUL {
						return false
					}
				}
			}
		default:
			return false
		}
	}
	return true
}

// cellLoads returns the loads of cell, in its function and in the
// closures that capture it.
func cellLoads(cell *ssa.Alloc) []ssa.Value {
	var loads []ssa.Value
	for _, ref := range *cell.Referrers() {
		switch ref := ref.(type) {
		case *ssa.UnOp:
			loads = append(loads, ref)
		case *ssa.MakeClosure:
			for _, fv := range ssaval.BoundFreeVars(ref, cell) {
				for _, u := range *fv.Referrers() {
					if l, ok := u.(*ssa.UnOp); ok {
						loads = append(loads, l)
					}
				}
			}
		}
	}
	return loads
}

// harmlessUse reports whether r only reads the container v: len, cap, a
// comparison with nil, the source of an append or a copy, delete (its
// lookups then give nil, the program's doing).
func harmlessUse(r ssa.Instruction, v ssa.Value) bool {
	switch r := r.(type) {
	case *ssa.BinOp:
		return true
	case *ssa.Call:
		c := r.Common()
		if c.IsInvoke() {
			return false
		}
		b, ok := c.Value.(*ssa.Builtin)
		if !ok {
			return false
		}
		switch b.Name() {
		case "len", "cap", "delete":
			return true
		case "append", "copy":
			return len(c.Args) > 1 && c.Args[0] != v
		}
	}
	return false
}
