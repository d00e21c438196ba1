package paths

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/internal/analysis/mcpssa"
	"github.com/mcperrlint/mcperrlint/internal/analysis/toolresult"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/testbin"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
)

// TestReach reports, for each function of testdata/src/reach, whether
// the package's registrations run it raw or only converted, and whether
// only below a recover, against the want comments there.
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
			f := &finder{ssa: prog, roles: table, hs: handlers.Find(prog, table, handlers.Inputs{}), results: toolresult.Reader{Pkg: prog.Pkg, SDKs: prog.SDKs, Roles: table}}
			r := f.computeReach()
			for _, fn := range prog.SrcFuncs {
				how := "raw"
				switch {
				case !r.Reached[fn]:
					continue
				case r.Converted(fn):
					how = "converted"
				}
				if r.Recovered(fn) {
					how += " recovered"
				}
				pass.Reportf(fn.Pos(), "%s: %s", fn.Name(), how)
			}
			return nil, nil
		},
	}
	dir := testbin.Testdata(t)
	analysistest.Run(t, dir, a, "reach")
}
