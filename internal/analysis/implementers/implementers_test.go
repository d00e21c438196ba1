package implementers_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"github.com/mcperrlint/mcperrlint/internal/analysis/implementers"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

// sources are the packages of the tests, by import path: a registry's
// interface and tools in example.org/tools, a package of the module that
// imports it (example.org/app), and an SDK's package with a type of the
// same shape, which is never listed.
var sources = map[string]string{
	"example.org/tools": `package tools

type Tool interface{ Run(args map[string]any) error }

type Echo struct{}

func (*Echo) Run(map[string]any) error { return nil }

type Logged struct{ *Echo } // promotes Run

type Wrapped struct{ Tool } // promotes the interface's Run

type Other struct{}

func (Other) Stop() {}

type Generic[T any] struct{}

func (*Generic[T]) Run(map[string]any) error { return nil }

type Alias = Echo
`,
	"github.com/mark3labs/mcp-go/server": `package server

type Handler struct{}

func (*Handler) Run(map[string]any) error { return nil }
`,
	"stdlike": `package stdlike

type Runner interface{ Run(args map[string]any) error }
`,
	"example.org/app": `package app

import (
	"example.org/tools"
	"stdlike"
	_ "github.com/mark3labs/mcp-go/server"
)

type Local struct{}

func (Local) Run(map[string]any) error { return nil }

type Runner interface {
	Run(map[string]any) error
	Stop()
}

type Empty interface{}

var _ tools.Tool = Local{}
var _ stdlike.Runner = Local{}
`,
}

// load type-checks path and what it imports from sources.
func load(t *testing.T, path string) *types.Package {
	t.Helper()
	fset := token.NewFileSet()
	pkgs := make(map[string]*types.Package)
	var imp importerFunc
	imp = func(p string) (*types.Package, error) {
		if pkg, ok := pkgs[p]; ok {
			return pkg, nil
		}
		f, err := parser.ParseFile(fset, p+".go", sources[p], 0)
		if err != nil {
			return nil, err
		}
		conf := types.Config{Importer: imp}
		pkg, err := conf.Check(p, fset, []*ast.File{f}, nil)
		if err != nil {
			return nil, err
		}
		pkgs[p] = pkg
		return pkg, nil
	}
	pkg, err := imp(path)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// method returns the method name of the interface type iface of pkg, or
// of the import the name qualifies ("stdlike.Runner", "Tool" of tools
// when pkg has none of that name).
func method(t *testing.T, pkg *types.Package, iface, name string) *types.Func {
	t.Helper()
	scope := pkg.Scope()
	for _, imp := range pkg.Imports() {
		if q, n, ok := strings.Cut(iface, "."); ok && q == imp.Name() {
			scope, iface = imp.Scope(), n
			break
		}
		if scope.Lookup(iface) == nil && imp.Scope().Lookup(iface) != nil {
			scope = imp.Scope()
		}
	}
	it := scope.Lookup(iface).Type().Underlying().(*types.Interface)
	for i := range it.NumMethods() {
		if it.Method(i).Name() == name {
			return it.Method(i)
		}
	}
	t.Fatalf("no method %s.%s", iface, name)
	return nil
}

func names(fns []*types.Func) []string {
	var out []string
	for _, fn := range fns {
		out = append(out, types.TypeString(fn.Signature().Recv().Type(), (*types.Package).Name)+"."+fn.Name())
	}
	return out
}

func TestMethods(t *testing.T) {
	app := load(t, "example.org/app")
	for _, tc := range []struct {
		name          string
		module        string
		methods       map[string]bool
		iface, method string
		want          []string
	}{
		// Without the tools package's methods, only the package's own types.
		{"own types", "example.org", nil, "Tool", "Run", []string{"app.Local.Run"}},
		// With them, the tools' types too, promoted methods included, in
		// package and then name order; not the generic type, not the alias,
		// not the interface, not the SDK's type.
		{"imported types", "example.org", map[string]bool{"example.org/tools": true}, "Tool", "Run",
			[]string{"app.Local.Run", "*tools.Echo.Run", "*tools.Echo.Run", "tools.Tool.Run"}},
		// A type must have every method of the interface.
		{"every method", "example.org", map[string]bool{"example.org/tools": true}, "Runner", "Stop", nil},
		// The standard library's interfaces have no implementations here;
		// in GOPATH mode (no module) a path without a dot may be the
		// project's own.
		{"standard library", "example.org", nil, "stdlike.Runner", "Run", nil},
		{"GOPATH mode", "", nil, "stdlike.Runner", "Run", []string{"app.Local.Run"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := implementers.New(app, tc.module, sdk.Default, tc.methods)
			got := names(x.Methods(method(t, app, tc.iface, tc.method)))
			if !slices.Equal(got, tc.want) {
				t.Errorf("Methods(%s.%s) = %q, want %q", tc.iface, tc.method, got, tc.want)
			}
			// Answered once: the same slice again.
			if again := names(x.Methods(method(t, app, tc.iface, tc.method))); !slices.Equal(again, got) {
				t.Errorf("second answer %q, first %q", again, got)
			}
		})
	}
}
