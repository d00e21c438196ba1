package paths

import (
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
	"github.com/mcperrlint/mcperrlint/passes/scope"
)

// New returns the pass that follows the paths from the package's
// registrations (Follow) to the handlers handlersPass found in the SSA
// scope scopePass builds, for the SDKs of sdks, and exports what its
// wrappers do with the errors and panics of the functions they are given
// as conversion facts. Its result is nil for a package with no SSA scope.
func New(scopePass, handlersPass *analysis.Analyzer, sdks sdk.Table) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "mcppaths",
		Doc:        "follow the paths from the MCP tool registrations of a package to the handlers whose errors reach the client",
		URL:        "https://github.com/mcperrlint/mcperrlint/blob/main/docs/how-it-works.md",
		Requires:   []*analysis.Analyzer{scopePass, handlersPass},
		ResultType: reflect.TypeFor[*Result](),
		FactTypes:  []analysis.Fact{new(conversion)},
		Run: func(pass *analysis.Pass) (any, error) {
			sc, hs := pass.ResultOf[scopePass].(*scope.Result), pass.ResultOf[handlersPass].(*handlers.Result)
			if sc.Result == nil || hs == nil {
				return (*Result)(nil), nil
			}
			res := Follow(sc.Result, sc.Roles, hs, handlers.Inputs{ImportFact: pass.ImportObjectFact, InSDK: sdks.InSDK})
			res.Export(pass.ExportObjectFact)
			return res, nil
		},
	}
}
