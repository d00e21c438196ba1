package mcpssa

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

func testdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestDeclaredImports checks that the SSA packages of the imports declare
// only the functions and variables the code names.
func TestDeclaredImports(t *testing.T) {
	a := &analysis.Analyzer{
		Name: "declaredimports",
		Doc:  "report the members of the imports' SSA packages",
		Run: func(pass *analysis.Pass) (any, error) {
			res, err := Build(pass)
			if err != nil || res == nil {
				return nil, fmt.Errorf("no SSA form: %v", err)
			}
			var declared []string
			for _, p := range res.Pkg.Prog.AllPackages() {
				if p == res.Pkg {
					continue
				}
				var names []string
				for name := range p.Members {
					if name != "init" {
						names = append(names, name)
					}
				}
				slices.Sort(names)
				declared = append(declared, fmt.Sprintf("%s{%s}", p.Pkg.Path(), strings.Join(names, " ")))
			}
			slices.Sort(declared)
			pass.Reportf(pass.Files[0].Name.Pos(), "declared: %s", strings.Join(declared, " "))
			return nil, nil
		},
	}
	analysistest.Run(t, testdata(t), a, "mcpssa_imports")
}
