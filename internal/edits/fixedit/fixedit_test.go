package fixedit

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"
)

// fakeImporter gives every import path a package named after its last
// element, declaring an int variable X.
type fakeImporter struct{}

func (fakeImporter) Import(path string) (*types.Package, error) {
	pkg := types.NewPackage(path, path[strings.LastIndex(path, "/")+1:])
	pkg.Scope().Insert(types.NewVar(token.NoPos, pkg, "X", types.Typ[types.Int]))
	pkg.MarkComplete()
	return pkg, nil
}

// check parses and type-checks src as a one-file package.
func check(t *testing.T, src string) (*token.FileSet, *ast.File, *types.Info, error) {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "a.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: make(map[*ast.Ident]types.Object), Defs: make(map[*ast.Ident]types.Object), Implicits: make(map[ast.Node]types.Object)}
	_, err = (&types.Config{Importer: fakeImporter{}}).Check("p", fset, []*ast.File{file}, info)
	return fset, file, info, err
}

// TestUnusedImports applies an edit that replaces the text between the
// markers /*<*/ and /*>*/ and checks which imports UnusedImports names,
// and that the file Format then writes type-checks: no import it still
// needs is gone, none it no longer uses is left.
func TestUnusedImports(t *testing.T) {
	const header = "package p\n\nimport (\n\t\"a/errors\"\n\te \"b/renamed\"\n\t\"c/fmt\"\n\t_ \"d/blank\"\n\t. \"e/dot\"\n)\n\nvar _ = X\n\n"
	for _, tc := range []struct {
		name, body, repl string
		other            string // another fix of the file, appended to it
		want             string // the paths UnusedImports returns
	}{
		{"only in the edit", "var _ = /*<*/errors.X + e.X/*>*/ + fmt.X\n", "0", "", "a/errors b/renamed"},
		{"also outside", "var _ = /*<*/errors.X/*>*/\nvar _ = errors.X + e.X + fmt.X\n", "0", "", ""},
		// A local that shadows the import is not a use of it: the old
		// syntactic rule kept the import, and the file did not compile.
		{"shadowed", "var _ = /*<*/errors.X/*>*/ + e.X + fmt.X\nfunc f() int { errors := struct{ X int }{}; return errors.X }\n", "0", "", "a/errors"},
		{"the new text uses it", "var _ = /*<*/errors.X/*>*/ + e.X + fmt.X\n", "errors.X + 1", "", ""},
		{"a field key is no use", "var _ = /*<*/errors.X/*>*/ + e.X + fmt.X\nvar _ = struct{ errors int }{}\n", "struct{ errors int }{errors: 1}.errors", "", "a/errors"},
		{"another fix uses it", "var _ = /*<*/errors.X/*>*/ + e.X + fmt.X\n", "0", "var _ = errors.X\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := header + tc.body
			fset, file, info, err := check(t, src)
			if err != nil {
				t.Fatalf("before: %v\n%s", err, src)
			}
			edit := Edit{Start: strings.Index(src, "/*<*/"), End: strings.Index(src, "/*>*/") + len("/*>*/"), Text: tc.repl}
			var also []string
			other := Edit{Start: len(src), End: len(src), Text: tc.other}
			if tc.other != "" {
				also = append(also, tc.other)
			}
			unused := UnusedImports(fset, info, file, []Edit{edit}, also...)
			var got []string
			for _, spec := range unused {
				got = append(got, strings.Trim(spec.Path.Value, `"`))
			}
			if strings.Join(got, " ") != tc.want {
				t.Errorf("UnusedImports = %q, want %q", got, tc.want)
			}
			after, err := Apply([]byte(src), []Edit{edit, other})
			if err != nil {
				t.Fatal(err)
			}
			formatted, err := Format(after, unused)
			if err != nil {
				t.Fatal(err)
			}
			if _, _, _, err := check(t, string(formatted)); err != nil {
				t.Errorf("the fixed file does not type-check: %v\n%s", err, formatted)
			}
		})
	}
}

func TestSelectorOperands(t *testing.T) {
	got := SelectorOperands("return a.b.c, d{e: f}, g.(T), h")
	if len(got) != 2 || !got["a"] || !got["g"] {
		t.Errorf("SelectorOperands = %v, want a and g", got)
	}
}
