package paths

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/analysis/toolresult"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

// recordRecovered finds the function-typed parameters that a raw handler
// of the package calls under a deferred recover of its own: one that
// answers their panics with a tool result (a guard around the handlers it
// is given), in f.recovers, or one that returns them as its error, in
// f.recoversAsError.
func (f *finder) recordRecovered() {
	f.recovers = make(map[*ssa.Function][]int)
	f.recoversAsError = make(map[*ssa.Function][]int)
	for _, fn := range f.ssa.SrcFuncs {
		h := f.byFunc[fn]
		if h == nil || h.Kind != sdk.Raw {
			continue
		}
		var into map[*ssa.Function][]int
		switch f.recovery(fn) {
		case toolresult.RecoversIntoResult:
			into = f.recovers
		case toolresult.RecoversIntoError:
			into = f.recoversAsError
		default:
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				key, ok := ssaval.CalledParam(fn, call.Call.Value)
				if !ok || key.Made || key.Index < 0 || slices.Contains(into[key.Fn], key.Index) {
					continue
				}
				into[key.Fn] = append(into[key.Fn], key.Index)
			}
		}
	}
	for _, m := range []map[*ssa.Function][]int{f.recovers, f.recoversAsError} {
		for _, ps := range m {
			slices.Sort(ps)
		}
	}
}

// recovery returns what fn's deferred recover makes of a panic, read
// once: the walk asks at every visit.
func (f *finder) recovery(fn *ssa.Function) toolresult.Recovery {
	if r, ok := f.recoveries[fn]; ok {
		return r
	}
	if f.recoveries == nil {
		f.recoveries = make(map[*ssa.Function]toolresult.Recovery)
	}
	r := f.results.Recovery(fn)
	f.recoveries[fn] = r
	return r
}

// below returns the path of what a function that recovers as r calls on
// path p, for panics: a recover into a result stops them; one into an
// error turns them into the function's error, which goes on as p's
// errors do.
func below(r toolresult.Recovery, p path) path {
	switch r {
	case toolresult.RecoversIntoResult:
		return path{}
	case toolresult.RecoversIntoError:
		return path{panicErr: p.raw}
	}
	return path{panics: p.panics, panicErr: p.panicErr}
}

// isFuncType reports whether t is a function type.
func isFuncType(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}
