package assertions

import (
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/argflow"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
	"github.com/mcperrlint/mcperrlint/internal/report"
	"github.com/mcperrlint/mcperrlint/passes/paths"
	"github.com/mcperrlint/mcperrlint/passes/returns"
	"github.com/mcperrlint/mcperrlint/passes/scope"
	"github.com/mcperrlint/mcperrlint/passes/seeds"
	"github.com/mcperrlint/mcperrlint/passes/servers"
	"github.com/mcperrlint/mcperrlint/passes/summaries"
)

// Result holds the check's findings, by position.
type Result struct {
	Findings []report.Finding
}

// New returns the check of the assertions in the handlers pathsPass
// keeps and the helpers they pass argument values to, in the scope
// scopePass builds, with the argument flow of summariesPass from the
// seeds of seedsPass; its fixes
// allow for those of returnsPass, and the servers of serversPass that
// recover panics silence it.
func New(scopePass, pathsPass, serversPass, summariesPass, seedsPass, returnsPass *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "mcpassertions",
		Doc:        "report single-value type assertions on tool arguments, which panic on a wrong-typed argument",
		URL:        category.DocURL(category.Decode.String()),
		Requires:   []*analysis.Analyzer{scopePass, pathsPass, serversPass, summariesPass, seedsPass, returnsPass},
		ResultType: reflect.TypeFor[*Result](),
		Run: func(pass *analysis.Pass) (any, error) {
			sc := pass.ResultOf[scopePass].(*scope.Result)
			if sc.Result == nil {
				return &Result{}, nil
			}
			ps := pass.ResultOf[pathsPass].(*paths.Result)
			srvs := pass.ResultOf[serversPass].(*servers.Result)
			w := &walker{pass: pass, pkg: sc.Pkg, srcFuncs: sc.SrcFuncs, origins: pass.ResultOf[summariesPass].(*summaries.Result), seeds: pass.ResultOf[seedsPass].(*seeds.Result)}
			rets := pass.ResultOf[returnsPass].(*returns.Result)
			w.flows = rets.Flows
			fc := &report.FixContext{Replaced: rets.Replaced, SDKs: sc.SDKs}
			srcs := report.NewSourceFiles(pass)
			res := &Result{}
			// A panic is no returned error: a server whose middleware
			// converts errors still panics on these, unless a wrapper
			// recovered the panic into an error first.
			for _, a := range w.assertions(ps, srvs.Recovered(), srvs.Converted()) {
				if fd, ok := diagnose(pass, a, srcs, fc); ok {
					res.Findings = append(res.Findings, fd)
				}
			}
			return res, nil
		},
	}
}

// A walker finds the assertions of a package.
type walker struct {
	pass     *analysis.Pass
	pkg      *ssa.Package
	srcFuncs []*ssa.Function
	origins  *summaries.Result
	seeds    *seeds.Result
	flows    map[*ssa.Function]*argflow.Func // the returns check's (returns.Result.Flows)
	uses     map[*ssa.Function][]funcUse     // see funcUses
}
