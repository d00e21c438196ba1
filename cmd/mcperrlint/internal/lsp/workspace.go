package lsp

import (
	"context"
	"crypto/sha256"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/internal/analysis/mcpssa"
	"github.com/mcperrlint/mcperrlint/internal/driver/load"
	"github.com/mcperrlint/mcperrlint/internal/driver/run"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

// maxGraphs is how many packages' graphs a workspace keeps: those of the
// files being worked on, which an editor has a few of at a time.
const maxGraphs = 4

// A workspace keeps, between saves, the package graphs earlier analyses
// loaded: go list's answer, the dependencies' types from export data, and
// the source packages, which load.Graph.Update checks again when their
// files change. A save then costs a type-check of the edited package and
// those above it, not a go list and a load of the world.
type workspace struct {
	mu     sync.Mutex
	graphs []*loaded        // most recently used first
	loaded func(dir string) // Options.Loaded
}

// A loaded graph is the result of loading the package of one directory
// (or its tests).
type loaded struct {
	dir  string
	test bool
	g    *load.Graph
	src  *sources

	// What go list's answer depends on beyond the Go files Update
	// watches: go.mod and go.sum of the modules loaded from source, and
	// go.work files (or their absence) above the directory.
	meta map[string]fileStamp

	facts factStore
}

// A factStore keeps the facts that the actions of the last analysis of a
// graph exported about their packages. Update gives every package it
// checks again new types, and checks again every package above one it
// checks; so a package whose types are those its facts were exported
// about has the same files and dependencies as then, and its facts are
// still what its action would export. Restoring them spares the
// analysis of the packages below the one saved, at every save.
type factStore struct {
	mu   sync.Mutex
	kept map[factsKey]*keptFacts
}

type factsKey struct {
	analyzer *analysis.Analyzer
	pkg      *packages.Package
}

type keptFacts struct {
	types    *types.Package // the package's types the facts are about
	objects  []analysis.ObjectFact
	packages []analysis.PackageFact
}

// keep is run.Options.Ran.
func (s *factStore) keep(act *checker.Action, objects []analysis.ObjectFact, packages []analysis.PackageFact) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.kept == nil {
		s.kept = make(map[factsKey]*keptFacts)
	}
	s.kept[factsKey{act.Analyzer, act.Package}] = &keptFacts{act.Package.Types, objects, packages}
}

// unchanged returns the kept facts of the packages other than root whose
// types are still those the facts are about, and forgets the others.
func (s *factStore) unchanged(root *packages.Package) []run.Restored {
	s.mu.Lock()
	defer s.mu.Unlock()
	var restored []run.Restored
	for k, kf := range s.kept {
		if k.pkg.Types != kf.types {
			delete(s.kept, k)
			continue
		}
		if k.pkg == root {
			continue
		}
		restored = append(restored, run.Restored{
			Analyzer: k.analyzer,
			Package:  k.pkg,
			Facts: func(*types.Package) ([]analysis.ObjectFact, []analysis.PackageFact, error) {
				return kf.objects, kf.packages, nil
			},
		})
	}
	return restored
}

// A fileStamp is the hash of a file's contents: a same-size edit that
// keeps the modification time (cp -p, rsync -t, tar x) changes it.
type fileStamp struct {
	exists bool
	sum    [sha256.Size]byte
}

func stampFile(name string) fileStamp {
	data, err := os.ReadFile(name)
	if err != nil {
		return fileStamp{}
	}
	return fileStamp{true, sha256.Sum256(data)}
}

// graphOf returns the graph that holds the package of the file at path,
// brought up to date with the disk: the kept one when it can be, a new
// load otherwise.
func (w *workspace) graphOf(ctx context.Context, path string) (*loaded, error) {
	dir, test := filepath.Dir(path), strings.HasSuffix(path, "_test.go")
	w.mu.Lock()
	defer w.mu.Unlock()
	for i, l := range w.graphs {
		if l.dir != dir || l.test != test {
			continue
		}
		w.graphs = append(w.graphs[:i], w.graphs[i+1:]...)
		if l.metaUnchanged() && l.g.Update(ctx) && hasFile(l.g, path) {
			w.graphs = append([]*loaded{l}, w.graphs...)
			return l, nil
		}
		break
	}

	src := newSources(dir)
	source, facts := mcpssa.Scope(sdk.Default)
	g, err := load.Load(&load.Config{
		Context: ctx,
		Dir:     dir,
		Tests:   test,
		Source:  source,
		Facts:   facts,
		ParseFile: func(fset *token.FileSet, filename string, data []byte) (*ast.File, error) {
			src.capture(filename, data)
			return parser.ParseFile(fset, filename, data, load.ParseMode)
		},
	}, "file="+path)
	if err != nil {
		return nil, err
	}
	if w.loaded != nil {
		w.loaded(dir)
	}
	l := &loaded{dir: dir, test: test, g: g, src: src, meta: metaFiles(g, dir)}
	w.graphs = append([]*loaded{l}, w.graphs...)
	if len(w.graphs) > maxGraphs {
		w.graphs = w.graphs[:maxGraphs]
	}
	return l, nil
}

// forget drops the graph of a directory, after an analysis of it failed
// in a way that may have left it half updated.
func (w *workspace) forget(dir string, test bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for i, l := range w.graphs {
		if l.dir == dir && l.test == test {
			w.graphs = append(w.graphs[:i], w.graphs[i+1:]...)
			return
		}
	}
}

// hasFile reports whether a root of g holds the file at path: a new file
// of the directory is not in a kept graph until go list has seen it.
func hasFile(g *load.Graph, path string) bool {
	pkg, _ := pick(g.Roots, path)
	return pkg != nil
}

// metaFiles stamps the files go list's answer depends on besides the Go
// files: the go.mod, go.sum and vendor/modules.txt of each module with
// source packages, and every go.work from dir up.
func metaFiles(g *load.Graph, dir string) map[string]fileStamp {
	meta := make(map[string]fileStamp)
	for _, p := range g.Source() {
		if p.Module != nil && p.Module.GoMod != "" {
			meta[p.Module.GoMod] = stampFile(p.Module.GoMod)
			for _, name := range []string{"go.sum", filepath.Join("vendor", "modules.txt")} {
				name = filepath.Join(filepath.Dir(p.Module.GoMod), name)
				meta[name] = stampFile(name)
			}
		}
	}
	for d := dir; ; d = filepath.Dir(d) {
		work := filepath.Join(d, "go.work")
		meta[work] = stampFile(work)
		if filepath.Dir(d) == d {
			break
		}
	}
	return meta
}

func (l *loaded) metaUnchanged() bool {
	for name, old := range l.meta {
		if stampFile(name) != old {
			return false
		}
	}
	return true
}
