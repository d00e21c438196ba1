package scope_test

import (
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/config"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/testbin"
	"github.com/mcperrlint/mcperrlint/passes/scope"
)

// TestScope checks the pass's facts on the maps of scope_fixed and use
// (the want lines), and its result: the SSA scope of a package that sees
// an SDK, its role table, and which maps, its own and those it imports,
// are fixed.
func TestScope(t *testing.T) {
	a := scope.New(&config.Functions{}, sdk.Default)
	results := analysistest.Run(t, testbin.Testdata(t), a, "scope_fixed", "scope_fixed/use")
	for _, r := range results {
		res := r.Result.(*scope.Result)
		if r.Pass.Pkg.Path() != "scope_fixed/use" {
			continue
		}
		if res.Result == nil || res.Roles == nil {
			t.Fatalf("%s: no SSA scope or role table: %+v", r.Pass.Pkg.Path(), res)
		}
		var fixed []string
		for g := range res.Fixed {
			fixed = append(fixed, g.RelString(nil))
		}
		slices.Sort(fixed)
		if want := []string{"scope_fixed.Levels", "scope_fixed/use.Local"}; !slices.Equal(fixed, want) {
			t.Errorf("fixed maps seen from use = %v, want %v", fixed, want)
		}
	}
}

// TestNoScope: an SDK's own package gets no SSA form (its functions are
// what the SDK descriptors say), and the passes after this one nothing to
// do there but pass facts on.
func TestNoScope(t *testing.T) {
	a := scope.New(&config.Functions{}, sdk.Default)
	const sdkPkg = "github.com/mark3labs/mcp-go/mcp"
	results := analysistest.Run(t, testbin.Testdata(t), a, sdkPkg)
	if len(results) == 0 {
		t.Fatal("no result")
	}
	for _, r := range results {
		if res := r.Result.(*scope.Result); res.Result != nil || res.Roles != nil {
			t.Errorf("%s has an SSA scope: %+v", r.Pass.Pkg.Path(), res)
		}
	}
}
