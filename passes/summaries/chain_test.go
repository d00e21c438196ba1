package summaries_test

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/passes/internal/stages"
)

// newSummaries returns the summaries pass with the passes it requires,
// all of the default configuration.
func newSummaries() *analysis.Analyzer {
	return stages.New().Summaries
}
