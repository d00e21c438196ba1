// Package scope defines the first pass of mcperrlint: the SSA form of the
// package's code where the analysis has work (package mcpssa), the role
// table that says what the functions called mean, and the package-level
// maps whose keys are a fixed set.
//
// Its Result holds SSA, as x/tools' buildssa does. The drivers mcperrlint
// runs under drop a package's results once every pass on it has run (its
// own driver, golangci-lint's runner; go vet's unitchecker analyzes one
// package per process), so the SSA of one package at a time is alive.
package scope

import (
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/internal/analysis/argflow"
	"github.com/mcperrlint/mcperrlint/internal/analysis/mcpssa"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/config"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

// Result is the SSA scope of one package.
type Result struct {
	// Prog is the package's SSA form, nil when the package holds no tool
	// handlers and no helpers worth summarizing: the later passes have
	// nothing to do there but pass facts on.
	*mcpssa.Result
	// Roles says what the functions called mean: the library knowledge,
	// the SDKs' rows and the user's configuration.
	Roles *roles.Table
	// Fixed holds the package-level maps, of the package and of those it
	// imports, that nothing writes after their package initializes.
	Fixed argflow.FixedMaps
}

// New returns the pass for the SDKs of sdks, knowing the user's functions
// in funcs, which it reads when it runs (after flag parsing).
func New(funcs *config.Functions, sdks sdk.Table) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "mcpscope",
		Doc:        "build the SSA form of the code mcperrlint analyzes, with its role table",
		URL:        "https://github.com/mcperrlint/mcperrlint/blob/main/docs/how-it-works.md",
		Run:        func(pass *analysis.Pass) (any, error) { return run(pass, funcs, sdks) },
		ResultType: reflect.TypeFor[*Result](),
		FactTypes:  []analysis.Fact{new(fixedMap)},
	}
}

func run(pass *analysis.Pass, funcs *config.Functions, sdks sdk.Table) (*Result, error) {
	prog, err := mcpssa.Build(pass, sdks)
	if prog == nil || err != nil {
		return &Result{}, err
	}
	res := &Result{Result: prog, Roles: roles.NewTable(roles.Builtin(), sdk.RoleRows(prog.SDKs), funcs.Rows())}
	res.Fixed = argflow.FindFixedMaps(prog.Pkg, prog.SrcFuncs, func(v *types.Var) bool {
		return pass.ImportObjectFact(v, new(fixedMap))
	})
	// The package's fixed tables, for lookups in other packages.
	for g := range res.Fixed {
		if v, ok := g.Object().(*types.Var); ok && g.Pkg == prog.Pkg && v.Exported() {
			pass.ExportObjectFact(v, new(fixedMap))
		}
	}
	return res, nil
}

// fixedMap is a fact about a package-level map variable: its package
// writes it only while it initializes, so its keys are a fixed set, and a
// lookup of an argument value there is a check of that value, in any
// package that does not write it either.
type fixedMap struct{}

// AFact marks fixedMap as a fact.
func (*fixedMap) AFact() {}

func (*fixedMap) String() string { return "fixed map" }
