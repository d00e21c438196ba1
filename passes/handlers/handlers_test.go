package handlers_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/internal/testbin"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
	"github.com/mcperrlint/mcperrlint/passes/internal/findtest"
)

// TestFind runs the case families of the handler finder in one load (each
// load type-checks the standard library from source, which costs more
// than the cases), handlers_bugadapter among them (a body given to a
// wrapper through an interface, by an adapter type whose method converts
// the body's errors, is no handler): the want lines check the handlers found, as the paths
// pass keeps them, and the facts; then each family's wrapper facts are
// checked whole.
func TestFind(t *testing.T) {
	results := analysistest.Run(t, testbin.Testdata(t), findtest.Analyzer, "handlers_gosdk", "handlers_mcpgo", "handlers_xpkg/wrap", "handlers_xpkg/use", "handlers_bugadapter", "paths_gosdk")
	t.Run("GoSDK", func(t *testing.T) { checkFindGoSDK(t, findtest.Results(results, "handlers_gosdk")) })
	t.Run("ForwardedAndConverted", func(t *testing.T) {
		// twoWays's one handler forwards h, its other converts h: h is
		// forwarded, whatever else is done with it.
		checkWrappers(t, findtest.Results(results, "paths_gosdk"), map[string][]handlers.ForwardedParam{
			"paths_gosdk.twoWays": {{Param: 0, SDK: "go-sdk", Args: 2, ResultFlow: true}},
		})
	})
	t.Run("AcrossPackages", func(t *testing.T) {
		checkFindAcrossPackages(t, findtest.Results(results, "handlers_xpkg/wrap", "handlers_xpkg/use"))
	})
}

// checkWrappers checks every field of the wrapper facts, the ones their
// strings leave out included: which SDK's handler forwards, how many
// arguments it passes and which hold argument values (the seeds the
// summaries pass's fact gives each), whether it returns the result too,
// and whether the function forwarded is one the parameter makes.
func checkWrappers(t *testing.T, results []*analysistest.Result, want map[string][]handlers.ForwardedParam) {
	t.Helper()
	got := make(map[string][]handlers.ForwardedParam)
	seeds := findtest.Facts[findtest.Seeds](results)
	for name, fwd := range findtest.Facts[findtest.Forwards](results) {
		var fps []handlers.ForwardedParam
		for _, fp := range fwd.Forwards {
			matched := false
			for _, x := range seeds[name].Forwards {
				if x.Param == fp.Param && x.Made == fp.Made && x.Method == fp.Method && x.SDK == fp.SDK && x.Args == fp.Args && x.ResultFlow == fp.ResultFlow {
					fps, matched = append(fps, x), true
				}
			}
			if !matched {
				fps = append(fps, fp)
			}
		}
		got[name] = fps
	}
	findtest.Check(t, "wrapper", got, want)
}

// checkFindGoSDK checks the wrapper facts of go-sdk's shapes: handlers by
// signature, typed and raw, forwarded by generic wrappers, nested
// closures, factories and an interface's method (the want lines of
// handlers_gosdk check the handlers themselves).
func checkFindGoSDK(t *testing.T, results []*analysistest.Result) {
	fwd := func(param, args int, seeds ...int) handlers.ForwardedParam {
		return handlers.ForwardedParam{Param: param, SDK: "go-sdk", Args: args, Seeds: seeds, ResultFlow: true}
	}
	made := fwd(0, 3, 2)
	made.Made = true
	dispatched := fwd(0, 2)
	dispatched.Method = "Call"
	checkWrappers(t, results, map[string][]handlers.ForwardedParam{
		"handlers_gosdk.toolHandler":      {fwd(0, 3, 2)},
		"handlers_gosdk.handlerFunc":      {fwd(0, 3, 2)},
		"handlers_gosdk.withDeps":         {made},
		"handlers_gosdk.logged":           {fwd(0, 2)},
		"handlers_gosdk.dispatchTo":       {dispatched},
		"handlers_gosdk.forwardFunc.Call": {fwd(0, 2, 1)},
	})
}

// checkFindAcrossPackages checks that a wrapper's fact carries its
// forwarding parameters to the package that passes bodies to it: the
// fact strings in handlers_xpkg/wrap, the handlers they make in
// handlers_xpkg/use. (handlers_mcpgo, mcp-go's shapes, is checked by its
// want lines alone.)
func checkFindAcrossPackages(t *testing.T, results []*analysistest.Result) {
	checkWrappers(t, results, map[string][]handlers.ForwardedParam{
		"wrap.NewTool":            {{Param: 1, SDK: "go-sdk", Args: 3, Seeds: []int{2}, ResultFlow: true}},
		"wrap.ErrorOnly":          {{Param: 0, SDK: "go-sdk", Args: 2}},
		"wrap.Both":               {{Param: 0, SDK: "go-sdk", Args: 2, ResultFlow: true}},
		"wrap.Dispatch":           {{Param: 0, Method: "Call", SDK: "go-sdk", Args: 2, ResultFlow: true}},
		"use.forwardAdapter.Call": {{Param: 0, SDK: "go-sdk", Args: 2, ResultFlow: true}},
		"wrap.Retry": {
			{Param: 0, SDK: "go-sdk", Args: 3, ResultFlow: true},
			{Param: 0, SDK: "go-sdk", Args: 3, Seeds: []int{2}, ResultFlow: true},
		},
	})
}
