package valueflow_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/valueflow"
)

// TestOf reports, at each call of sink in testdata/src/valueflow, the
// functions its operand may hold and whether that is all, against the
// want comments there.
func TestOf(t *testing.T) {
	a := &analysis.Analyzer{
		Name:     "valueflow",
		Doc:      "report what the operands of sink may hold",
		Requires: []*analysis.Analyzer{buildssa.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			ssaRes := pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA)
			funcs := slices.Clone(ssaRes.SrcFuncs)
			if init := ssaRes.Pkg.Func("init"); init != nil {
				funcs = append(funcs, init)
			}
			g := valueflow.New(ssaRes.Pkg, funcs)
			for _, fn := range funcs {
				for _, b := range fn.Blocks {
					for _, instr := range b.Instrs {
						call, ok := instr.(*ssa.Call)
						if !ok || call.Call.StaticCallee() == nil || call.Call.StaticCallee().Name() != "sink" {
							continue
						}
						s := g.Of(call.Call.Args[0])
						var names []string
						for _, f := range s.Funcs {
							names = append(names, f.Name())
						}
						slices.Sort(names)
						complete := "complete"
						if !s.Complete {
							complete = "incomplete"
						}
						pass.Reportf(call.Pos(), "funcs %s; %s", strings.Join(names, " "), complete)
					}
				}
			}
			return nil, nil
		},
	}
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, a, "valueflow")
}
