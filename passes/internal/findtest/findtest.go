// Package findtest is the harness the tests of the handlers and paths
// passes share: an analyzer that runs the two the way the pipeline does
// and reports what they decide, in the words of the want comments of
// testdata/src/handlers_*.
package findtest

import (
	"fmt"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
	"github.com/mcperrlint/mcperrlint/passes/internal/stages"
	"github.com/mcperrlint/mcperrlint/passes/paths"
	"github.com/mcperrlint/mcperrlint/passes/scope"
	"github.com/mcperrlint/mcperrlint/passes/seeds"
)

// Analyzer requires the scope, handlers, paths, summaries and seeds
// passes, and reports:
//   - each handler paths keeps, at its function, as "name: SDK kind how[
//     by ...][ seeds ...][ result dropped by ...][ escapes ...]";
//   - at each call of a function of another package, what
//     paths.Result.ConvertedParams says of the callee, when anything;
//   - what the two passes' facts say of each function of the package, as
//     facts of its own with their words: Forwards (the handlers pass's
//     wrapper fact, with the seeds the summaries pass's fact would give
//     each forwarded parameter), Seeds (that fact's words) and
//     Conversion (the paths pass's fact).
var Analyzer = newAnalyzer()

func newAnalyzer() *analysis.Analyzer {
	st := stages.New()
	sc, hs, ps, sd := st.Scope, st.Handlers, st.Paths, st.Seeds
	return &analysis.Analyzer{
		Name:      "find",
		Doc:       "report the tool handlers the handlers and paths passes keep, and their seeds",
		Requires:  []*analysis.Analyzer{sc, hs, ps, sd},
		FactTypes: []analysis.Fact{new(Forwards), new(Seeds), new(Conversion)},
		Run: func(pass *analysis.Pass) (any, error) {
			scr, hr, pr, sdr := pass.ResultOf[sc].(*scope.Result), pass.ResultOf[hs].(*handlers.Result), pass.ResultOf[ps].(*paths.Result), pass.ResultOf[sd].(*seeds.Result)
			if hr == nil || pr == nil || sdk.Default.InSDK(pass.Pkg.Path()) {
				return nil, nil // no scope, or the stubs: their facts are not what is tested
			}
			export(pass, hr, pr, sdr)
			for _, h := range pr.Handlers {
				pass.Reportf(h.Fn.Pos(), "%s", Describe(pass.Pkg, h, sdr.Of(h), pr.Escaping[h.Fn]))
			}
			reportConversions(pass, scr.Result.Pkg, scr.Result.SrcFuncs, pr)
			return nil, nil
		},
	}
}

// export exports the facts of the package's functions in the harness's
// words.
func export(pass *analysis.Pass, hr *handlers.Result, pr *paths.Result, sr *seeds.Result) {
	objOf := func(fn *ssa.Function) types.Object {
		if obj, ok := fn.Object().(*types.Func); ok && fn.Synthetic == "" && fn.Pkg != nil && obj.Pkg() == fn.Pkg.Pkg {
			return obj
		}
		return nil
	}
	for fn, fps := range hr.Forwards {
		if obj := objOf(fn); obj != nil {
			pass.ExportObjectFact(obj, &Forwards{Forwards: fps})
		}
	}
	for w, fps := range sr.Wrappers {
		pass.ExportObjectFact(w, &Seeds{Forwards: fps})
	}
	fns := make(map[*ssa.Function]bool)
	for _, m := range []map[*ssa.Function][]int{pr.Converts, pr.Recovers, pr.RecoversAsError} {
		for fn, params := range m {
			fns[fn] = fns[fn] || len(params) > 0
		}
	}
	for fn, any := range fns {
		if obj := objOf(fn); obj != nil && any {
			pass.ExportObjectFact(obj, &Conversion{Converts: pr.Converts[fn], Escapes: pr.Escapes[fn], Recovers: pr.Recovers[fn], RecoversAsError: pr.RecoversAsError[fn]})
		}
	}
}

// reportConversions reports, at each call of a function of another
// package, the parameters paths says it converts and the types that
// escape.
func reportConversions(pass *analysis.Pass, pkg *ssa.Package, funcs []*ssa.Function, pr *paths.Result) {
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := call.Common().StaticCallee()
				if callee == nil || callee.Pkg == nil || callee.Pkg == pkg || sdk.Default.InSDK(callee.Pkg.Pkg.Path()) {
					continue
				}
				if params, escapes := pr.ConvertedParams(callee); len(params) > 0 || len(escapes) > 0 {
					pass.Reportf(call.Pos(), "%s converts %v escapes %v", callee.Name(), params, escapes)
				}
			}
		}
	}
}

// Describe says what the passes know of h, whose parameters seeds hold
// argument values and whose errors of the types escaping only reach the
// client, in the words of the want comments.
func Describe(pkg *types.Package, h *handlers.Handler, seeds []*ssa.Parameter, escaping []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s ", h.Fn.RelString(pkg), h.SDK.Name)
	switch h.Kind {
	case sdk.Raw:
		b.WriteString("raw")
	case sdk.Typed:
		b.WriteString("typed")
	default:
		fmt.Fprintf(&b, "kind %d", h.Kind)
	}
	switch {
	case h.Registered:
		b.WriteString(" registered")
	case h.Forwarded():
		b.WriteString(" forwarded")
	default:
		b.WriteString(" unregistered")
	}
	if len(h.ForwardedBy) > 0 {
		var by []string
		for _, from := range h.ForwardedBy {
			if from.Fn == nil {
				by = append(by, "another package")
			} else {
				by = append(by, from.Fn.RelString(pkg))
			}
		}
		slices.Sort(by)
		fmt.Fprintf(&b, " by %s", strings.Join(by, ","))
	}
	if len(seeds) > 0 {
		var names []string
		for _, p := range seeds {
			names = append(names, p.Name())
		}
		fmt.Fprintf(&b, " seeds %s", strings.Join(names, ","))
	}
	if !h.ResultForwarded {
		fmt.Fprintf(&b, " result dropped by %s", h.ResultDroppedBy)
	}
	if len(escaping) > 0 {
		fmt.Fprintf(&b, " escapes %s", strings.Join(escaping, ","))
	}
	return b.String()
}

// Forwards stands in for the handlers pass's wrapper fact.
type Forwards struct{ Forwards []handlers.ForwardedParam }

// AFact marks Forwards as a fact.
func (*Forwards) AFact() {}

func (f *Forwards) String() string { return handlers.ForwardsString(f.Forwards) }

// Seeds stands in for the seeds pass's fact.
type Seeds struct{ Forwards []handlers.ForwardedParam }

// AFact marks Seeds as a fact.
func (*Seeds) AFact() {}

func (s *Seeds) String() string { return seeds.String(s.Forwards) }

// Conversion stands in for the paths pass's conversion fact.
type Conversion struct {
	Converts                  []int
	Escapes                   []string
	Recovers, RecoversAsError []int
}

// AFact marks Conversion as a fact.
func (*Conversion) AFact() {}

func (c *Conversion) String() string {
	return paths.ConversionString(c.Converts, c.Escapes, c.Recovers, c.RecoversAsError)
}

// Results returns the results of the packages whose paths are given.
func Results(results []*analysistest.Result, paths ...string) []*analysistest.Result {
	var out []*analysistest.Result
	for _, r := range results {
		if slices.Contains(paths, r.Pass.Pkg.Path()) {
			out = append(out, r)
		}
	}
	return out
}

// Facts returns the facts of type T of the packages analyzed, by
// package name and object name: package.Func, or package.Type.Method.
func Facts[T any, PT interface {
	*T
	analysis.Fact
}](results []*analysistest.Result) map[string]T {
	got := make(map[string]T)
	for _, r := range results {
		for obj, facts := range r.Facts {
			name := obj.Pkg().Name() + "." + obj.Name()
			if fn, ok := obj.(*types.Func); ok && fn.Signature().Recv() != nil {
				name = obj.Pkg().Name() + "." + types.TypeString(fn.Signature().Recv().Type(), func(*types.Package) string { return "" }) + "." + obj.Name()
			}
			for _, fact := range facts {
				if f, ok := fact.(PT); ok {
					got[name] = *f
				}
			}
		}
	}
	return got
}

// Check checks that got and want hold the same facts by name.
func Check[T any](t *testing.T, kind string, got, want map[string]T) {
	t.Helper()
	for name, w := range want {
		if g, ok := got[name]; !ok || !reflect.DeepEqual(g, w) {
			t.Errorf("%s fact of %s:\n got %#v\nwant %#v", kind, name, g, w)
		}
	}
	for name, g := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("unexpected %s fact of %s: %#v", kind, name, g)
		}
	}
}
