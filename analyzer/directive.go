package analyzer

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/mod/module"
	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/internal/errorigin"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
	"github.com/mcperrlint/mcperrlint/internal/sorted"
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

// eachDirective calls visit for each comment of the package's files that
// is the directive name, alone or followed by white space, with the rest
// of the comment, trimmed.
func eachDirective(pass *analysis.Pass, name string, visit func(c *ast.Comment, rest string)) {
	for _, f := range pass.Files {
		for _, group := range f.Comments {
			for _, c := range group.List {
				rest, ok := strings.CutPrefix(c.Text, name)
				if ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
					visit(c, strings.TrimSpace(rest))
				}
			}
		}
	}
}

// readDirectives collects the package's ignore directives, reporting
// those without a reason, which suppress nothing.
func readDirectives(pass *analysis.Pass) *directives {
	d := &directives{fset: pass.Fset, lines: make(map[string]map[int]*directive)}
	eachDirective(pass, ignoreDirective, func(c *ast.Comment, rest string) {
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

// convertedByDirective, in any file of a package, says that the servers
// built by the package it names, which registers this package's tool
// handlers, turn every handler's error into a tool result: the package's
// returns are not reported. A driver that analyzes one package at a time
// (go vet, golangci-lint, an editor) cannot see that from here; the
// named package, which imports this one, checks the claim.
const convertedByDirective = "//mcperrlint:converted-by"

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
	var paths []string
	eachDirective(pass, convertedByDirective, func(c *ast.Comment, path string) {
		if module.CheckImportPath(path) != nil {
			pass.Report(analysis.Diagnostic{
				Pos:      c.Pos(),
				End:      c.End(),
				Category: "directive",
				Message:  "mcperrlint:converted-by directive names no import path, so it silences nothing: name the package that builds the server",
				URL:      category.DocURL("directive"),
			})
			return
		}
		if !slices.Contains(paths, path) {
			paths = append(paths, path)
		}
	})
	slices.Sort(paths)
	return paths
}

// checkConvertedBy reports, in a package that the converted-by directive
// of a package it imports names, each server it builds that does not
// turn tool errors into results, or its package clause when it builds
// none: the claim that silenced the other package is false here.
func checkConvertedBy(pass *analysis.Pass, servers []errorigin.Server) {
	for _, pf := range pass.AllPackageFacts() {
		cb, ok := pf.Fact.(*convertedBy)
		if !ok || pf.Package == pass.Pkg || !slices.Contains(cb.Servers, pass.Pkg.Path()) {
			continue
		}
		claim := "package " + pf.Package.Name() + " relies on this package's servers to turn its tool handlers' errors into tool results (" + convertedByDirective + ")"
		if len(servers) == 0 && len(pass.Files) > 0 {
			name := pass.Files[0].Name
			pass.Report(analysis.Diagnostic{
				Pos: name.Pos(), End: name.End(), Category: "directive", URL: category.DocURL("directive"),
				Message: claim + ", but this package builds no MCP server: name the package that does",
			})
		}
		for _, srv := range servers {
			if !srv.Converts {
				pass.Report(analysis.Diagnostic{
					Pos: srv.Pos, Category: "directive", URL: category.DocURL("directive"),
					Message: claim + ", but this server installs no middleware that does: install one, or remove the directive",
				})
			}
		}
	}
}
