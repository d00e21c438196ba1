package summaries_test

import (
	"fmt"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/testbin"
	"github.com/mcperrlint/mcperrlint/passes/internal/stages"
	"github.com/mcperrlint/mcperrlint/passes/paths"
	"github.com/mcperrlint/mcperrlint/passes/returns"
	"github.com/mcperrlint/mcperrlint/passes/seeds"
	"github.com/mcperrlint/mcperrlint/passes/summaries"
)

// newReturnsProbe returns an analyzer that reports, for each handler the
// paths pass keeps, each return the summaries pass classifies as one
// whose error reaches the client as a protocol error: "return <kind>",
// and " via <function>" when the decisive site is in another package's
// function. Want lines on its fixtures check the classification itself,
// apart from the returns check's configuration and wording.
func newReturnsProbe() *analysis.Analyzer {
	st := stages.New()
	ps, sums, sd := st.Paths, st.Summaries, st.Seeds
	return &analysis.Analyzer{
		Name:       "returnsprobe",
		Doc:        "report the returns the summaries pass classifies",
		Requires:   []*analysis.Analyzer{ps, sums, sd},
		ResultType: reflect.TypeFor[bool](),
		Run: func(pass *analysis.Pass) (any, error) {
			res, seeded := pass.ResultOf[sums].(*summaries.Result), pass.ResultOf[sd].(*seeds.Result)
			for _, h := range pass.ResultOf[ps].(*paths.Result).Handlers {
				if !res.IsHandler(h.Fn) {
					return nil, fmt.Errorf("%s: a handler the summaries do not know as one", h.Fn)
				}
				flow := res.Flow(h.Fn, sdk.Bindings{h.SDK}, seeded.Of(h))
				if flow == nil {
					return nil, fmt.Errorf("%s: no argument flow", h.Fn)
				}
				for _, r := range res.Returns(h, flow) {
					msg := "return " + r.Kind.String()
					if r.Via != "" {
						msg += fmt.Sprintf(" via %s line %d", r.Via, r.SiteLine)
					}
					if !r.Site.IsValid() {
						msg += " (no site)"
					}
					pass.Reportf(r.Pos, "%s", msg)
				}
			}
			return true, nil
		},
	}
}

// TestReturns checks the classification of handlers' returns that
// the summaries of another package's helpers decide by the parameter
// that holds argument values, by checks of an error's identity or type
// (errors.Is, errors.As) that set an argument error apart.
func TestReturns(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, testbin.Testdata(t), newReturnsProbe(), "summaries_returns")
}

// TestParamFacts checks the per-parameter summaries of summaries_params,
// which summaries_returns's want lines rely on.
func TestParamFacts(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, testbin.Testdata(t), newSummaries(), "summaries_params")
}

// TestDynamicReturns checks the classification of errors of dynamic
// calls (through an interface, a function value and a struct field), and
// of go-sdk handlers by kind: a typed handler's protocol errors, a raw
// handler's errors that escape a converting wrapper, another handler's
// errors, an API's.
func TestDynamicReturns(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, testbin.Testdata(t), newReturnsProbe(), "summaries_dispatch.example/handler", "summaries_gosdk")
}

// TestDispatchFacts checks the facts of the package the dynamic calls
// lead to: its methods' and its functions' summaries, the table of
// functions stored in its struct fields, and that it exports methods'
// summaries.
func TestDispatchFacts(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, testbin.Testdata(t), newSummaries(), "summaries_dispatch.example/tools")
}

// TestConvertingServers runs the returns check, which reads the
// summaries' classification, over packages whose servers' middleware
// turns every handler's error into a tool result (silent), or does so
// on some servers only (reported).
func TestConvertingServers(t *testing.T) {
	t.Parallel()
	s := stages.New()
	toolErrors := true // every error, so that only the servers silence them
	rets := returns.New(s.Scope, s.Paths, s.Servers, s.Summaries, s.Seeds, &toolErrors)
	// The check returns its findings, which the analyzer reports.
	a := &analysis.Analyzer{
		Name:     "reportreturns",
		Doc:      "report the returns check's findings",
		Requires: []*analysis.Analyzer{rets},
		Run: func(pass *analysis.Pass) (any, error) {
			for _, fd := range pass.ResultOf[rets].(*returns.Result).Findings {
				pass.Report(fd.Diag)
			}
			return nil, nil
		},
	}
	analysistest.Run(t, testbin.Testdata(t), a, "summaries_converting", "summaries_converting_partial")
}
