package analyzer

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
	"github.com/mcperrlint/mcperrlint/internal/report"
	"github.com/mcperrlint/mcperrlint/internal/sorted"
	"github.com/mcperrlint/mcperrlint/passes/servers"
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
	lines map[string]map[int]*directive // file -> line -> its directive
}

// A directive is one ignore comment, and whether it suppressed anything.
type directive struct {
	comment *ast.Comment
	used    bool
}

// readDirectives collects the package's ignore directives, reporting
// those without a reason, which suppress nothing.
func readDirectives(pass *analysis.Pass) *directives {
	d := &directives{fset: pass.Fset, lines: make(map[string]map[int]*directive)}
	report.EachDirective(pass, ignoreDirective, func(c *ast.Comment, rest string) {
		if rest == "" {
			pass.Report(analysis.Diagnostic{
				Pos:      c.Pos(),
				End:      c.End(),
				Category: "directive",
				Message:  "mcperrlint:ignore directive has no reason, so it suppresses nothing: say why after it",
				URL:      category.DocURL("directive"),
			})
			return
		}
		p := pass.Fset.Position(c.Pos())
		if d.lines[p.Filename] == nil {
			d.lines[p.Filename] = make(map[int]*directive)
		}
		d.lines[p.Filename][p.Line] = &directive{comment: c}
	})
	return d
}

// ignores reports whether a directive covers ret, a return statement or a
// type assertion of the function fn (an *ast.FuncDecl or *ast.FuncLit).
func (d *directives) ignores(ret ast.Node, fn ast.Node) bool {
	// Every directive that covers the return is used, not only the
	// first: none of them is left for reportUnused.
	onLine, above := d.on(ret.Pos(), 0), d.on(ret.Pos(), -1)
	if onLine || above {
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

// on reports whether a directive stands on the line of pos plus delta,
// and marks it used.
func (d *directives) on(pos token.Pos, delta int) bool {
	p := d.fset.Position(pos)
	dir := d.lines[p.Filename][p.Line+delta]
	if dir == nil {
		return false
	}
	dir.used = true
	return true
}

// reportUnused reports the directives that suppressed nothing, as
// staticcheck reports its unused //lint:ignore directives, so they do
// not outlive the code they were written for.
func (d *directives) reportUnused(pass *analysis.Pass) {
	var unused []*directive
	for _, lines := range d.lines {
		for _, dir := range lines {
			if !dir.used {
				unused = append(unused, dir)
			}
		}
	}
	slices.SortFunc(unused, func(a, b *directive) int {
		return sorted.ComparePositions(pass.Fset, a.comment.Pos(), b.comment.Pos())
	})
	for _, dir := range unused {
		pass.Report(analysis.Diagnostic{
			Pos:      dir.comment.Pos(),
			End:      dir.comment.End(),
			Category: "unused-ignore",
			Message:  "mcperrlint:ignore directive suppresses nothing: remove it",
			URL:      category.DocURL("unused-ignore"),
		})
	}
}

// convertedBy is the fact a package with a converted-by directive
// exports, for the packages it names to check.
type convertedBy struct {
	Servers []string // import paths
}

// AFact marks convertedBy as a fact.
func (*convertedBy) AFact() {}

func (c *convertedBy) String() string { return "converted by " + strings.Join(c.Servers, " ") }

// readConvertedBy returns the import paths the package's converted-by
// directives name, reporting those that name none.
func readConvertedBy(pass *analysis.Pass) []string {
	paths, malformed := report.ConvertedBy(pass)
	for _, c := range malformed {
		pass.Report(analysis.Diagnostic{
			Pos:      c.Pos(),
			End:      c.End(),
			Category: "directive",
			Message:  "mcperrlint:converted-by directive names no import path, so it silences nothing: name the package that builds the server",
			URL:      category.DocURL("directive"),
		})
	}
	return paths
}

// checkConvertedBy reports, in a package that the converted-by directive
// of a package it imports names, each server it builds that does not
// turn tool errors into results, or its package clause when it builds
// none: the claim that silenced the other package is false here.
func checkConvertedBy(pass *analysis.Pass, srvs []servers.Server) {
	for _, pf := range pass.AllPackageFacts() {
		cb, ok := pf.Fact.(*convertedBy)
		if !ok || pf.Package == pass.Pkg || !slices.Contains(cb.Servers, pass.Pkg.Path()) {
			continue
		}
		claim := "package " + pf.Package.Name() + " relies on this package's servers to turn its tool handlers' errors into tool results (" + report.ConvertedByDirective + ")"
		if len(srvs) == 0 && len(pass.Files) > 0 {
			name := pass.Files[0].Name
			pass.Report(analysis.Diagnostic{
				Pos: name.Pos(), End: name.End(), Category: "directive", URL: category.DocURL("directive"),
				Message: claim + ", but this package builds no MCP server: name the package that does",
			})
		}
		for _, srv := range srvs {
			if !srv.Converts {
				pass.Report(analysis.Diagnostic{
					Pos: srv.Pos, Category: "directive", URL: category.DocURL("directive"),
					Message: claim + ", but this server installs no middleware that does: install one, or remove the directive",
				})
			}
		}
	}
}
