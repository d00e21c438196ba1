// Package fixedit applies suggested fixes to source text, as the
// go/analysis -fix driver does: the edits first, then the import clean-up
// and formatting of x/tools' internal driverutil.FormatSourceRemoveImports.
// The language server's quick fixes and the tests that check the fixes
// use it, so they apply fixes one way.
package fixedit

import (
	"bytes"
	"cmp"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strconv"

	"golang.org/x/tools/go/ast/astutil"
)

// An Edit replaces the bytes [Start, End) of a file with Text.
type Edit struct {
	Start, End int
	Text       string
}

// Apply applies edits to src. Identical edits (two fixes adding the same
// import) apply once; edits that overlap, or insert different text at one
// place, are an error, as golangci-lint refuses them.
func Apply(src []byte, edits []Edit) ([]byte, error) {
	edits = slices.Clone(edits)
	slices.SortStableFunc(edits, func(a, b Edit) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End))
	})
	edits = slices.Compact(edits)
	var out bytes.Buffer
	last := 0
	for i, e := range edits {
		if e.Start < last || e.End < e.Start || e.End > len(src) {
			return nil, fmt.Errorf("edit [%d,%d) overlaps another or is out of bounds", e.Start, e.End)
		}
		if i > 0 && e.Start == e.End && edits[i-1].Start == e.Start {
			return nil, fmt.Errorf("edits insert at offset %d and another edit starts there", e.Start)
		}
		out.Write(src[last:e.Start])
		out.WriteString(e.Text)
		last = e.End
	}
	out.Write(src[last:])
	return out.Bytes(), nil
}

// Format formats a file to which fixes were applied the way the -fix
// driver does: sort the imports, delete those the file no longer uses,
// and print it as gofmt does. pkg is the package before the fix; it tells
// the name a non-renaming import declares.
func Format(pkg *types.Package, src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "fixed.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	ast.SortImports(fset, file)
	removeUnusedImports(fset, pkg, file)
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, file); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// removeUnusedImports deletes the imports whose name no selector in the
// file's other declarations uses. The driver asks whether the name is
// free anywhere in the file; a package name can only be used as a
// selector's operand, so the two agree except when every use is a local
// variable that shadows the import, where this keeps an import the
// driver would drop (the file did not compile before the fix either).
func removeUnusedImports(fset *token.FileSet, pkg *types.Package, file *ast.File) {
	names := make(map[string]string) // import path to package name
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		if names[p.Path()] == "" {
			names[p.Path()] = p.Name()
			for _, imp := range p.Imports() {
				visit(imp)
			}
		}
	}
	if pkg != nil {
		for _, imp := range pkg.Imports() {
			visit(imp)
		}
	}
	used := make(map[string]bool)
	for _, decl := range file.Decls {
		if d, ok := decl.(*ast.GenDecl); ok && d.Tok == token.IMPORT {
			continue
		}
		ast.Inspect(decl, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok {
					used[id.Name] = true
				}
			}
			return true
		})
	}
	type spec struct{ name, path string }
	var unused []spec
	for _, imp := range file.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		explicit := ""
		if imp.Name != nil {
			explicit = imp.Name.Name
		}
		name := explicit
		if name == "" {
			name = names[path]
		}
		switch name {
		case "", ".", "_":
			// An import the fix added (its name is unknown to the
			// package), a dot import or a blank one: keep it.
			continue
		}
		if !used[name] {
			unused = append(unused, spec{explicit, path})
		}
	}
	for _, s := range unused {
		astutil.DeleteNamedImport(fset, file, s.name, s.path)
	}
}
