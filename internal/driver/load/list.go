package load

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/packages"
)

// addAll makes the graph's nodes anew, for the packages go list named and
// those below them.
func (g *Graph) addAll(initial []*packages.Package) {
	g.nodes = make(map[string]*node)
	roots := make(map[*packages.Package]bool)
	for _, p := range initial {
		roots[p] = true
	}
	var add func(p *packages.Package) *node
	add = func(p *packages.Package) *node {
		if n, ok := g.nodes[p.ID]; ok {
			return n
		}
		n := &node{pkg: p, imports: make(map[string]*node, len(p.Imports)), ready: make(chan struct{})}
		g.nodes[p.ID] = n
		// Without the compiled files asked for, go/packages drops the
		// field; they are the Go files then, as there is no cgo.
		if len(p.CompiledGoFiles) == 0 && p.PkgPath != "unsafe" {
			p.CompiledGoFiles = p.GoFiles
		}
		// Source for the packages named and those the caller asks for
		// (and a variant that go list cannot name by its path, which
		// only a test's dependencies are, and those are above a root).
		n.source = p.PkgPath != "unsafe" &&
			(roots[p] || g.cfg.Source != nil && g.cfg.Source(p) || p.ID != p.PkgPath)
		for path, imp := range p.Imports {
			in := add(imp)
			n.imports[path] = in
			n.source = n.source || in.source
		}
		return n
	}
	for _, p := range initial {
		add(p)
	}
}

// sourceNeedsCompiledFiles reports whether a package to be checked from
// source has Go files that go list generates: it has SWIG files, or a Go
// file that imports "C" (by reading the files' imports).
func (g *Graph) sourceNeedsCompiledFiles() bool {
	var files []string
	for _, n := range g.nodes {
		if !n.source {
			continue
		}
		for _, f := range n.pkg.OtherFiles {
			if ext := filepath.Ext(f); ext == ".swig" || ext == ".swigcxx" {
				return true
			}
		}
		files = append(files, n.pkg.GoFiles...)
	}
	slices.Sort(files)
	files = slices.Compact(files) // a test variant lists its package's files again
	var found atomic.Bool
	var wg sync.WaitGroup
	work := make(chan string)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			fset := token.NewFileSet()
			for name := range work {
				if found.Load() {
					continue
				}
				f, _ := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
				if f != nil && usesCgo([]*ast.File{f}) {
					found.Store(true)
				}
			}
		})
	}
	for _, name := range files {
		work <- name
	}
	close(work)
	wg.Wait()
	return found.Load()
}

// usesCgo reports whether one of the files imports "C".
func usesCgo(files []*ast.File) bool {
	for _, f := range files {
		for _, imp := range f.Imports {
			if imp.Path.Value == `"C"` {
				return true
			}
		}
	}
	return false
}

// A sizesResult is the outcome of typesSizes.
type sizesResult struct {
	sizes types.Sizes
	err   error
}

// typesSizes asks the build for the sizes of its types, as go/packages
// does for NeedTypesSizes, by a query of the package unsafe alone.
func typesSizes(meta *packages.Config) sizesResult {
	cfg := *meta
	cfg.Mode = packages.NeedTypesSizes | packages.NeedImports // go/packages sets the sizes while it links imports
	cfg.Tests = false
	pkgs, err := packages.Load(&cfg, "unsafe")
	if err != nil {
		return sizesResult{err: err}
	}
	if len(pkgs) != 1 || pkgs[0].TypesSizes == nil {
		return sizesResult{err: errors.New("go list gave no type sizes")}
	}
	return sizesResult{sizes: pkgs[0].TypesSizes}
}

// readExportFiles sets the ExportFile of every package not checked from
// source, by go list -export -deps of those that packages checked from
// source import: every other is below one of them. A package whose
// export data is missing (go list could not compile it) is checked from
// source instead, and so is every package above it: its errors then come
// from the type checker, with positions.
//
// The patterns are the packages at the frontier rather than every one:
// each go list builds the whole graph below its patterns again, and
// go/packages runs one for each chunk of a long command line, in
// parallel. guessed, if not nil, gives the listing of guessFrontier's
// packages, run while the graph was listed (or errNoGuess); only the
// packages it missed are listed now.
func (g *Graph) readExportFiles(meta *packages.Config, guessed <-chan exportListing) error {
	frontier := make(map[string]bool)
	for _, n := range g.nodes {
		if !n.source {
			continue
		}
		for _, in := range n.imports {
			if !in.source && in.pkg.PkgPath != "unsafe" {
				frontier[in.pkg.PkgPath] = true
			}
		}
	}
	if len(frontier) == 0 {
		return nil
	}
	export := make(map[string]string)
	if guessed != nil {
		if l := <-guessed; l.err == nil {
			export = l.export
		}
	}
	// What the guess did not list, or could not compile, is listed as
	// the graph's frontier: the guess ran with go.mod read-only.
	var missed []string
	for path := range frontier {
		if export[path] == "" {
			missed = append(missed, path)
		}
	}
	if len(missed) > 0 {
		slices.Sort(missed)
		l := listExportFiles(meta, missed)
		if l.err != nil {
			return l.err
		}
		maps.Copy(export, l.export)
	}
	// Missing export data makes a package, and everything above it,
	// source; repeat until nothing changes (the graph is small).
	for changed := true; changed; {
		changed = false
		for _, n := range g.nodes {
			if n.source || n.pkg.PkgPath == "unsafe" {
				continue
			}
			n.pkg.ExportFile = export[n.pkg.PkgPath]
			if n.pkg.ExportFile == "" {
				n.source, changed = true, true
				continue
			}
			for _, in := range n.imports {
				if in.source {
					n.source, changed = true, true
					break
				}
			}
		}
	}
	for _, n := range g.nodes {
		if n.source {
			n.pkg.ExportFile = ""
		}
	}
	return nil
}

// errNoGuess is the listing of a guess that could not be made.
var errNoGuess = errors.New("no packages guessed")

// An exportListing is what go list -export -deps said of some packages:
// the export data file of each package listed, by path ("" where it
// could not compile one).
type exportListing struct {
	export map[string]string
	err    error
}

// listExportFiles lists the export data of the packages of paths and
// those below them.
func listExportFiles(meta *packages.Config, paths []string) exportListing {
	cfg := *meta
	cfg.Mode = packages.NeedName | packages.NeedExportFile | packages.NeedImports | packages.NeedDeps
	cfg.Tests = false
	listed, err := packages.Load(&cfg, paths...)
	if err != nil {
		return exportListing{err: err}
	}
	export := make(map[string]string)
	packages.Visit(listed, func(p *packages.Package) bool {
		export[p.PkgPath] = p.ExportFile
		return true
	}, nil)
	return exportListing{export: export}
}
