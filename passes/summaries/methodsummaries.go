package summaries

import (
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// methodSummaries is a fact about a package: the packages, it and those it
// imports directly or not, that export summaries of methods. Only their
// types, and types that embed them, can implement an interface with a
// method whose summary decides a dynamic call (dispatchOrigin); the
// others' are not looked at.
//
// Each package exports the list it sees, its imports' lists and itself,
// rather than a mark of its own: the drivers built on unitchecker (go
// vet, golangci-lint) show a package fact to direct importers only.
type methodSummaries struct {
	Packages []string // import paths, sorted
}

// AFact marks methodSummaries as a fact.
func (*methodSummaries) AFact() {}

func (f *methodSummaries) String() string {
	return "method summaries: " + strings.Join(f.Packages, " ")
}

// importedMethodSummaries returns the packages below the one pass
// analyzes that export method summaries: those its direct imports list.
func importedMethodSummaries(pass *analysis.Pass) map[string]bool {
	below := make(map[string]bool)
	for _, imp := range pass.Pkg.Imports() {
		var f methodSummaries
		if pass.ImportPackageFact(imp, &f) {
			for _, path := range f.Packages {
				below[path] = true
			}
		}
	}
	return below
}

// exportMethodSummaries exports the package's methodSummaries fact: the
// packages below it, and itself when it exported a method's summary.
func exportMethodSummaries(pass *analysis.Pass, below map[string]bool, own bool) {
	paths := slices.Collect(maps.Keys(below))
	if own && !below[pass.Pkg.Path()] {
		paths = append(paths, pass.Pkg.Path())
	}
	if len(paths) == 0 {
		return
	}
	slices.Sort(paths)
	pass.ExportPackageFact(&methodSummaries{Packages: paths})
}
