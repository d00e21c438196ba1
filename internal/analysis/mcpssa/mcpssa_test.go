package mcpssa

import (
	"fmt"
	"go/ast"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/testbin"
)

// TestInertTests checks which test entry points the SSA form leaves out:
// the testdata marks each with a want comment, and keeps the others.
func TestInertTests(t *testing.T) {
	a := &analysis.Analyzer{
		Name: "inerttests",
		Doc:  "report the declarations withoutInertTests leaves out",
		Run: func(pass *analysis.Pass) (any, error) {
			files, info := withoutInertTests(pass, sdk.Default.Bind(pass.Pkg))
			kept := make(map[*ast.FuncDecl]bool)
			for i, file := range files {
				if file != pass.Files[i] && info.FileVersions[file] != pass.TypesInfo.FileVersions[pass.Files[i]] {
					pass.Reportf(file.Package, "Go version %q, want %q", info.FileVersions[file], pass.TypesInfo.FileVersions[pass.Files[i]])
				}
				for _, decl := range file.Decls {
					if fd, ok := decl.(*ast.FuncDecl); ok {
						kept[fd] = true
					}
				}
			}
			for _, file := range pass.Files {
				for _, decl := range file.Decls {
					if fd, ok := decl.(*ast.FuncDecl); ok && !kept[fd] {
						pass.Reportf(fd.Name.Pos(), "left out")
					}
				}
			}
			// The SSA form builds without them.
			_, err := Build(pass, sdk.Default)
			return nil, err
		},
	}
	analysistest.Run(t, testbin.Testdata(t), a, "mcpssa_inert")
}

// TestDeclaredImports checks that the SSA packages of the imports declare
// only the functions and variables the code names.
func TestDeclaredImports(t *testing.T) {
	a := &analysis.Analyzer{
		Name: "declaredimports",
		Doc:  "report the members of the imports' SSA packages",
		Run: func(pass *analysis.Pass) (any, error) {
			res, err := Build(pass, sdk.Default)
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
	analysistest.Run(t, testbin.Testdata(t), a, "mcpssa_imports")
}
