package summaries_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/internal/testbin"
)

// TestSummaryFacts asserts the facts the summaries pass exports for a package's
// helpers, one per kind of knowledge a summary carries: what an argument
// check, a fresh error, a wrapped error, a library call that cannot fail
// on its argument, a predicate over a fixed table, a marked error, a
// converting middleware and a table of functions say to their callers.
func TestSummaryFacts(t *testing.T) {
	analysistest.Run(t, testbin.Testdata(t), newSummaries(), "errorigin_facts", "errorigin_facts_gosdk")
}
