package unflagged_test

import (
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/internal/report"
	"github.com/mcperrlint/mcperrlint/internal/testbin"
	"github.com/mcperrlint/mcperrlint/passes/internal/stages"
	"github.com/mcperrlint/mcperrlint/passes/unflagged"
)

// newReporter returns an analyzer that requires the check, turned off by
// off, and reports each finding's diagnostic, and each related note at
// its own position as "note: ...". Its result is the check's.
func newReporter(off bool) *analysis.Analyzer {
	check := unflagged.New(stages.New().Paths, &off)
	return &analysis.Analyzer{
		Name:       "unflaggedreport",
		Doc:        "report the findings of the unflagged check",
		Requires:   []*analysis.Analyzer{check},
		ResultType: reflect.TypeFor[*unflagged.Result](),
		Run: func(pass *analysis.Pass) (any, error) {
			res := pass.ResultOf[check].(*unflagged.Result)
			for _, fd := range res.Findings {
				for _, rel := range fd.Diag.Related {
					pass.Report(analysis.Diagnostic{Pos: rel.Pos, Message: "note: " + rel.Message})
				}
				pass.Report(fd.Diag)
			}
			return res, nil
		},
	}
}

func resultOf(t *testing.T, results []*analysistest.Result, path string) *unflagged.Result {
	t.Helper()
	for _, r := range results {
		if r.Pass.Pkg.Path() == path && r.Err == nil {
			return r.Result.(*unflagged.Result)
		}
	}
	t.Fatalf("no result for %s", path)
	return nil
}

// TestUnflagged checks the results of both SDKs built from an error's
// text without IsError (want lines), their fixes (.golden files), and
// the findings' anchors.
func TestUnflagged(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, testbin.Testdata(t), newReporter(false), "unflagged_basic")
	res := resultOf(t, results, "unflagged_basic")
	if len(res.Off) != 0 {
		t.Errorf("Off = %v, want none with the check on", res.Off)
	}
	for _, fd := range res.Findings {
		checkFinding(t, fd)
	}
}

func checkFinding(t *testing.T, fd report.Finding) {
	t.Helper()
	if fd.Node == nil || fd.Func == nil {
		t.Errorf("finding without its node or function: %+v", fd)
	}
	if fd.Diag.Category != "unflagged-error" || !strings.HasSuffix(fd.Diag.URL, "unflagged-error") {
		t.Errorf("finding of category %q, URL %q, want unflagged-error", fd.Diag.Category, fd.Diag.URL)
	}
	if fd.SDK != "" {
		t.Errorf("finding of SDK %q: a converting middleware must not silence it", fd.SDK)
	}
	if len(fd.Diag.SuggestedFixes) != 1 || fd.Diag.SuggestedFixes[0].Message == "" {
		t.Errorf("finding %q without its fix", fd.Diag.Message)
	}
}

// TestOff checks that the check turned off reports nothing, and keeps
// in Off the return it would have reported, for ignore directives.
func TestOff(t *testing.T) {
	results := analysistest.Run(t, testbin.Testdata(t), newReporter(true), "unflagged_off")
	res := resultOf(t, results, "unflagged_off")
	if len(res.Findings) != 0 {
		t.Errorf("findings %v with the check off", res.Findings)
	}
	if len(res.Off) != 1 {
		t.Fatalf("%d returns in Off, want 1", len(res.Off))
	}
	if fd := res.Off[0]; fd.Node == nil || fd.Func == nil || fd.Diag.Message != "" {
		t.Errorf("Off finding %+v: want a node and function, no diagnostic", fd)
	}
}
