package lsp

import (
	"context"
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// A label is what labelAnalyzer says of a function: the string constant
// it returns.
type label struct{ Text string }

func (*label) AFact() {}

// labelAnalyzer exports a label fact for each function that returns a
// string literal, and reports each call to a function with a label: a
// finding that depends on the facts of the package called. It counts
// its runs by package path.
func labelAnalyzer() (*analysis.Analyzer, func(path string) int) {
	var mu sync.Mutex
	runs := make(map[string]int)
	a := &analysis.Analyzer{
		Name:      "labels",
		Doc:       "reports calls of functions that return a string literal, with the literal",
		FactTypes: []analysis.Fact{new(label)},
		Run: func(pass *analysis.Pass) (any, error) {
			mu.Lock()
			runs[pass.Pkg.Path()]++
			mu.Unlock()
			for _, f := range pass.Files {
				ast.Inspect(f, func(n ast.Node) bool {
					switch n := n.(type) {
					case *ast.FuncDecl:
						if len(n.Body.List) == 1 {
							if ret, ok := n.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
								if lit, ok := ret.Results[0].(*ast.BasicLit); ok {
									text, _ := strconv.Unquote(lit.Value)
									pass.ExportObjectFact(pass.TypesInfo.Defs[n.Name], &label{text})
								}
							}
						}
					case *ast.CallExpr:
						if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
							var l label
							if fn, ok := pass.TypesInfo.Uses[sel.Sel].(*types.Func); ok && pass.ImportObjectFact(fn, &l) {
								pass.Reportf(n.Pos(), "calls %s", l.Text)
							}
						}
					}
					return true
				})
			}
			return nil, nil
		},
	}
	return a, func(path string) int {
		mu.Lock()
		defer mu.Unlock()
		return runs[path]
	}
}

// writeFiles writes files, by slash-separated path below dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSavesRestoreFacts checks that a save of one package does not
// analyze again the packages below it, whose facts the analysis keeps,
// and that the facts it restores are right: before an edit of the package
// below, the old ones; after, the new ones, from an analysis of it.
func TestSavesRestoreFacts(t *testing.T) {
	const top = "package top\n\nimport \"example.com/m/below\"\n\nvar _ = below.Name()\n"
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		writeFiles(t, dir, map[string]string{name: text})
	}
	write("go.mod", "module example.com/m\n\ngo 1.26\n")
	write("below/below.go", "package below\n\nfunc Name() string { return \"old\" }\n")
	write("top/top.go", top)
	topPath := filepath.Join(dir, "top", "top.go")

	a, runs := labelAnalyzer()
	ws := &workspace{}
	analyze := func(step string, wantMessage string, wantBelow, wantTop int) {
		t.Helper()
		res := ws.analyze(context.Background(), a, nil, topPath, func(p string) string { return p }, nil)
		if res.err != nil {
			t.Fatalf("%s: %v", step, res.err)
		}
		var got []string
		for _, fr := range res.files {
			for _, d := range fr.diags {
				got = append(got, d.lsp.Message)
			}
		}
		if want := []string{wantMessage}; !slices.Equal(got, want) {
			t.Errorf("%s: diagnostics %q, want %q", step, got, want)
		}
		if b, tp := runs("example.com/m/below"), runs("example.com/m/top"); b != wantBelow || tp != wantTop {
			t.Errorf("%s: package below analyzed %d times, top %d; want %d and %d", step, b, tp, wantBelow, wantTop)
		}
	}

	analyze("open", "calls old", 1, 1)
	write("top/top.go", top+"\n// edited\n")
	analyze("save of top", "calls old", 1, 2)
	write("below/below.go", "package below\n\nfunc Name() string { return \"new\" }\n")
	analyze("save of below, then of top", "calls new", 2, 3)
	write("top/top.go", top)
	analyze("save of top again", "calls new", 2, 4)
}

// TestAnalyzerPanic checks that a panic in an analyzer, on the package
// analyzed or one below it, becomes the analysis's error, not a crash of
// the server.
func TestAnalyzerPanic(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"go.mod":         "module example.com/m\n\ngo 1.26\n",
		"below/below.go": "package below\n\nfunc Name() string { return \"x\" }\n",
		"top/top.go":     "package top\n\nimport \"example.com/m/below\"\n\nvar _ = below.Name()\n",
	})
	for _, on := range []string{"example.com/m/top", "example.com/m/below"} {
		a := &analysis.Analyzer{
			Name:      "panicky",
			Doc:       "panics on one package",
			FactTypes: []analysis.Fact{new(label)},
			Run: func(pass *analysis.Pass) (any, error) {
				if pass.Pkg.Path() == on {
					panic("boom")
				}
				return nil, nil
			},
		}
		ws := &workspace{}
		res := ws.analyze(context.Background(), a, nil, filepath.Join(dir, "top", "top.go"), func(p string) string { return p }, nil)
		if res.err == nil || !strings.Contains(res.err.Error(), "boom") {
			t.Errorf("panic on %s: error %v, want one that says what the panic said", on, res.err)
		}
	}
}
