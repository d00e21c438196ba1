package analyzer

import (
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// ignoreDirective suppresses the reports of the return statement it
// stands on or above, or of the whole function whose doc comment (or,
// for a function literal, the line above) holds it. It needs a reason.
// golangci-lint's and nogo's //nolint:mcperrlint are theirs to honour:
// consuming it here would make nolintlint call it unused.
const ignoreDirective = "//mcperrlint:ignore"

// directives holds the ignore directives of a package by file and line.
type directives struct {
	fset  *token.FileSet
	lines map[string]map[int]bool // file -> line -> has a directive
}

// readDirectives collects the package's ignore directives, reporting
// those without a reason, which suppress nothing.
func readDirectives(pass *analysis.Pass) *directives {
	d := &directives{fset: pass.Fset, lines: make(map[string]map[int]bool)}
	for _, f := range pass.Files {
		for _, group := range f.Comments {
			for _, c := range group.List {
				rest, ok := strings.CutPrefix(c.Text, ignoreDirective)
				if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
					continue
				}
				if strings.TrimSpace(rest) == "" {
					pass.Report(analysis.Diagnostic{
						Pos:      c.Pos(),
						End:      c.End(),
						Category: "directive",
						Message:  "mcperrlint:ignore directive has no reason, so it suppresses nothing: say why after it",
						URL:      "https://github.com/mcperrlint/mcperrlint#suppressing",
					})
					continue
				}
				p := pass.Fset.Position(c.Pos())
				if d.lines[p.Filename] == nil {
					d.lines[p.Filename] = make(map[int]bool)
				}
				d.lines[p.Filename][p.Line] = true
			}
		}
	}
	return d
}

// ignores reports whether a directive covers the return statement ret
// of the function fn (an *ast.FuncDecl or *ast.FuncLit).
func (d *directives) ignores(ret *ast.ReturnStmt, fn ast.Node) bool {
	if d.on(ret.Pos(), 0) || d.on(ret.Pos(), -1) {
		return true
	}
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		if fn.Doc != nil {
			for _, c := range fn.Doc.List {
				if d.on(c.Pos(), 0) {
					return true
				}
			}
		}
	case *ast.FuncLit:
		return d.on(fn.Pos(), -1) || d.on(fn.Pos(), 0)
	}
	return false
}

// on reports whether a directive stands on the line of pos plus delta.
func (d *directives) on(pos token.Pos, delta int) bool {
	p := d.fset.Position(pos)
	return d.lines[p.Filename][p.Line+delta]
}
