package paths_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/internal/testbin"
	"github.com/mcperrlint/mcperrlint/passes/internal/findtest"
)

// TestFollow runs the families whose handlers are given to converting
// and recovering wrappers and middleware, in this package and another,
// and those registered only in dead code or through a typed guard:
// the want lines check which handlers the paths keep, and the facts;
// then the conversion facts are checked whole.
func TestFollow(t *testing.T) {
	results := analysistest.Run(t, testbin.Testdata(t), findtest.Analyzer, "handlers_gosdk", "handlers_mcpgo", "handlers_xpkg/wrap", "handlers_xpkg/use", "paths_gosdk")
	got := findtest.Facts[findtest.Conversion](results)
	findtest.Check(t, "conversion", got, map[string]findtest.Conversion{
		"handlers_gosdk.withToolErrors": {Converts: []int{0}, Escapes: []string{"handlers_gosdk.Marked"}},
		"handlers_gosdk.plainConvert":   {Converts: []int{0}},
		"handlers_gosdk.recoverer":      {Converts: []int{0}},
		"handlers_mcpgo.withToolErrors": {Converts: []int{0}},
		"handlers_mcpgo.recovering":     {Recovers: []int{0}},
		"wrap.WithToolErrors":           {Converts: []int{0}, Escapes: []string{"handlers_xpkg/wrap.Marked"}},
		"wrap.Both":                     {Converts: []int{1}},
		"use.convertAdapter.Call":       {Converts: []int{0}},
		"paths_gosdk.typedGuard":        {Converts: []int{0}},
	})
}
