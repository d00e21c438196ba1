package assertions_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/internal/testbin"
	"github.com/mcperrlint/mcperrlint/passes/assertions"
)

// newReporter returns an analyzer that reports the findings of the
// check, which returns them for the analyzer to report: want lines check
// the findings' messages, fixes aside.
func newReporter() *analysis.Analyzer {
	a := newAssertions()
	return &analysis.Analyzer{
		Name:     "reportassertions",
		Doc:      "report the assertions check's findings",
		Requires: []*analysis.Analyzer{a},
		Run: func(pass *analysis.Pass) (any, error) {
			for _, fd := range pass.ResultOf[a].(*assertions.Result).Findings {
				pass.Report(fd.Diag)
			}
			return nil, nil
		},
	}
}

// TestServers checks what the middleware of the servers a package builds
// does to assertions that panic: converting errors leaves a panic a
// panic, unless a wrapper recovered it into an error first; recovering
// panics answers them, unless a wrapper turned them into an error.
func TestServers(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, testbin.Testdata(t), newReporter(), "assertions_converting", "assertions_unconverted", "assertions_recovered")
}

// TestProgramTyped checks that assertions on values whose types the
// handler fixed itself, in containers it holds alone, and assertions
// guarded by a comma-ok test of the same value, are not reported, and that
// their twins on decoded argument values are.
func TestProgramTyped(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, testbin.Testdata(t), newReporter(), "assertions_programtyped")
}
