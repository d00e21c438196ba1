package analyzer_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzer"
)

// TestOneAnalyzerPerRun holds New's documented limit: each analyzer from
// New validates alone, and two of them in one run do not, since each
// requires its own fact-computing analyzer and a fact type may belong to
// one analyzer of a run. If this starts passing validation, New's
// documentation and the README's configuration section must change.
func TestOneAnalyzerPerRun(t *testing.T) {
	a, b := analyzer.New(analyzer.Config{}), analyzer.New(analyzer.Config{ToolErrors: true})
	for _, one := range []*analysis.Analyzer{a, b, analyzer.Analyzer} {
		if err := analysis.Validate([]*analysis.Analyzer{one}); err != nil {
			t.Errorf("one analyzer: %v", err)
		}
	}
	err := analysis.Validate([]*analysis.Analyzer{a, b})
	if err == nil || !strings.Contains(err.Error(), "registered by two analyzers") {
		t.Errorf("two analyzers from New in one run: Validate says %v, want a fact type registered by two analyzers", err)
	}
}
