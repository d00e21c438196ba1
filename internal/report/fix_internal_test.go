package report

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestReplaceWrapVerb checks that turning %w into %v keeps every other
// verb, flag and escape, and so the printed text.
func TestReplaceWrapVerb(t *testing.T) {
	err := fmt.Errorf("boom")
	for _, tc := range []struct{ in, want string }{
		{"invalid arguments: %w", "invalid arguments: %v"},
		{"%w and %w", "%v and %v"},
		{"100%% sure: %w", "100%% sure: %v"},
		{"literal %%w", "literal %%w"},
		{"%[1]w (%[1]q)", "%[1]v (%[1]q)"},
		{"%-8w|", "%-8v|"},
		{"trailing %", "trailing %"},
		{"no verbs", "no verbs"},
	} {
		got := replaceWrapVerb(tc.in)
		if got != tc.want {
			t.Errorf("replaceWrapVerb(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got, want := fmt.Sprintf(got, err, err), fmt.Errorf(tc.in, err, err).Error(); got != want {
			t.Errorf("format %q prints %q, the original prints %q", tc.in, got, want)
		}
	}
}

func TestFromErrFormat(t *testing.T) {
	for in, want := range map[string]string{
		"decode: %w":         "decode",
		"bind arguments: %v": "bind arguments",
		"%s: %w":             "",
		"x: %w %w":           "",
		"x %w":               "",
	} {
		m := fromErrFormat.FindStringSubmatch(in)
		got := ""
		if m != nil {
			got = m[1]
		}
		if got != want {
			t.Errorf("fromErrFormat on %q = %q, want %q", in, got, want)
		}
	}
}

// TestAddImportKeepsCgoPreamble checks that an import is never added to
// the declaration of import "C": grouping it with another import would
// detach the cgo preamble (the comment above it), and the C names would
// no longer resolve. Drivers give the analyzer cgo's output, where that
// declaration is gone, but one that gives it the user's file must not get
// a broken fix.
func TestAddImportKeepsCgoPreamble(t *testing.T) {
	for name, src := range map[string]string{
		"only C": `package p

// static int one(void) { return 1; }
import "C"

func f() int { return int(C.one()) }
`,
		"C first": `package p

// static int one(void) { return 1; }
import "C"

import (
	"fmt"
	"strings"
)

var _, _ = fmt.Sprint, strings.ToUpper
`,
	} {
		t.Run(name, func(t *testing.T) {
			fset := token.NewFileSet()
			file, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			f := &fixer{pass: &analysis.Pass{Fset: fset}, file: file, src: []byte(src)}
			edit := f.addImport("errors")
			start, end := fset.Position(edit.Pos).Offset, fset.Position(edit.End).Offset
			got := src[:start] + string(edit.NewText) + src[end:]
			fixed, err := parser.ParseFile(token.NewFileSet(), "p.go", got, parser.ParseComments|parser.ImportsOnly)
			if err != nil {
				t.Fatalf("%v\n%s", err, got)
			}
			var imports []string
			for _, spec := range fixed.Imports {
				imports = append(imports, spec.Path.Value)
			}
			if !slices.Contains(imports, `"errors"`) {
				t.Errorf("errors is not imported:\n%s", got)
			}
			for _, decl := range fixed.Decls {
				gen, ok := decl.(*ast.GenDecl)
				if !ok || gen.Tok != token.IMPORT || gen.Specs[0].(*ast.ImportSpec).Path.Value != `"C"` {
					continue
				}
				if len(gen.Specs) != 1 || gen.Doc == nil || !strings.Contains(gen.Doc.Text(), "static int one") {
					t.Errorf("import \"C\" no longer stands alone under its preamble:\n%s", got)
				}
			}
		})
	}
}

func TestReadNames(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string // nil: the source does not scan
	}{
		{`nil`, []string{"nil"}},
		{`mcp.NewToolResultError(err.Error())`, []string{"mcp", "err"}},
		{`&mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: msg}}}`, []string{"mcp", "true", "mcp", "mcp", "msg"}},
		{`fmt.Sprintf("%s: %v", name, err)`, []string{"fmt", "name", "err"}},
		{`m[key:end]`, []string{"m", "key", "end"}},
		{`map[string]any{k: v}[s]`, []string{"string", "any", "v", "s"}},
		{`x.(T).f`, []string{"x", "T"}},
		{`"a:b" + s`, []string{"s"}},
		{`func() { L: x++ }`, []string{"x"}},
		{"`unterminated", nil},
	} {
		got, ok := readNames(tc.src)
		if !ok {
			got = nil
		}
		if (tc.want == nil) != !ok || !slices.Equal(got, tc.want) {
			t.Errorf("readNames(%s) = %q, %v; want %q", tc.src, got, ok, tc.want)
		}
	}
}
