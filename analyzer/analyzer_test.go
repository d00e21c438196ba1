package analyzer_test

import (
	"go/token"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/analyzer"
	"github.com/mcperrlint/mcperrlint/internal/testbin"
)

// TestCaseFamilies runs every case family, checking diagnostics against
// the // want comments and suggested fixes against the .golden files.
func TestCaseFamilies(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	families := []string{
		"gosdk_raw", "gosdk_typed", "gosdk_forward",
		"mcpgo_raw", "mcpgo_typed",
		"negative_lookalike", "fix_imports",
		"regression_defer_result_slots", "regression_fix_last_read", "regression_fix_sdk_name", "ignore_directive",
		"regression_fix_import_collision", "fix_unused_imports", "converted_by_directive/...",
		// Single-value type assertions on arguments, against both SDKs.
		"argassert_mcpgo", "argassert_gosdk",
	}
	// One run for all families: each run loads the standard library from
	// source (the analyzer has facts), which costs more than the cases.
	results := analysistest.RunWithSuggestedFixes(t, testbin.Testdata(t), analyzer.Analyzer, families...)
	// analysistest merges the fixes of a file however they overlap;
	// golangci-lint drops all of them.
	for _, r := range results {
		assertFixesCompose(t, r.Pass.Fset, r.Diagnostics)
	}
	// golangci-lint applies the edits as they are, without the drivers'
	// import clean-up.
	for _, family := range []string{"fix_unused_imports", "fix_imports", "mcpgo_raw"} {
		t.Run("FixesApplyAsIs/"+family, func(t *testing.T) { checkFixesApplyAsIs(t, family, results) })
	}
}

// assertFixesCompose fails when two fixes of one file have edits that
// overlap, or insert at the same place, as golangci-lint refuses them.
func assertFixesCompose(t *testing.T, fset *token.FileSet, diags []analysis.Diagnostic) {
	t.Helper()
	type owned struct {
		edit analysis.TextEdit
		diag int
	}
	byFile := make(map[*token.File][]owned)
	for i, d := range diags {
		for _, fix := range d.SuggestedFixes {
			for _, e := range fix.TextEdits {
				f := fset.File(e.Pos)
				byFile[f] = append(byFile[f], owned{e, i})
			}
		}
	}
	for f, edits := range byFile {
		for i, a := range edits {
			for _, b := range edits[i+1:] {
				if a.diag == b.diag || a.edit.Pos == b.edit.Pos && a.edit.End == b.edit.End && string(a.edit.NewText) == string(b.edit.NewText) {
					continue
				}
				if a.edit.Pos < b.edit.End && b.edit.Pos < a.edit.End || a.edit.Pos == b.edit.Pos {
					t.Errorf("%s: the fixes at lines %d and %d overlap: %+v and %+v", f.Name(),
						f.Line(diags[a.diag].Pos), f.Line(diags[b.diag].Pos), a.edit, b.edit)
				}
			}
		}
	}
}

// TestToolErrors checks the two switches of optional reports in one run
// (each run loads the standard library): -tool-errors adds tool-error
// reports, which the default analyzer does not make
// (gosdk_raw/negative.go), and -unflagged-errors=false takes away the
// unflagged-error reports the default analyzer makes (unflagged_off;
// TestMatrix has the cases with them).
func TestToolErrors(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	strict := analyzer.New(analyzer.Config{ToolErrors: true})
	if err := strict.Flags.Set("unflagged-errors", "false"); err != nil {
		t.Fatal(err)
	}
	analysistest.RunWithSuggestedFixes(t, testbin.Testdata(t), strict, "tool_errors", "unflagged_off")
}

// TestConfiguredFunctions sets the function lists through the analyzer's
// flags, as the command line, go vet and golangci-lint do.
func TestConfiguredFunctions(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	a := analyzer.New(analyzer.Config{})
	for flag, value := range map[string]string{
		"decode-funcs":            "config_funcs/lib.Decode",
		"validate-funcs":          "config_funcs/lib.Args.Check",
		"tool-error-result-funcs": "config_funcs/lib.ToolError",
	} {
		if err := a.Flags.Set(flag, value); err != nil {
			t.Fatalf("-%s=%s: %v", flag, value, err)
		}
	}
	analysistest.RunWithSuggestedFixes(t, testbin.Testdata(t), a, "config_funcs")

	// Without the flags the helpers are opaque and nothing is reported
	// (not even with -tool-errors, given the tool-error-result function):
	// the flags are what finds them.
	bare := analyzer.New(analyzer.Config{})
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: filepath.Join(testbin.Testdata(t), "src", "config_funcs"), Env: testbin.GopathEnv(testbin.Testdata(t))}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		t.Fatal(err)
	}
	// An analysis that failed reports nothing either: it must have run.
	graph := analyze(t, bare, pkgs)
	if len(graph.Roots) == 0 {
		t.Fatal("without flags: no package analyzed")
	}
	for act := range graph.All() {
		if act.Err != nil {
			t.Errorf("without flags: %s: %v", act, act.Err)
		}
		if act.Analyzer == bare {
			for _, d := range act.Diagnostics {
				t.Errorf("without flags: %s: %s", act.Package.Fset.Position(d.Pos), d.Message)
			}
		}
	}
}

// TestMalformedFunctionFlag checks that a malformed name is a clear error.
func TestMalformedFunctionFlag(t *testing.T) {
	a := analyzer.New(analyzer.Config{})
	for _, bad := range []string{"Decode", "example.com/lib.", "example.com/lib.A.1B", "/lib.F", "(*example.com/lib.T.M"} {
		if err := a.Flags.Set("decode-funcs", bad); err == nil {
			t.Errorf("-decode-funcs=%s: no error", bad)
		}
	}
}

// TestFlagsAreNotShared checks that analyzers from New do not share
// configuration: setting one's flag leaves another's alone.
func TestFlagsAreNotShared(t *testing.T) {
	a, b := analyzer.New(analyzer.Config{}), analyzer.New(analyzer.Config{})
	if err := a.Flags.Set("tool-errors", "true"); err != nil {
		t.Fatal(err)
	}
	if got := b.Flags.Lookup("tool-errors").Value.String(); got != "false" {
		t.Errorf("second analyzer's -tool-errors = %s after setting the first's", got)
	}
	if got := analyzer.Analyzer.Flags.Lookup("tool-errors").Value.String(); got != "false" {
		t.Errorf("package-level Analyzer's -tool-errors = %s", got)
	}
}
