package analyzer_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/analyzer"
)

// testdata returns the GOPATH-style tree of hermetic cases; the SDKs there
// are signature-exact stubs (kept honest by TestStubsMatchRealSDKs).
func testdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestCaseFamilies runs every case family, checking diagnostics against
// the // want comments and suggested fixes against the .golden files.
func TestCaseFamilies(t *testing.T) {
	families := []string{
		"gosdk_raw", "gosdk_typed", "gosdk_forward",
		"mcpgo_raw", "mcpgo_typed",
		"negative_lookalike", "fix_imports",
		"regression_defer_result_slots",
	}
	for _, family := range families {
		t.Run(family, func(t *testing.T) {
			t.Parallel()
			analysistest.RunWithSuggestedFixes(t, testdata(t), analyzer.Analyzer, family)
		})
	}
}

// TestStrictMode checks that strict mode adds tool-error reports, and
// that the default analyzer stays silent on them (gosdk_raw/negative.go).
func TestStrictMode(t *testing.T) {
	strict := analyzer.New(analyzer.Config{Strict: true})
	analysistest.RunWithSuggestedFixes(t, testdata(t), strict, "strict_mode")
}
