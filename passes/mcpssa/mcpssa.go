// Package mcpssa defines an Analyzer that builds the SSA form of packages
// that can see an MCP SDK, and of no others.
//
// It plays the part of x/tools' buildssa for mcperrlint, with two
// differences: it builds nothing for packages that import no SDK (most of a
// build, and all of the standard library), and it turns a panic in the SSA
// builder into an error naming the package instead of crashing the driver.
package mcpssa

import (
	"fmt"
	"go/ast"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/passes/sdk"
)

// Analyzer builds SSA for packages that use an MCP SDK.
var Analyzer = &analysis.Analyzer{
	Name:       "mcpssa",
	Doc:        "build SSA form for packages that use an MCP SDK",
	URL:        "https://github.com/mcperrlint/mcperrlint",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
}

// Result is the SSA form of one package. A nil *Result means the package
// sees no MCP SDK and holds no tool handlers.
type Result struct {
	Pkg *ssa.Package

	// SrcFuncs lists the package's source functions in source order,
	// each followed by the function literals it contains.
	SrcFuncs []*ssa.Function

	// SDKs are the SDKs the package can see.
	SDKs []*sdk.Binding
}

func run(pass *analysis.Pass) (res any, err error) {
	bindings := sdk.Bind(pass.Pkg)
	if len(bindings) == 0 {
		return (*Result)(nil), nil
	}
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("building SSA form of %s: %v", pass.Pkg.Path(), r)
		}
	}()

	prog := ssa.NewProgram(pass.Fset, 0)
	for _, imp := range pass.Pkg.Imports() {
		prog.CreatePackage(imp, nil, nil, true)
	}
	ssapkg := prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	ssapkg.Build()

	var funcs []*ssa.Function
	var addWithLiterals func(f *ssa.Function)
	addWithLiterals = func(f *ssa.Function) {
		funcs = append(funcs, f)
		for _, anon := range f.AnonFuncs {
			addWithLiterals(anon)
		}
	}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			if decl, ok := decl.(*ast.FuncDecl); ok {
				if fn := prog.FuncValue(pass.TypesInfo.Defs[decl.Name].(*types.Func)); fn != nil {
					addWithLiterals(fn)
				}
			}
		}
	}
	// Function literals in package-level variable initializers belong to
	// the package initializer.
	if init := ssapkg.Func("init"); init != nil {
		for _, anon := range init.AnonFuncs {
			addWithLiterals(anon)
		}
	}
	return &Result{Pkg: ssapkg, SrcFuncs: funcs, SDKs: bindings}, nil
}
