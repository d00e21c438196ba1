package handlers

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

	"github.com/mcperrlint/mcperrlint/internal/argflow"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/mcpssa"
	"github.com/mcperrlint/mcperrlint/internal/testbin"
)

// findAnalyzer runs Find the way the real pipeline does (the handlers
// run), without the helpers' summaries, and reports what it found:
//   - each handler, at its function, as "name: SDK kind how[ by ...][
//     seeds ...][ result dropped by ...][ escapes ...]";
//   - at each call of a function of another package, what ConvertedParams
//     says of the callee, when anything;
//   - the Wrapper facts Export records and the ForwardSeeds facts
//     ExportSeeds records, checked by fact expectations.
var findAnalyzer = &analysis.Analyzer{
	Name:      "find",
	Doc:       "report the tool handlers handlers.Find finds",
	FactTypes: []analysis.Fact{new(wrapper), new(seedsFact)},
	Run: func(pass *analysis.Pass) (any, error) {
		prog, err := mcpssa.Build(pass, sdk.Default)
		if prog == nil || err != nil {
			return nil, err
		}
		if sdk.Default.InSDK(pass.Pkg.Path()) {
			return nil, nil // the stubs: their facts are not what is tested
		}
		table := roles.NewTable(roles.Builtin(), sdk.RoleRows(prog.SDKs))
		res := Find(prog, table, Inputs{
			ImportFact: pass.ImportObjectFact,
			InSDK:      sdk.Default.InSDK,
		})
		res.Export(pass.ExportObjectFact)
		res.Seed(func(h *Handler) *argflow.Func { return argflow.New(h.Fn, sdk.Bindings{h.SDK}, table, h.Seeds) }, func(w *types.Func) []ForwardedParam {
			var fact seedsFact
			pass.ImportObjectFact(w, &fact)
			return fact.Forwards
		})
		for w, fps := range res.WrapperSeeds() {
			pass.ExportObjectFact(w, &seedsFact{Forwards: fps})
		}
		for _, h := range res.Handlers {
			pass.Reportf(h.Fn.Pos(), "%s", describe(pass.Pkg, h))
		}
		for _, fn := range prog.SrcFuncs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					call, ok := instr.(ssa.CallInstruction)
					if !ok {
						continue
					}
					callee := call.Common().StaticCallee()
					if callee == nil || callee.Pkg == nil || callee.Pkg == prog.Pkg || sdk.Default.InSDK(callee.Pkg.Pkg.Path()) {
						continue
					}
					if params, escapes := res.ConvertedParams(callee); len(params) > 0 || len(escapes) > 0 {
						pass.Reportf(call.Pos(), "%s converts %v escapes %v", callee.Name(), params, escapes)
					}
				}
			}
		}
		return nil, nil
	},
}

// describe says what Find knows of h, in the words of the want comments.
func describe(pkg *types.Package, h *Handler) string {
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
	if len(h.Seeds) > 0 {
		var seeds []string
		for _, p := range h.Seeds {
			seeds = append(seeds, p.Name())
		}
		fmt.Fprintf(&b, " seeds %s", strings.Join(seeds, ","))
	}
	if !h.ResultForwarded {
		fmt.Fprintf(&b, " result dropped by %s", h.ResultDroppedBy)
	}
	if len(h.Escapes) > 0 {
		fmt.Fprintf(&b, " escapes %s", strings.Join(h.Escapes, ","))
	}
	return b.String()
}

// wrapperFacts returns the Wrapper facts of the packages analyzed, by
// package name and object name, each forwarded parameter with the seeds
// the object's ForwardSeeds fact gives it: one entry for each distinct
// set of seeds, as the packages that import the object see it.
func wrapperFacts(results []*analysistest.Result) map[string]wrapper {
	got := make(map[string]wrapper)
	seeds := make(map[string]*seedsFact)
	for _, r := range results {
		for obj, facts := range r.Facts {
			name := obj.Pkg().Name() + "." + obj.Name()
			if fn, ok := obj.(*types.Func); ok && fn.Signature().Recv() != nil {
				// A method: package.Type.Method, for the methods of one
				// name that several types of a package have.
				name = obj.Pkg().Name() + "." + types.TypeString(fn.Signature().Recv().Type(), func(*types.Package) string { return "" }) + "." + obj.Name()
			}
			for _, fact := range facts {
				switch fact := fact.(type) {
				case *wrapper:
					got[name] = *fact
				case *seedsFact:
					seeds[name] = fact
				}
			}
		}
	}
	for name, w := range got {
		s := seeds[name]
		if s == nil {
			continue
		}
		var fps []ForwardedParam
		for _, fp := range w.Forwards {
			matched := false
			for _, x := range s.Forwards {
				if x.Param == fp.Param && x.Made == fp.Made && x.Method == fp.Method && x.SDK == fp.SDK && x.Args == fp.Args && x.ResultFlow == fp.ResultFlow {
					fps, matched = append(fps, x), true
				}
			}
			if !matched {
				fps = append(fps, fp)
			}
		}
		w.Forwards = fps
		got[name] = w
	}
	return got
}

// checkWrappers checks every field of the Wrapper facts, the ones their
// strings leave out included: which SDK's handler forwards, how many
// arguments it passes and which hold argument values, whether it returns
// the result too, and whether the function forwarded is one the
// parameter makes.
func checkWrappers(t *testing.T, results []*analysistest.Result, want map[string]wrapper) {
	t.Helper()
	got := wrapperFacts(results)
	for name, w := range want {
		if !reflect.DeepEqual(got[name], w) {
			t.Errorf("Wrapper fact of %s:\n got %#v\nwant %#v", name, got[name], w)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("unexpected Wrapper fact of %s: %#v", name, got[name])
		}
	}
}

// TestFind runs the case families of the handler finder in one load (each
// load type-checks the standard library from source, which costs more
// than the cases), then checks each family's Wrapper facts whole.
func TestFind(t *testing.T) {
	results := analysistest.Run(t, testbin.Testdata(t), findAnalyzer, "handlers_gosdk", "handlers_mcpgo", "handlers_xpkg/wrap", "handlers_xpkg/use")
	t.Run("GoSDK", func(t *testing.T) { checkFindGoSDK(t, resultsOf(results, "handlers_gosdk")) })
	t.Run("AcrossPackages", func(t *testing.T) {
		checkFindAcrossPackages(t, resultsOf(results, "handlers_xpkg/wrap", "handlers_xpkg/use"))
	})
}

// resultsOf returns the results of the packages whose paths are given.
func resultsOf(results []*analysistest.Result, paths ...string) []*analysistest.Result {
	var out []*analysistest.Result
	for _, r := range results {
		if slices.Contains(paths, r.Pass.Pkg.Path()) {
			out = append(out, r)
		}
	}
	return out
}

// checkFindGoSDK checks the Wrapper facts of go-sdk's shapes: handlers by
// signature, typed and raw, forwarded by generic wrappers and nested
// closures, factories, tool bodies, converting wrappers and middleware,
// and the marked errors that escape them (the want lines of
// handlers_gosdk check the handlers themselves).
func checkFindGoSDK(t *testing.T, results []*analysistest.Result) {
	fwd := func(param, args int, seeds ...int) ForwardedParam {
		return ForwardedParam{Param: param, SDK: "go-sdk", Args: args, Seeds: seeds, ResultFlow: true}
	}
	made := fwd(0, 3, 2)
	made.Made = true
	dispatched := fwd(0, 2)
	dispatched.Method = "Call"
	checkWrappers(t, results, map[string]wrapper{
		"handlers_gosdk.toolHandler":      {Forwards: []ForwardedParam{fwd(0, 3, 2)}},
		"handlers_gosdk.handlerFunc":      {Forwards: []ForwardedParam{fwd(0, 3, 2)}},
		"handlers_gosdk.withDeps":         {Forwards: []ForwardedParam{made}},
		"handlers_gosdk.logged":           {Forwards: []ForwardedParam{fwd(0, 2)}},
		"handlers_gosdk.dispatchTo":       {Forwards: []ForwardedParam{dispatched}},
		"handlers_gosdk.forwardFunc.Call": {Forwards: []ForwardedParam{fwd(0, 2, 1)}},
		"handlers_gosdk.withToolErrors":   {Converts: []int{0}, Escapes: []string{"handlers_gosdk.Marked"}},
		"handlers_gosdk.plainConvert":     {Converts: []int{0}},
		"handlers_gosdk.recoverer":        {Converts: []int{0}},
	})
}

// checkFindAcrossPackages checks that a wrapper's Wrapper fact carries its
// forwarding and converting parameters to the package that passes bodies
// to it: the fact strings in handlers_xpkg/wrap, the handlers they make
// in handlers_xpkg/use. (handlers_mcpgo, mcp-go's shapes, is checked by
// its want lines alone.)
func checkFindAcrossPackages(t *testing.T, results []*analysistest.Result) {
	checkWrappers(t, results, map[string]wrapper{
		"wrap.NewTool":            {Forwards: []ForwardedParam{{Param: 1, SDK: "go-sdk", Args: 3, Seeds: []int{2}, ResultFlow: true}}},
		"wrap.ErrorOnly":          {Forwards: []ForwardedParam{{Param: 0, SDK: "go-sdk", Args: 2}}},
		"wrap.WithToolErrors":     {Converts: []int{0}, Escapes: []string{"handlers_xpkg/wrap.Marked"}},
		"wrap.Both":               {Forwards: []ForwardedParam{{Param: 0, SDK: "go-sdk", Args: 2, ResultFlow: true}}, Converts: []int{1}},
		"wrap.Dispatch":           {Forwards: []ForwardedParam{{Param: 0, Method: "Call", SDK: "go-sdk", Args: 2, ResultFlow: true}}},
		"use.forwardAdapter.Call": {Forwards: []ForwardedParam{{Param: 0, SDK: "go-sdk", Args: 2, ResultFlow: true}}},
		"use.convertAdapter.Call": {Converts: []int{0}},
		"wrap.Retry": {Forwards: []ForwardedParam{
			{Param: 0, SDK: "go-sdk", Args: 3, ResultFlow: true},
			{Param: 0, SDK: "go-sdk", Args: 3, Seeds: []int{2}, ResultFlow: true},
		}},
	})
}

// TestFindConvertingAdapter checks that a body given to a wrapper through
// an interface, by an adapter type whose method converts the body's
// errors (bodyFunc(body).Call), is no handler.
func TestFindConvertingAdapter(t *testing.T) {
	analysistest.Run(t, testbin.Testdata(t), findAnalyzer, "handlers_bugadapter")
}

func TestWrapperString(t *testing.T) {
	for _, tc := range []struct {
		w    wrapper
		want string
	}{
		{wrapper{}, ""},
		{wrapper{Forwards: []ForwardedParam{{Param: 1}}}, "forwards 1"},
		{wrapper{Forwards: []ForwardedParam{{Param: 0}, {Param: 2, Made: true}}}, "forwards 0; forwards 2"},
		{wrapper{Converts: []int{0, 3}}, "converts 0 3"},
		{wrapper{Converts: []int{1}, Escapes: []string{"a.E", "b.F"}}, "converts 1; escapes a.E b.F"},
		{wrapper{Forwards: []ForwardedParam{{Param: 0}}, Converts: []int{1}, Escapes: []string{"a.E"}}, "forwards 0; converts 1; escapes a.E"},
	} {
		if got := tc.w.String(); got != tc.want {
			t.Errorf("%#v.String() = %q, want %q", tc.w, got, tc.want)
		}
	}
}

// TestCompareForwardedParams checks the order the facts are sorted in:
// every field counts, so equal entries, and only those, are dropped.
func TestCompareForwardedParams(t *testing.T) {
	base := ForwardedParam{Param: 1, SDK: "go-sdk", Args: 3, Seeds: []int{2}}
	for _, later := range []ForwardedParam{
		{Param: 2, SDK: "go-sdk", Args: 3, Seeds: []int{2}},
		{Param: 1, Made: true, SDK: "go-sdk", Args: 3, Seeds: []int{2}},
		{Param: 1, SDK: "mcp-go", Args: 3, Seeds: []int{2}},
		{Param: 1, SDK: "go-sdk", Args: 4, Seeds: []int{2}},
		{Param: 1, SDK: "go-sdk", Args: 3, Seeds: []int{2, 3}},
		{Param: 1, SDK: "go-sdk", Args: 3, Seeds: []int{2}, ResultFlow: true},
	} {
		if c := compareForwardedParams(base, later); c >= 0 {
			t.Errorf("compare(%+v, %+v) = %d, want < 0", base, later, c)
		}
		if c := compareForwardedParams(later, base); c <= 0 {
			t.Errorf("compare(%+v, %+v) = %d, want > 0", later, base, c)
		}
	}
	if c := compareForwardedParams(base, ForwardedParam{Param: 1, SDK: "go-sdk", Args: 3, Seeds: []int{2}}); c != 0 {
		t.Errorf("compare of equal params = %d, want 0", c)
	}
}

// seedsFact carries WrapperSeeds between the packages of a test, as the
// summaries pass's fact does, with the same words.
type seedsFact struct {
	Forwards []ForwardedParam
}

func (*seedsFact) AFact() {}

func (s *seedsFact) String() string { return SeedsString(s.Forwards) }
