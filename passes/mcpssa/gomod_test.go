package mcpssa

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestSDKMayBeInBuild(t *testing.T) {
	t.Setenv("GOWORK", "")
	for _, tc := range []struct {
		name   string
		module *analysis.Module
		gomod  string // "" for none
		gowork bool
		want   bool
	}{
		{"no SDK", mod("example.com/m"), "module example.com/m\n\ngo 1.22\n\nrequire golang.org/x/text v0.3.0\n", false, false},
		{"requires go-sdk", mod("example.com/m"), "module example.com/m\n\ngo 1.22\n\nrequire github.com/modelcontextprotocol/go-sdk v1.8.0 // indirect\n", false, true},
		{"requires mcp-go", mod("example.com/m"), "module example.com/m\n\ngo 1.22\n\nrequire (\n\tgithub.com/mark3labs/mcp-go v1.2.1\n)\n", false, true},
		{"replaces an SDK", mod("example.com/m"), "module example.com/m\n\ngo 1.22\n\nreplace example.com/fork => github.com/mark3labs/mcp-go v1.2.1\n", false, true},
		{"is an SDK", mod("github.com/mark3labs/mcp-go"), "module github.com/mark3labs/mcp-go\n\ngo 1.22\n", false, true},
		{"before graph pruning", mod("example.com/m"), "module example.com/m\n\ngo 1.16\n", false, true},
		{"no go directive", mod("example.com/m"), "module example.com/m\n", false, true},
		{"another module's go.mod", mod("example.com/other"), "module example.com/m\n\ngo 1.22\n", false, true},
		{"workspace", mod("example.com/m"), "module example.com/m\n\ngo 1.22\n", true, true},
		{"replaced by a directory", &analysis.Module{Path: "example.com/m", Replace: &analysis.Module{Path: "../m"}}, "module example.com/m\n\ngo 1.22\n", false, true},
		{"GOPATH mode", &analysis.Module{}, "", false, true},
		{"no module", nil, "", false, true},
		{"unparsable go.mod", mod("example.com/m"), "module example.com/m\n\ngo 1.22\n\nrequire (\n", false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "m", "pkg")
			write(t, filepath.Join(dir, "p.go"), "package pkg\n")
			if tc.gomod != "" {
				write(t, filepath.Join(root, "m", "go.mod"), tc.gomod)
			}
			if tc.gowork {
				write(t, filepath.Join(root, "go.work"), "go 1.22\n\nuse ./m\n")
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, filepath.Join(dir, "p.go"), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			pass := &analysis.Pass{Module: tc.module, Fset: fset, Files: []*ast.File{f}}
			if got := sdkMayBeInBuild(pass); got != tc.want {
				t.Errorf("sdkMayBeInBuild = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestSDKMayBeInBuildSeesEdits checks that a changed go.mod is read
// again: the language server runs for hours while go.mod changes.
func TestSDKMayBeInBuildSeesEdits(t *testing.T) {
	t.Setenv("GOWORK", "")
	root := t.TempDir()
	gomod := filepath.Join(root, "go.mod")
	write(t, gomod, "module example.com/m\n\ngo 1.22\n")
	write(t, filepath.Join(root, "p.go"), "package m\n")
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filepath.Join(root, "p.go"), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	pass := &analysis.Pass{Module: mod("example.com/m"), Fset: fset, Files: []*ast.File{f}}
	if sdkMayBeInBuild(pass) {
		t.Fatal("sdkMayBeInBuild = true before the SDK is required")
	}
	write(t, gomod, "module example.com/m\n\ngo 1.22\n\nrequire github.com/mark3labs/mcp-go v1.2.1\n")
	if !sdkMayBeInBuild(pass) {
		t.Fatal("sdkMayBeInBuild = false after go.mod requires mcp-go")
	}
}

func mod(path string) *analysis.Module { return &analysis.Module{Path: path} }

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
