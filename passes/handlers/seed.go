package handlers

import (
	"fmt"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
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
	// whose seeds its ForwardSeeds fact holds.
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
	sdk              string
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
	key := foreignKey{wrapper, fp.Param, fp.Args, fp.Made, fp.ResultFlow, fp.SDK}
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
// them in, as their ForwardSeeds facts tell (importFact). It iterates to
// a fixed point: a forwarded function forwards the seeds it gains in
// turn. Seeds only grow, so it converges.
func (r *Result) Seed(flowOf func(*Handler) *argflow.Func, importFact func(types.Object, analysis.Fact) bool) {
	f := r.finder
	f.flowOf, f.importFact = flowOf, importFact
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

// foreignSeeds returns the seeds another package's ForwardSeeds fact of
// wrapper gives the forwarded parameter fp: those of every site of that
// package that forwards it so.
func (f *finder) foreignSeeds(wrapper *ssa.Function, fp ForwardedParam) []int {
	if wrapper.Origin() != nil {
		wrapper = wrapper.Origin()
	}
	obj, ok := wrapper.Object().(*types.Func)
	if !ok || f.importFact == nil {
		return nil
	}
	var fact ForwardSeeds
	if !f.importFact(obj.Origin(), &fact) {
		return nil
	}
	var seeds []int
	for _, x := range fact.Forwards {
		if x.Param == fp.Param && x.Made == fp.Made && x.SDK == fp.SDK && x.Args == fp.Args && x.ResultFlow == fp.ResultFlow {
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

// ForwardSeeds is a fact about a wrapper with forwarded parameters (see
// Wrapper.Forwards): which arguments of the calls its raw handlers make
// through each hold argument values. It is apart from the Wrapper fact
// because the summaries tell it, and they are computed after the
// handlers are found.
type ForwardSeeds struct {
	Forwards []ForwardedParam
}

// AFact marks ForwardSeeds as an analysis.Fact.
func (*ForwardSeeds) AFact() {}

func (s *ForwardSeeds) String() string {
	var parts []string
	for _, fp := range s.Forwards {
		seeds := "none"
		if len(fp.Seeds) > 0 {
			seeds = strings.Trim(strings.Join(strings.Fields(fmt.Sprint(fp.Seeds)), " "), "[]")
		}
		parts = append(parts, strconv.Itoa(fp.Param)+" seeds "+seeds)
	}
	return strings.Join(parts, "; ")
}

// ExportSeeds records, as ForwardSeeds facts, the seeds of the calls
// through each wrapper's forwarded parameters, once Seed has run.
func (r *Result) ExportSeeds(export func(types.Object, analysis.Fact)) {
	f := r.finder
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
			export(obj, &ForwardSeeds{Forwards: fps})
		}
	}
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
