package handlers

import (
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/passes/scope"
)

// New returns the pass that finds the package's tool handlers (Find) in
// the SSA scope scopePass builds, for the SDKs of sdks, and exports which
// parameters its wrappers forward the errors of as wrapper facts. Which
// of the handlers reach the client is the paths pass's question. Its
// result is nil for a package with no SSA scope.
func New(scopePass *analysis.Analyzer, sdks sdk.Table) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "mcphandlers",
		Doc:        "find the MCP tool handlers of a package, and the functions whose errors they forward",
		URL:        "https://github.com/mcperrlint/mcperrlint/blob/main/docs/how-it-works.md",
		Requires:   []*analysis.Analyzer{scopePass},
		ResultType: reflect.TypeFor[*Result](),
		FactTypes:  []analysis.Fact{new(wrapper)},
		Run: func(pass *analysis.Pass) (any, error) {
			sc := pass.ResultOf[scopePass].(*scope.Result)
			if sc.Result == nil {
				return (*Result)(nil), nil
			}
			res := Find(sc.Result, sc.Roles, Inputs{ImportFact: pass.ImportObjectFact, InSDK: sdks.InSDK})
			res.Export(pass.ExportObjectFact)
			return res, nil
		},
	}
}
