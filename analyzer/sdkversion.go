package analyzer

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcperrlint/mcperrlint/internal/errorigin"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

// reportOldSDKs reports, once per package at the first affected call, an
// SDK version whose own handling hides argument errors from the model.
func reportOldSDKs(pass *analysis.Pass, res *errorigin.Result) {
	for _, b := range res.SDKs {
		version, ok := res.Version(b)
		if !ok {
			continue
		}
		for _, adv := range b.Advisories {
			if !sdk.Older(version, adv.FixedIn) {
				continue
			}
			fn, ok := b.MCP.Scope().Lookup(adv.Call).(*types.Func)
			if !ok {
				continue
			}
			first, n := callsOf(pass, fn)
			if n == 0 {
				continue
			}
			pass.Report(analysis.Diagnostic{
				Pos:      first.Pos(),
				End:      first.End(),
				Category: "sdk-version",
				Message: fmt.Sprintf("%s %s %s; the model never sees them: upgrade %s to %s or later (%d %s.%s %s in this package)",
					b.Name, version, adv.Problem, b.Module, adv.Upgrade, n, b.MCP.Name(), adv.Call, plural(n, "call", "calls")),
				URL: category.DocURL("sdk-version"),
			})
		}
	}
}

// callsOf returns the first call of fn in the package, in source order,
// and the number of calls.
func callsOf(pass *analysis.Pass, fn *types.Func) (first *ast.CallExpr, n int) {
	for _, f := range pass.Files {
		ast.Inspect(f, func(node ast.Node) bool {
			call, ok := node.(*ast.CallExpr)
			if !ok {
				return true
			}
			if callee, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func); ok && callee.Origin() == fn {
				if first == nil {
					first = call
				}
				n++
			}
			return true
		})
	}
	return first, n
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
