package handlers

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/internal/mcpssa"
	"github.com/mcperrlint/mcperrlint/internal/roles"
	"github.com/mcperrlint/mcperrlint/internal/sdk"
	"github.com/mcperrlint/mcperrlint/internal/testbin"
)

// TestReach reports, for each function of testdata/src/reach, whether
// the package's registrations run it raw or only converted, against the
// want comments there.
func TestReach(t *testing.T) {
	a := &analysis.Analyzer{
		Name: "reach",
		Doc:  "report where the package's registrations lead",
		Run: func(pass *analysis.Pass) (any, error) {
			prog, err := mcpssa.Build(pass, sdk.Default)
			if prog == nil || err != nil {
				return nil, err
			}
			table := roles.NewTable(roles.Builtin(), sdk.RoleRows(prog.SDKs))
			f := &finder{ssa: prog, roles: table}
			r := f.computeReach()
			for _, fn := range prog.SrcFuncs {
				switch {
				case r.Raw[fn]:
					pass.Reportf(fn.Pos(), "%s: raw", fn.Name())
				case r.Converted(fn):
					pass.Reportf(fn.Pos(), "%s: converted", fn.Name())
				}
			}
			return nil, nil
		},
	}
	dir := testbin.Testdata(t)
	analysistest.Run(t, dir, a, "reach")
}
