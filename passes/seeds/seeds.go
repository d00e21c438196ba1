// Package seeds finds which parameters of each tool handler hold
// argument values: a typed handler's input and mcp-go's arguments by the
// handler's shape (package handlers), and, for a function whose errors a
// handler forwards, the parameters the forwarding calls pass argument
// values in, as the argument flow of the forwarding handler tells with
// the summaries of the package's functions (package summaries), or as
// the seeds fact of another package's wrapper says.
//
// It iterates to a fixed point: a forwarded function forwards the seeds
// it gains in turn. Seeds only grow, so it converges.
package seeds

import (
	"fmt"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/argflow"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
	"github.com/mcperrlint/mcperrlint/passes/summaries"
)

// Result holds the parameters of the package's handlers that hold
// argument values.
type Result struct {
	seeds map[*handlers.Handler][]*ssa.Parameter

	// Wrappers holds what the pass's facts record of the package's
	// wrappers: the seeds of each forwarded parameter.
	Wrappers map[*types.Func][]handlers.ForwardedParam
}

// Of returns the parameters of h that hold argument values: those by
// its shape alone for a package the pass had nothing to do in (a nil
// Result).
func (r *Result) Of(h *handlers.Handler) []*ssa.Parameter {
	if r != nil {
		if s, ok := r.seeds[h]; ok {
			return s
		}
	}
	return h.Seeds
}

// New returns the pass that seeds the handlers handlersPass finds with
// the argument flow summariesPass's summaries tell, and exports the seeds of the package's wrappers' forwarded parameters
// as facts. Its result is nil for a package with no SSA scope.
func New(handlersPass, summariesPass *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "mcpseeds",
		Doc:        "find which parameters of the MCP tool handlers of a package hold argument values",
		URL:        "https://github.com/mcperrlint/mcperrlint/blob/main/docs/how-it-works.md",
		Requires:   []*analysis.Analyzer{handlersPass, summariesPass},
		ResultType: reflect.TypeFor[*Result](),
		FactTypes:  []analysis.Fact{new(forwardSeeds)},
		Run: func(pass *analysis.Pass) (any, error) {
			hs := pass.ResultOf[handlersPass].(*handlers.Result)
			if hs == nil {
				return (*Result)(nil), nil
			}
			s := &seeder{pass: pass, sums: pass.ResultOf[summariesPass].(*summaries.Result), seeds: make(map[*handlers.Handler][]*ssa.Parameter), sources: make(map[*handlers.SeedSource]*sourceSeeds), flows: make(map[*handlers.Handler]seededFlow)}
			s.seed(hs.SeedEdges)
			wrappers := s.wrapperSeeds(hs.WrapperSites)
			for w, fps := range wrappers {
				pass.ExportObjectFact(w, &forwardSeeds{Forwards: fps})
			}
			return &Result{seeds: s.seeds, Wrappers: wrappers}, nil
		},
	}
}

type seeder struct {
	pass *analysis.Pass
	sums *summaries.Result

	seeds   map[*handlers.Handler][]*ssa.Parameter // as they grow
	sources map[*handlers.SeedSource]*sourceSeeds
	flows   map[*handlers.Handler]seededFlow
}

// sourceSeeds are the seeds of a source, computed when its handler had
// seededAt seeds (-1: never).
type sourceSeeds struct {
	seeds    []int
	seededAt int
}

// A seededFlow is a handler's argument flow, made when it had seeds seeds.
type seededFlow struct {
	seeds int
	flow  *argflow.Func
}

// of returns h's seeds so far.
func (s *seeder) of(h *handlers.Handler) []*ssa.Parameter {
	if ps, ok := s.seeds[h]; ok {
		return ps
	}
	return h.Seeds
}

// seed adds, along each edge, the parameters its source passes argument
// values in, until nothing changes.
func (s *seeder) seed(edges []handlers.SeedEdge) {
	for changed := true; changed; {
		changed = false
		for _, e := range edges {
			params := e.Target.Fn.Params
			for _, i := range s.seedsOf(e.Source) {
				if p := i + e.Offset; p >= 0 && p < len(params) && !slices.Contains(s.of(e.Target), params[p]) {
					s.seeds[e.Target] = append(slices.Clip(s.of(e.Target)), params[p])
					changed = true
				}
			}
		}
	}
}

// seedsOf returns the indexes of the arguments of src's call that hold
// argument values, computed again only when its handler has gained seeds.
func (s *seeder) seedsOf(src *handlers.SeedSource) []int {
	c := s.sources[src]
	if c == nil {
		c = &sourceSeeds{seededAt: -1}
		s.sources[src] = c
	}
	if src.Call == nil {
		if c.seededAt < 0 {
			c.seeds, c.seededAt = s.foreignSeeds(src.Wrapper, src.Forward), 0
		}
		return c.seeds
	}
	from := s.of(src.From)
	if c.seededAt == len(from) {
		return c.seeds
	}
	flow := s.flowOf(src.From)
	var seeds []int
	for i, arg := range src.Call.Args {
		if flow.Taint(arg)&argflow.ArgValue != 0 {
			seeds = append(seeds, i)
		}
	}
	c.seeds, c.seededAt = seeds, len(from)
	return seeds
}

// flowOf returns the argument flow of h's function with its seeds as
// they are, made again only when h has gained seeds since.
func (s *seeder) flowOf(h *handlers.Handler) *argflow.Func {
	seeds := s.of(h)
	if c, ok := s.flows[h]; ok && c.seeds == len(seeds) {
		return c.flow
	}
	flow := s.sums.Flow(h.Fn, sdk.Bindings{h.SDK}, seeds)
	s.flows[h] = seededFlow{len(seeds), flow}
	return flow
}

// foreignSeeds returns the seeds another package recorded for the
// forwarded parameter fp of its wrapper: those of every site of that
// package that forwards it so.
func (s *seeder) foreignSeeds(wrapper *ssa.Function, fp handlers.ForwardedParam) []int {
	if wrapper.Origin() != nil {
		wrapper = wrapper.Origin()
	}
	obj, ok := wrapper.Object().(*types.Func)
	if !ok {
		return nil
	}
	var fact forwardSeeds
	s.pass.ImportObjectFact(obj.Origin(), &fact)
	var seeds []int
	for _, x := range fact.Forwards {
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

// wrapperSeeds returns, for each wrapper of the package with forwarded
// parameters some call through which passes argument values, the seeds
// of those calls: one entry for each distinct set, sorted, for the
// packages that pass functions to the wrapper.
func (s *seeder) wrapperSeeds(sites map[*ssa.Function][]handlers.WrapperSite) map[*types.Func][]handlers.ForwardedParam {
	out := make(map[*types.Func][]handlers.ForwardedParam)
	for fn, sites := range sites {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Synthetic != "" || fn.Pkg == nil || obj.Pkg() != fn.Pkg.Pkg {
			continue
		}
		var fps []handlers.ForwardedParam
		for _, ws := range sites {
			fp := ws.Forward
			fp.Seeds = s.seedsOf(ws.Source)
			if len(fp.Seeds) == 0 {
				fp.Seeds = nil
			}
			fps = append(fps, fp)
		}
		slices.SortFunc(fps, handlers.CompareForwardedParams)
		fps = slices.CompactFunc(fps, func(a, b handlers.ForwardedParam) bool { return handlers.CompareForwardedParams(a, b) == 0 })
		if slices.ContainsFunc(fps, func(fp handlers.ForwardedParam) bool { return len(fp.Seeds) > 0 }) {
			out[obj] = fps
		}
	}
	return out
}

// forwardSeeds is a fact about a wrapper with forwarded parameters (see
// handlers.Result.Forwards): which arguments of the calls its raw handlers
// make through each hold argument values. The summaries tell it, so it is
// this pass's fact, apart from the handlers pass's fact of the wrapper.
type forwardSeeds struct {
	Forwards []handlers.ForwardedParam
}

// AFact marks forwardSeeds as an analysis.Fact.
func (*forwardSeeds) AFact() {}

func (s *forwardSeeds) String() string { return String(s.Forwards) }

// String words the seeds of a wrapper's forwarded parameters, as its fact
// holds them, in the words of the tests' fact expectations: "0 seeds 2;
// 1 seeds none".
func String(fps []handlers.ForwardedParam) string {
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
