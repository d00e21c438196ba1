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
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

// Result is the SSA form of one package.
type Result struct {
	Pkg *ssa.Package

	// SrcFuncs lists the package's source functions in source order,
	// each followed by the function literals it contains.
	SrcFuncs []*ssa.Function

	// SDKs are the SDKs the package can see; none for a package of
	// helpers.
	SDKs sdk.Bindings
}

// Build returns the SSA form of the package pass analyzes, or nil when
// the package holds no tool handlers and no helpers worth summarizing.
func Build(pass *analysis.Pass, sdks sdk.Table) (res *Result, err error) {
	bindings := sdks.Bind(pass.Pkg)
	if !worthBuilding(pass, sdks, bindings) {
		return nil, nil
	}
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("building SSA form of %s: %v", pass.Pkg.Path(), r)
		}
	}()

	// BareInits: the package initializer does not call those of the
	// imports, so the imports need hold only the members the code names.
	prog := ssa.NewProgram(pass.Fset, ssa.BareInits)
	declareImports(prog, pass)
	files, info := withoutInertTests(pass, bindings)
	ssapkg := prog.CreatePackage(pass.Pkg, files, info, false)
	ssapkg.Build()

	var funcs []*ssa.Function
	var addWithLiterals func(f *ssa.Function)
	addWithLiterals = func(f *ssa.Function) {
		funcs = append(funcs, f)
		for _, anon := range f.AnonFuncs {
			addWithLiterals(anon)
		}
	}
	for _, file := range files {
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
// that sees an SDK, declares functions with results or exports tables
// (package-level maps) that other packages check arguments against; elsewhere, packages
// that see an SDK. (Whether an SDK is in the build at all is not the
// pass's to know: go vet caches a package's result on its own inputs, and
// a helper package's summaries must be there when a handler that calls it
// is added later.) The SDKs' own
// packages are left out where they can be, since the descriptors give
// their behavior: those that see none (go-sdk's mcp, mcp-go's mcp), and,
// as dependencies, those that do (mcp-go's server sees its mcp). Only in
// the SDK's own repository are the latter built, for their handlers.
func worthBuilding(pass *analysis.Pass, sdks sdk.Table, bindings sdk.Bindings) bool {
	if inAnalyzedModule(pass) {
		return len(bindings) > 0 || (hasResults(pass.Files) || hasExportedMaps(pass.Pkg)) && !sdks.InSDK(pass.Pkg.Path())
	}
	return len(bindings) > 0 && !sdks.InSDK(pass.Pkg.Path())
}

// inAnalyzedModule reports whether the package belongs to code being
// worked on: see workedOn.
func inAnalyzedModule(pass *analysis.Pass) bool {
	var mod module
	// GOPATH-mode drivers give every package an empty module.
	if m := pass.Module; m != nil && m.Path != "" {
		mod.path, mod.version = m.Path, m.Version
		if m.Replace != nil {
			mod.version = m.Replace.Version
		}
	}
	file := ""
	if len(pass.Files) > 0 {
		file = pass.Fset.File(pass.Files[0].FileStart).Name()
	}
	return workedOn(mod, file)
}

// A module is what workedOn needs to know of a package's module: its
// path, empty where the driver knows no modules (GOPATH mode), and the
// version of its code, its replacement's if it has one.
type module struct{ path, version string }

// workedOn reports whether a package of module mod whose first file is
// file is code being worked on, rather than a dependency at a released
// version or the standard library: the main module, a workspace module, a
// module replaced by a directory, or, where the driver knows no modules,
// anything outside GOROOT.
func workedOn(mod module, file string) bool {
	if mod.path != "" {
		return mod.version == ""
	}
	return file != "" && !strings.HasPrefix(filepath.ToSlash(file), goroot+"/src/")
}

// goroot is the one input of this package that is not the pass's: the
// GOROOT whose src holds the standard library, which GOPATH-mode drivers
// (and go vet, for the standard library) give no module. It is a property
// of the toolchain, not of the code analyzed: go vet's cache keys a
// package's result on the toolchain among its inputs, the go command
// exports its GOROOT to the vet tool it runs (so build.Default sees it),
// and the value cannot change during a process, so a long-lived language
// server does not see it go stale. What it is compared with, the file
// names, is the pass's input.
//
// Known gap: a process the go command did not start (the standalone
// command, golangci-lint) with no GOROOT in its environment gets
// runtime.GOROOT(), which is empty for a -trimpath binary: then no
// package counts as the standard library and every one with results is
// built. The drivers, not this pass, should set GOROOT from `go env
// GOROOT` before loading, as the go command does for its tools.
var goroot = filepath.ToSlash(filepath.Clean(build.Default.GOROOT))

// hasExportedMaps reports whether pkg declares an exported package-level
// map variable.
func hasExportedMaps(pkg *types.Package) bool {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		if v, ok := scope.Lookup(name).(*types.Var); ok && v.Exported() {
			if _, ok := v.Type().Underlying().(*types.Map); ok {
				return true
			}
		}
	}
	return false
}

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

// declareImports creates, for each import whose package-level functions
// or variables the package's code names, an SSA package that declares
// those members and nothing else: the SSA builder looks them up in their
// package, while it folds constants and makes other packages' methods on
// demand. An import created from its types alone would get a Function
// for every function and method it has, which for a large import
// (go-github's 7,000 methods) costs more than building the package
// analyzed, in every package that imports it.
//
// The members are declared by stubs: a function declaration without a
// body, which the builder treats as a function with no Go body, as it
// treats one from export data; and a variable declaration without a
// value. The stubs' identifiers are bound to the import's own objects, so
// the members are the ones the code refers to.
func declareImports(prog *ssa.Program, pass *analysis.Pass) {
	named := make(map[*types.Package][]types.Object)
	seen := make(map[types.Object]bool)
	for _, obj := range pass.TypesInfo.Uses {
		pkg := obj.Pkg()
		if pkg == nil || pkg == pass.Pkg || seen[obj] {
			continue // universe, this package, or named before
		}
		seen[obj] = true
		// Another package's functions and variables that code here can
		// name are its package-level ones, methods and fields aside.
		switch obj := obj.(type) {
		case *types.Func:
			if obj.Signature().Recv() == nil {
				named[pkg] = append(named[pkg], obj)
			}
		case *types.Var:
			if !obj.IsField() {
				named[pkg] = append(named[pkg], obj)
			}
		}
	}
	for _, imp := range pass.Pkg.Imports() {
		objs := named[imp]
		if len(objs) == 0 {
			continue
		}
		// Sorted, for the same program whatever the map order.
		slices.SortFunc(objs, func(a, b types.Object) int { return strings.Compare(a.Name(), b.Name()) })
		info := &types.Info{Defs: make(map[*ast.Ident]types.Object, len(objs))}
		file := &ast.File{Name: ast.NewIdent(imp.Name())}
		for _, obj := range objs {
			id := ast.NewIdent(obj.Name())
			info.Defs[id] = obj
			switch obj.(type) {
			case *types.Func:
				file.Decls = append(file.Decls, &ast.FuncDecl{Name: id, Type: &ast.FuncType{Params: &ast.FieldList{}}})
			case *types.Var:
				file.Decls = append(file.Decls, &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{&ast.ValueSpec{Names: []*ast.Ident{id}}}})
			}
		}
		prog.CreatePackage(imp, []*ast.File{file}, info, true)
	}
}
