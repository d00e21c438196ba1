package report

import (
	"go/ast"
	"slices"
	"strings"

	"golang.org/x/mod/module"
	"golang.org/x/tools/go/analysis"
)

// ConvertedByDirective, in any file of a package, says that the servers
// built by the package it names, which registers this package's tool
// handlers, turn every handler's error into a tool result: the package's
// returns are not reported. A driver that analyzes one package at a time
// (go vet, golangci-lint, an editor) cannot see that from here; the
// named package, which imports this one, checks the claim.
const ConvertedByDirective = "//mcperrlint:converted-by"

// EachDirective calls visit for each comment of the package's files that
// is the directive name, alone or followed by white space, with the rest
// of the comment, trimmed.
func EachDirective(pass *analysis.Pass, name string, visit func(c *ast.Comment, rest string)) {
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

// ConvertedBy returns the import paths the package's converted-by
// directives name, sorted, and the directives that name none.
func ConvertedBy(pass *analysis.Pass) (paths []string, malformed []*ast.Comment) {
	EachDirective(pass, ConvertedByDirective, func(c *ast.Comment, path string) {
		if module.CheckImportPath(path) != nil {
			malformed = append(malformed, c)
			return
		}
		if !slices.Contains(paths, path) {
			paths = append(paths, path)
		}
	})
	slices.Sort(paths)
	return paths, malformed
}
