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
	"strings"
	"sync"

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
	tables := new(roleTables)
	return &analysis.Analyzer{
		Name:       "mcpscope",
		Doc:        "build the SSA form of the code mcperrlint analyzes, with its role table",
		URL:        "https://github.com/mcperrlint/mcperrlint/blob/main/docs/how-it-works.md",
		Run:        func(pass *analysis.Pass) (any, error) { return run(pass, funcs, sdks, tables) },
		ResultType: reflect.TypeFor[*Result](),
		FactTypes:  []analysis.Fact{new(fixedMap)},
	}
}

func run(pass *analysis.Pass, funcs *config.Functions, sdks sdk.Table, tables *roleTables) (*Result, error) {
	prog, err := mcpssa.Build(pass, sdks)
	if prog == nil || err != nil {
		return &Result{}, err
	}
	res := &Result{Result: prog, Roles: tables.of(prog.SDKs, funcs)}
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

// roleTables are the role tables an analyzer built, by what they were
// built from: the SDKs a package sees (of one sdk.Table, whose names are
// unique) and the user's functions. The packages of a module mostly see
// the same SDKs; building the table for each cost as much as a pass on a
// small package. A table is read-only once built, so they share it.
type roleTables struct {
	mu     sync.Mutex
	tables map[roleTableKey]*roles.Table
}

type roleTableKey struct {
	sdks  string // the bound SDKs' names
	funcs string // the configured functions, as the flags spell them
}

func (rt *roleTables) of(bindings sdk.Bindings, funcs *config.Functions) *roles.Table {
	var names []string
	for _, b := range bindings {
		names = append(names, b.Name)
	}
	key := roleTableKey{strings.Join(names, ","), funcs.String()}
	rt.mu.Lock()
	defer rt.mu.Unlock()
	t, ok := rt.tables[key]
	if !ok {
		t = roles.NewTable(roles.Builtin(), sdk.RoleRows(bindings), funcs.Rows())
		if rt.tables == nil {
			rt.tables = make(map[roleTableKey]*roles.Table)
		}
		rt.tables[key] = t
	}
	return t
}
