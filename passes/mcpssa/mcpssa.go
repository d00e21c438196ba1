// Package mcpssa builds the SSA form of the packages where mcperrlint has
// work: those that can see an MCP SDK, and those of the module being
// analyzed, whose helpers tool handlers may call.
//
// It plays the part of x/tools' buildssa for mcperrlint, with three
// differences. It builds nothing for other packages (the standard library,
// and dependencies that import no SDK: most of a build). It turns a panic
// in the SSA builder into an error naming the package instead of crashing
// the driver. And it is a function, not an Analyzer: drivers keep every
// analyzer's result until the whole run ends (go/analysis/checker clears
// them only then), so SSA passed between analyzers would hold the SSA of
// every package at once. Built and dropped within one pass, it is garbage
// as soon as the pass returns.
package mcpssa

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/passes/sdk"
)

// Result is the SSA form of one package.
type Result struct {
	Pkg *ssa.Package

	// SrcFuncs lists the package's source functions in source order,
	// each followed by the function literals it contains.
	SrcFuncs []*ssa.Function

	// SDKs are the SDKs the package can see; none for a package of
	// helpers.
	SDKs []*sdk.Binding
}

// Build returns the SSA form of the package pass analyzes, or nil when
// the package holds no tool handlers and no helpers worth summarizing.
func Build(pass *analysis.Pass) (res *Result, err error) {
	bindings := sdk.Bind(pass.Pkg)
	if !worthBuilding(pass, bindings) {
		return nil, nil
	}
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("building SSA form of %s: %v", pass.Pkg.Path(), r)
		}
	}()

	// BareInits: the package initializer does not call those of the
	// imports, so only the imports whose members the code names need an
	// SSA package (methods of other packages' types are made on demand).
	// Creating one makes a Function for each of its functions and
	// methods, which for a large import costs as much as building the
	// package analyzed.
	prog := ssa.NewProgram(pass.Fset, ssa.BareInits)
	for _, imp := range referencedImports(pass) {
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

// worthBuilding reports whether the package can hold tool handlers or
// helpers whose summaries matter: in the module being analyzed, any package
// that sees an SDK or declares functions with results; elsewhere, packages
// that see an SDK. (Whether an SDK is in the build at all is not the
// pass's to know: go vet caches a package's result on its own inputs, and
// a helper package's summaries must be there when a handler that calls it
// is added later.) The SDKs' own
// packages are left out where they can be, since the descriptors give
// their behavior: those that see none (go-sdk's mcp, mcp-go's mcp), and,
// as dependencies, those that do (mcp-go's server sees its mcp). Only in
// the SDK's own repository are the latter built, for their handlers.
func worthBuilding(pass *analysis.Pass, bindings []*sdk.Binding) bool {
	if inAnalyzedModule(pass) {
		return len(bindings) > 0 || hasResults(pass.Files) && !sdk.InSDK(pass.Pkg.Path())
	}
	return len(bindings) > 0 && !sdk.InSDK(pass.Pkg.Path())
}

// inAnalyzedModule reports whether the package belongs to code being
// worked on, rather than to a dependency at a released version or to the
// standard library: the main module, a workspace module, a module replaced
// by a directory, or, where the driver knows no modules (GOPATH mode),
// anything outside GOROOT.
func inAnalyzedModule(pass *analysis.Pass) bool {
	// GOPATH-mode drivers give every package an empty module.
	if m := pass.Module; m != nil && m.Path != "" {
		if m.Replace != nil {
			m = m.Replace
		}
		return m.Version == ""
	}
	if len(pass.Files) == 0 {
		return false
	}
	name := pass.Fset.File(pass.Files[0].FileStart).Name()
	return !strings.HasPrefix(filepath.ToSlash(name), goroot+"/src/")
}

var goroot = filepath.ToSlash(filepath.Clean(build.Default.GOROOT))

// hasResults reports whether any function the files declare returns
// something: only those have summaries.
func hasResults(files []*ast.File) bool {
	for _, f := range files {
		for _, decl := range f.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok && fd.Type.Results != nil && len(fd.Type.Results.List) > 0 {
				return true
			}
		}
	}
	return false
}

// referencedImports returns the imports of the package whose
// package-level functions or variables its code refers to, the members
// the SSA builder looks up in their packages; constants, types and
// methods need no SSA package.
func referencedImports(pass *analysis.Pass) []*types.Package {
	used := make(map[*types.Package]bool)
	for _, obj := range pass.TypesInfo.Uses {
		pkg := obj.Pkg()
		if pkg == nil || pkg == pass.Pkg || used[pkg] {
			continue // universe, this package, or already seen
		}
		// Another package's functions and variables that code here can
		// name are its package-level ones, methods and fields aside.
		switch obj := obj.(type) {
		case *types.Func:
			used[pkg] = obj.Signature().Recv() == nil
		case *types.Var:
			used[pkg] = !obj.IsField()
		}
	}
	var imps []*types.Package
	for _, imp := range pass.Pkg.Imports() {
		if used[imp] {
			imps = append(imps, imp)
		}
	}
	return imps
}
