package handlers

import (
	"fmt"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/argflow"
)

// A seedSource is where the seeds of a forward come from: the arguments of
// a call in a raw handler of this package that hold argument values, or
// what another package's wrapper fact says its handler passes.
type seedSource struct {
	from *Handler
	call *ssa.CallCommon // nil for another package's wrapper

	// wrapper and fp identify another package's forwarded parameter,
	// whose seeds that package's summaries pass recorded.
	wrapper *ssa.Function
	fp      ForwardedParam

	seeds    []int
	seededAt int // how many seeds from had when seeds were computed; -1: never
}

// A seedEdge says that the call of src forwards the errors of target,
// whose parameters are the call's arguments shifted by offset: a method
// reached through a method value takes its receiver as an extra first
// parameter that the call does not pass.
type seedEdge struct {
	src    *seedSource
	target *Handler
	offset int
}

// foreignKey identifies a forwarded parameter of another package's wrapper.
type foreignKey struct {
	wrapper          *ssa.Function
	param, args      int
	made, resultFlow bool
	sdk, method      string
}

// A wrapperSite is a site that forwards a function-typed parameter of one
// of the package's wrappers, with what the wrapper's fact says of it.
type wrapperSite struct {
	fp  ForwardedParam
	src *seedSource
}

func (f *finder) addEdge(e seedEdge) {
	if f.edgeSeen == nil {
		f.edgeSeen = make(map[seedEdge]bool)
	}
	if !f.edgeSeen[e] {
		f.edgeSeen[e] = true
		f.edges = append(f.edges, e)
	}
}

// foreignSource returns the seed source of the forwarded parameter fp of
// wrapper, a function of another package, the same each time it is asked.
func (f *finder) foreignSource(from *Handler, wrapper *ssa.Function, fp ForwardedParam) *seedSource {
	key := foreignKey{wrapper, fp.Param, fp.Args, fp.Made, fp.ResultFlow, fp.SDK, fp.Method}
	if src, ok := f.foreignSrcs[key]; ok {
		return src
	}
	if f.foreignSrcs == nil {
		f.foreignSrcs = make(map[foreignKey]*seedSource)
	}
	src := &seedSource{from: from, wrapper: wrapper, fp: fp, seededAt: -1}
	f.foreignSrcs[key] = src
	return src
}

// Seed finds which parameters of the forwarded functions hold argument
// values: those a forwarding call passes argument values in, as the
// argument flow of its handler tells (flowOf, which reads the summaries
// of the package's functions), and those other packages' wrappers pass
// them in, as their packages recorded (importSeeds, which returns a
// wrapper's WrapperSeeds as its package computed them). It iterates to
// a fixed point: a forwarded function forwards the seeds it gains in
// turn. Seeds only grow, so it converges.
func (r *Result) Seed(flowOf func(*Handler) *argflow.Func, importSeeds func(wrapper *types.Func) []ForwardedParam) {
	f := r.finder
	f.flowOf, f.importSeeds = flowOf, importSeeds
	for changed := true; changed; {
		changed = false
		for _, e := range f.edges {
			params := e.target.Fn.Params
			for _, i := range f.seedsOf(e.src) {
				if p := i + e.offset; p >= 0 && p < len(params) && !slices.Contains(e.target.Seeds, params[p]) {
					e.target.Seeds = append(e.target.Seeds, params[p])
					changed = true
				}
			}
		}
	}
}

// seedsOf returns the indexes of the arguments of src's call that hold
// argument values, computed again only when its handler has gained seeds.
func (f *finder) seedsOf(src *seedSource) []int {
	if src.call == nil {
		if src.seededAt < 0 {
			src.seeds, src.seededAt = f.foreignSeeds(src.wrapper, src.fp), 0
		}
		return src.seeds
	}
	if src.seededAt == len(src.from.Seeds) {
		return src.seeds
	}
	flow := f.flowOfHandler(src.from)
	var seeds []int
	for i, arg := range src.call.Args {
		if flow.Taint(arg)&argflow.ArgValue != 0 {
			seeds = append(seeds, i)
		}
	}
	src.seeds, src.seededAt = seeds, len(src.from.Seeds)
	return seeds
}

// foreignSeeds returns the seeds another package recorded for the
// forwarded parameter fp of its wrapper: those of every site of that
// package that forwards it so.
func (f *finder) foreignSeeds(wrapper *ssa.Function, fp ForwardedParam) []int {
	if wrapper.Origin() != nil {
		wrapper = wrapper.Origin()
	}
	obj, ok := wrapper.Object().(*types.Func)
	if !ok || f.importSeeds == nil {
		return nil
	}
	var seeds []int
	for _, x := range f.importSeeds(obj.Origin()) {
		if x.Param == fp.Param && x.Made == fp.Made && x.Method == fp.Method && x.SDK == fp.SDK && x.Args == fp.Args && x.ResultFlow == fp.ResultFlow {
			for _, i := range x.Seeds {
				if !slices.Contains(seeds, i) {
					seeds = append(seeds, i)
				}
			}
		}
	}
	slices.Sort(seeds)
	return seeds
}

// WrapperSeeds returns, once Seed has run, for each wrapper of the
// package with forwarded parameters some call through which passes
// argument values, the seeds of those calls: one entry for each distinct
// set, sorted, for the packages that pass functions to the wrapper.
func (r *Result) WrapperSeeds() map[*types.Func][]ForwardedParam {
	f := r.finder
	out := make(map[*types.Func][]ForwardedParam)
	for fn, sites := range f.wrapperSites {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Synthetic != "" || fn.Pkg == nil || obj.Pkg() != fn.Pkg.Pkg {
			continue
		}
		var fps []ForwardedParam
		for _, ws := range sites {
			fp := ws.fp
			fp.Seeds = f.seedsOf(ws.src)
			if len(fp.Seeds) == 0 {
				fp.Seeds = nil
			}
			fps = append(fps, fp)
		}
		slices.SortFunc(fps, compareForwardedParams)
		fps = slices.CompactFunc(fps, func(a, b ForwardedParam) bool { return compareForwardedParams(a, b) == 0 })
		if slices.ContainsFunc(fps, func(fp ForwardedParam) bool { return len(fp.Seeds) > 0 }) {
			out[obj] = fps
		}
	}
	return out
}

// flowOfHandler returns the argument flow of h's function with its seeds
// as they are, made again only when h has gained seeds since.
func (f *finder) flowOfHandler(h *Handler) *argflow.Func {
	if c, ok := f.flows[h]; ok && c.seeds == len(h.Seeds) {
		return c.flow
	}
	if f.flows == nil {
		f.flows = make(map[*Handler]seededFlow)
	}
	flow := f.flowOf(h)
	f.flows[h] = seededFlow{len(h.Seeds), flow}
	return flow
}

// A seededFlow is a handler's argument flow, made when it had seeds seeds.
type seededFlow struct {
	seeds int
	flow  *argflow.Func
}

// SeedsString words the seeds of a wrapper's forwarded parameters, as
// WrapperSeeds returns them, for the fact that carries them: "0 seeds 2;
// 1 seeds none".
func SeedsString(fps []ForwardedParam) string {
	var parts []string
	for _, fp := range fps {
		seeds := "none"
		if len(fp.Seeds) > 0 {
			seeds = strings.Trim(fmt.Sprint(fp.Seeds), "[]")
		}
		parts = append(parts, strconv.Itoa(fp.Param)+" seeds "+seeds)
	}
	return strings.Join(parts, "; ")
}
