package scope_test

import (
	"go/types"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/config"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
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

// TestRoleTableFollowsConfig: packages that see the same SDKs share one
// role table, and a change of the configured functions between runs of
// one analyzer (a test's, an editor's settings) gives a table with them.
func TestRoleTableFollowsConfig(t *testing.T) {
	funcs := &config.Functions{}
	a := scope.New(funcs, sdk.Default)
	tables := func() (map[*roles.Table]bool, *types.Func) {
		t.Helper()
		seen := make(map[*roles.Table]bool)
		var unit *types.Func
		for _, r := range analysistest.Run(t, testbin.Testdata(t), a, "scope_fixed", "scope_fixed/use") {
			res := r.Result.(*scope.Result)
			if res.Roles == nil {
				t.Fatalf("%s: no role table", r.Pass.Pkg.Path())
			}
			seen[res.Roles] = true
			if fn, ok := r.Pass.Pkg.Scope().Lookup("Unit").(*types.Func); ok {
				unit = fn
			}
		}
		return seen, unit
	}
	before, unit := tables()
	if len(before) != 1 || unit == nil {
		t.Fatalf("packages seeing one SDK have %d role tables (want 1); scope_fixed.Unit found: %v", len(before), unit != nil)
	}
	for table := range before {
		if table.Has(unit, roles.Validate) {
			t.Fatal("scope_fixed.Unit validates before it is configured to")
		}
	}
	funcs.Validate = config.FuncList{"scope_fixed.Unit"}
	after, unit := tables()
	for table := range after {
		if before[table] || !table.Has(unit, roles.Validate) {
			t.Errorf("after -validate-funcs=scope_fixed.Unit, the table is the one before (%v) or Unit does not validate (%v)", before[table], table.Has(unit, roles.Validate))
		}
	}
}
