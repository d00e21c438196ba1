package load

import (
	"context"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
)

// Update brings the graph up to date with the files on disk: it parses
// again the source files that changed and type-checks again their
// packages and every source package above them, keeping everything else,
// above all the dependencies' export data. It reports false, changing
// nothing, when an edit changes what go list would say (a Go file added
// or removed, an import, a package clause, a cgo file): only a new Load
// then gives the right graph. A go.mod or go.work edit is the caller's
// to notice.
//
// Update must not run concurrently with anything else that uses the
// graph; the packages.Package values stay the same, their fields change.
func (g *Graph) Update(ctx context.Context) bool {
	changed, ok := g.changedFiles()
	if !ok {
		return false
	}
	if len(changed) == 0 {
		return true
	}

	// The changed files are parsed into a FileSet of this update's own
	// (see withoutReplaced); the old set stays as it was, for whoever
	// still holds the old syntax, and for a refused update.
	old := g.Fset
	g.Fset = withoutReplaced(old, changed)
	updated := false
	defer func() {
		if !updated {
			g.Fset = old
		}
	}()

	l := &loader{Graph: g, ctx: ctx, cpu: make(chan struct{}, runtime.GOMAXPROCS(0))}
	fresh := make(map[*node]reparsed)
	for n, stamps := range changed {
		r, ok := l.reparse(n, stamps, old)
		if !ok {
			return false
		}
		fresh[n] = r
	}
	redo := g.above(changed)

	// Apply the new syntax and FileSet, then check in dependency order.
	updated = true
	for _, n := range g.nodes {
		n.pkg.Fset = g.Fset
	}
	for n, r := range fresh {
		n.pkg.Syntax = r.syntax
		for name, now := range changed[n] {
			n.parseErrs[name] = r.errs[name]
			n.stamps[name] = now
		}
	}
	done := make(map[*node]bool)
	var check func(n *node)
	check = func(n *node) {
		if done[n] {
			return
		}
		done[n] = true
		for _, in := range n.imports {
			if redo[in] {
				check(in)
			}
		}
		n.pkg.Types = types.NewPackage(n.pkg.PkgPath, n.pkg.Name)
		l.typeCheck(n)
	}
	for n := range redo {
		check(n)
	}
	return ctx.Err() == nil
}

// changedFiles returns the source files whose stamps changed, by package,
// with their stamps now; false when a package directory gained or lost a
// Go file, which only a new Load handles.
func (g *Graph) changedFiles() (map[*node]map[string]stamp, bool) {
	changed := make(map[*node]map[string]stamp)
	for _, n := range g.nodes {
		if !n.source || n.pkg.PkgPath == "unsafe" {
			continue
		}
		for name, old := range n.stamps {
			if now := stampOf(name); now != old {
				if changed[n] == nil {
					changed[n] = make(map[string]stamp)
				}
				changed[n][name] = now
			}
		}
		if n.dirFiles != nil && len(n.pkg.GoFiles) > 0 && !slices.Equal(goFilesIn(filepath.Dir(n.pkg.GoFiles[0])), n.dirFiles) {
			return nil, false
		}
	}
	return changed, true
}

// withoutReplaced returns a new FileSet holding every file of old but
// those of the changed files: a kept graph would otherwise grow by the
// edited files at each save, for as long as the editor runs.
func withoutReplaced(old *token.FileSet, changed map[*node]map[string]stamp) *token.FileSet {
	replaced := make(map[*token.File]bool)
	for n, stamps := range changed {
		for _, f := range n.pkg.Syntax {
			if tf := old.File(f.FileStart); tf != nil {
				if _, ok := stamps[tf.Name()]; ok {
					replaced[tf] = true
				}
			}
		}
	}
	var keep []*token.File
	old.Iterate(func(f *token.File) bool {
		if !replaced[f] {
			keep = append(keep, f)
		}
		return true
	})
	fset := token.NewFileSet()
	fset.AddExistingFiles(keep...)
	return fset
}

// reparsed is a package's syntax after an update, and the parse errors of
// its changed files.
type reparsed struct {
	syntax []*ast.File
	errs   map[string][]error
}

// reparse parses the changed files of n (stamps), keeping its other files
// as they were (in old); false when the package clause or the imports no
// longer are what go list saw, or a changed file is a cgo file, whose
// compiled form go list generates.
func (l *loader) reparse(n *node, stamps map[string]stamp, old *token.FileSet) (reparsed, bool) {
	names := slices.Sorted(maps.Keys(stamps))
	for _, name := range names {
		if !slices.Contains(n.pkg.CompiledGoFiles, name) {
			return reparsed{}, false
		}
	}
	files, errs := l.parse(names)
	byName := make(map[string]*ast.File)
	for _, f := range files {
		byName[l.Fset.File(f.FileStart).Name()] = f
	}
	kept := make(map[string]*ast.File)
	for _, f := range n.pkg.Syntax {
		kept[old.File(f.FileStart).Name()] = f
	}
	var syntax []*ast.File
	imports := make(map[string]bool)
	for _, name := range n.pkg.CompiledGoFiles {
		f, ok := byName[name]
		if !ok {
			if _, isChanged := stamps[name]; isChanged {
				continue // unreadable now; its error says so
			}
			if f, ok = kept[name]; !ok {
				continue
			}
		}
		if f.Name.Name != n.pkg.Name {
			return reparsed{}, false
		}
		syntax = append(syntax, f)
		for _, imp := range f.Imports {
			if path, err := strconv.Unquote(imp.Path.Value); err == nil && path != "unsafe" && path != "C" {
				imports[path] = true
			}
		}
	}
	known := make(map[string]bool)
	for path := range n.imports {
		if path != "unsafe" && path != "C" {
			known[path] = true
		}
	}
	if !maps.Equal(imports, known) {
		return reparsed{}, false
	}
	if usesCgo(syntax) && slices.Equal(n.pkg.CompiledGoFiles, n.pkg.GoFiles) {
		return reparsed{}, false // a file began to use cgo: go list must run it
	}
	return reparsed{syntax, errs}, true
}

// above returns the changed packages and every source package that
// imports one, directly or not: those the update type-checks again.
func (g *Graph) above(changed map[*node]map[string]stamp) map[*node]bool {
	importers := make(map[*node][]*node)
	for _, n := range g.nodes {
		if n.source {
			for _, in := range n.imports {
				importers[in] = append(importers[in], n)
			}
		}
	}
	redo := make(map[*node]bool)
	var up func(n *node)
	up = func(n *node) {
		if redo[n] {
			return
		}
		redo[n] = true
		for _, m := range importers[n] {
			up(m)
		}
	}
	for n := range changed {
		up(n)
	}
	return redo
}
