package returns_test

import (
	"go/token"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/internal/report"
	"github.com/mcperrlint/mcperrlint/internal/testbin"
	"github.com/mcperrlint/mcperrlint/passes/internal/stages"
	"github.com/mcperrlint/mcperrlint/passes/returns"
)

// newReporter returns an analyzer that requires the check, configured
// with toolErrors, and reports what it finds: each finding's diagnostic,
// and each related note on its own at the note's position when that is
// in the package, or appended to the message as " [note: ...]" when it
// is not. It returns the check's own Result.
func newReporter(toolErrors bool) *analysis.Analyzer {
	s := stages.New()
	check := returns.New(s.Scope, s.Paths, s.Servers, s.Summaries, s.Seeds, &toolErrors)
	return &analysis.Analyzer{
		Name:       "returnsreport",
		Doc:        "report the findings of the returns check",
		Requires:   []*analysis.Analyzer{check},
		ResultType: reflect.TypeFor[*returns.Result](),
		Run: func(pass *analysis.Pass) (any, error) {
			res := pass.ResultOf[check].(*returns.Result)
			// As the analyzer does once every finding is known.
			report.TidyImports(res.Findings)
			for _, fd := range res.Findings {
				d := fd.Diag
				for _, rel := range d.Related {
					if report.FileOf(pass, rel.Pos) != nil {
						pass.Report(analysis.Diagnostic{Pos: rel.Pos, Message: "note: " + rel.Message})
					} else {
						d.Message += " [note: " + rel.Message + "]"
					}
				}
				pass.Report(d)
			}
			return res, nil
		},
	}
}

// resultOf returns the check's Result for the package path.
func resultOf(t *testing.T, results []*analysistest.Result, path string) *returns.Result {
	t.Helper()
	for _, r := range results {
		if r.Pass.Pkg.Path() == path && r.Err == nil {
			return r.Result.(*returns.Result)
		}
	}
	t.Fatalf("no result for %s", path)
	return nil
}

// lines returns the lines of the nodes of findings, sorted.
func lines(fset *token.FileSet, fds []report.Finding) []int {
	var out []int
	for _, fd := range fds {
		out = append(out, fset.Position(fd.Node.Pos()).Line)
	}
	slices.Sort(out)
	return out
}

// TestReturns checks the categories, messages, notes and fixes of the
// default configuration (want lines and .golden files of returns_basic),
// and what the result holds beside the findings.
func TestReturns(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, testbin.Testdata(t), newReporter(false), "returns_basic")
	var fset *token.FileSet
	for _, r := range results {
		if r.Pass.Pkg.Path() == "returns_basic" {
			fset = r.Pass.Fset
		}
	}
	res := resultOf(t, results, "returns_basic")
	categories := make(map[string]int)
	for _, fd := range res.Findings {
		categories[fd.Diag.Category]++
		if fd.Node == nil || fd.Func == nil || fd.SDK != "go-sdk" {
			t.Errorf("%s: finding without its node, function or SDK: %+v", fset.Position(fd.Diag.Pos), fd)
		}
		if !res.Replaced[fd.Diag.Pos] {
			t.Errorf("%s: reported return not in Replaced", fset.Position(fd.Diag.Pos))
		}
		if hasFix := len(fd.Diag.SuggestedFixes) > 0; hasFix != (fd.Fix != nil) || hasFix == strings.Contains(fd.Diag.Message, "(no fix: ") {
			t.Errorf("%s: fix %v and message %q disagree", fset.Position(fd.Diag.Pos), fd.Fix != nil, fd.Diag.Message)
		}
		if !strings.HasSuffix(fd.Diag.URL, fd.Diag.Category) {
			t.Errorf("%s: URL %q is not that of %s", fset.Position(fd.Diag.Pos), fd.Diag.URL, fd.Diag.Category)
		}
	}
	if len(res.Replaced) != len(res.Findings) {
		t.Errorf("Replaced holds %d positions for %d findings", len(res.Replaced), len(res.Findings))
	}
	want := map[string]int{"decode": 3, "validate": 2, "invalid-params": 2}
	for c, n := range want {
		if categories[c] != n {
			t.Errorf("%d findings of category %s, want %d (all: %v)", categories[c], c, n, categories)
		}
	}
	if len(categories) != len(want) {
		t.Errorf("categories %v, want %v", categories, want)
	}
	// The tool error of toolError, turned off by the configuration.
	if got := lines(fset, res.Off); !slices.Equal(got, []int{54}) {
		t.Errorf("Off at lines %v, want [54]", got)
	}
	for _, fd := range res.Off {
		if fd.Func == nil || len(fd.Diag.Message) > 0 {
			t.Errorf("Off finding %+v: want a node and function, no diagnostic", fd)
		}
	}
}

// TestToolErrors runs with -tool-errors, in one load, the fixtures whose
// want lines hold in every configuration, and checks: that errors with
// no argument origin are reported as tool-error, none left in Off; that
// the handlers of an SDK whose every server converts errors into tool
// results are not reported, while those of another SDK, whose server
// does not, are; and that a converted-by directive leaves every return
// unreported, and in Off.
func TestToolErrors(t *testing.T) {
	results := analysistest.Run(t, testbin.Testdata(t), newReporter(true), "returns_toolerrors", "returns_converted", "returns_directive")
	t.Run("ToolErrors", func(t *testing.T) {
		res := resultOf(t, results, "returns_toolerrors")
		if len(res.Off) != 0 {
			t.Errorf("%d returns in Off, want none with -tool-errors", len(res.Off))
		}
		if len(res.Findings) != 1 || res.Findings[0].Diag.Category != "tool-error" {
			t.Errorf("%d findings, want 1 of category tool-error", len(res.Findings))
		}
	})
	t.Run("ConvertedServers", func(t *testing.T) {
		res := resultOf(t, results, "returns_converted")
		for _, fd := range res.Findings {
			if fd.SDK != "mcp-go" {
				t.Errorf("finding of SDK %q, want only mcp-go's", fd.SDK)
			}
		}
		if len(res.Findings) != 1 {
			t.Errorf("%d findings, want 1, of mcp-go's handler", len(res.Findings))
		}
	})
	t.Run("ConvertedByDirective", func(t *testing.T) {
		res := resultOf(t, results, "returns_directive")
		if len(res.Findings) != 0 || len(res.Replaced) != 0 {
			t.Errorf("%d findings, %d replaced returns: want none under a converted-by directive", len(res.Findings), len(res.Replaced))
		}
		if len(res.Off) != 2 {
			t.Errorf("%d returns in Off, want 2 (the decoding error and the tool error)", len(res.Off))
		}
	})
}
