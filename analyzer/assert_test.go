package analyzer_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/analyzer"
)

// TestArgAssertions checks the reports of single-value type assertions on
// arguments, and their fixes, against the stubs of both SDKs.
func TestArgAssertions(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	for _, r := range analysistest.RunWithSuggestedFixes(t, testdata(t), analyzer.Analyzer, "argassert_mcpgo", "argassert_gosdk") {
		assertFixesCompose(t, r.Pass.Fset, r.Diagnostics)
	}
}
