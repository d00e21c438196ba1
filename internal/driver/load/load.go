// Package load loads Go packages for an analysis whose facts only some
// packages can carry: those packages are parsed and type-checked from
// source, every other dependency is read from the compiler's export data.
//
// go/packages offers two modes, the named packages from source with their
// dependencies from export data (LoadSyntax), or everything from source
// (LoadAllSyntax), which go/analysis drivers use as soon as an analyzer
// declares fact types. The second costs a source type-check of the
// standard library and every module the build depends on, although
// mcperrlint summarizes only the packages of the module being linted and
// those that see an MCP SDK. This package loads the middle: the graph
// from go list, then source for the packages the caller's Source function
// asks for and for every package above them, export data for the rest,
// which a second go list -export -deps builds for the packages below the
// source ones alone (with -export, go list compiles every package it
// lists). The result is a graph of packages.Package
// values that go/analysis/checker runs on, with each package's Imports
// cut down to the packages that can carry facts, so that the checker runs
// fact-producing analyzers only there. Start returns that graph before it
// has loaded, for a driver that analyzes each package as soon as it is
// ready (package run).
package load

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"
)

// Config says what to load and how.
type Config struct {
	Context    context.Context // nil means context.Background()
	Dir        string          // the directory go list runs in; "" means the current one
	Env        []string        // nil means os.Environ()
	BuildFlags []string
	Tests      bool // also load the packages' tests

	// Defer leaves the loading to the caller: Start loads nothing, and
	// Graph.Load loads the packages the caller needs, for a driver that
	// has some packages' results already and needs neither their syntax
	// nor their types.
	Defer bool

	// Source reports whether a dependency of the named packages must be
	// loaded from source because an analysis needs its syntax. The named
	// packages always are, and so is every package that imports one that
	// is: export data that refers to a package checked from source would
	// have its own copy of that package's types.
	Source func(*packages.Package) bool

	// Facts reports whether a package loaded from export data can carry
	// facts, so that analyzers that produce facts must still run on it,
	// without syntax. Packages loaded from source always can.
	Facts func(*packages.Package) bool

	// ParseFile parses a source file, as packages.Config.ParseFile; nil
	// means parser.ParseFile in ParseMode.
	ParseFile func(fset *token.FileSet, filename string, src []byte) (*ast.File, error)
}

// ParseMode is how the loader parses a file: with comments and all
// errors, as go/packages does, but without resolving identifiers to
// ast.Objects, which go/packages keeps doing only because it once
// promised to. The type checker and the passes read identifiers' objects
// from the type information; the resolution was a fifth of the parser's
// time and of what it allocated, all of it garbage.
const ParseMode = parser.AllErrors | parser.ParseComments | parser.SkipObjectResolution

// A Graph is the result of Load.
type Graph struct {
	Fset *token.FileSet

	// Roots are the packages the patterns named, in go list's order.
	// Once loaded, they and the packages their Imports reach are ready
	// for checker.Analyze: every package there carries facts.
	Roots []*packages.Package

	nodes  map[string]*node // by package ID
	cfg    *Config
	loader *loader

	loading sync.WaitGroup // the loading Start began
	ctx     context.Context

	// vendored holds, for Update, the state of the files of the
	// packages under vendor/ as go list compiled them.
	vendored map[string]fileStat
}

// A node is one package of the build and what loading it produced.
type node struct {
	pkg *packages.Package // metadata; Types and, from source, syntax and TypesInfo

	imports map[string]*node // the real imports, by import path
	source  bool             // type-checked from source
	facts   bool             // may carry facts
	needed  bool             // a source package imports it: its types must be complete

	once  sync.Once
	ready chan struct{} // closed once loaded

	// For Update, of source packages: go list's errors, and what each
	// file was when it was parsed.
	listErrors []packages.Error
	stamps     map[string]stamp   // of GoFiles and CompiledGoFiles
	ignored    map[string]stamp   // of IgnoredFiles' Go files, for their build constraints
	parseErrs  map[string][]error // by file
	dirFiles   []string           // the .go files in its directory
}

// Load runs go list on the patterns and loads the packages it names and
// their dependencies. Errors of individual packages (go list's, syntax,
// types) are in the packages' Errors, as with go/packages; the error
// result says the load failed as a whole.
func Load(cfg *Config, patterns ...string) (*Graph, error) {
	g, err := Start(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return g, nil
}

// Start runs go list on the patterns and starts loading the packages it
// names and their dependencies, each after its imports, in the
// background. It returns once the graph's shape is known: the packages'
// metadata, their Imports (cut down to the packages that carry facts),
// their types.Package values, yet to be filled in, and the Roots. Ready
// tells when a package has loaded, Wait when all have.
func Start(cfg *Config, patterns ...string) (*Graph, error) {
	ctx := cfg.Context
	if ctx == nil {
		ctx = context.Background()
	}
	// The graph first, without export data: go list -export compiles
	// every package it lists, and the packages checked from source (the
	// module being linted, above all) need none. Export data is asked
	// for the others only: meanwhile for those the named directories'
	// files import (guessFrontier), afterwards for any the guess missed.
	//
	// Nor does the graph ask for compiled files or type sizes, either of
	// which makes go list run cgo on every cgo package of the build (the
	// standard library's among them), half of its time. The sizes come
	// from a query of their own, run meanwhile. A package checked from
	// source that uses cgo or SWIG needs the files they generate, and the
	// imports those add: where there is one, the graph is listed again
	// with them.
	meta := &packages.Config{
		Context: ctx,
		Mode: packages.NeedName | packages.NeedFiles |
			packages.NeedImports | packages.NeedDeps | packages.NeedModule |
			packages.NeedForTest |
			// Without it go list does not resolve //go:embed patterns,
			// and a package whose pattern matches nothing would not be
			// reported broken: the compiler, which -export ran, did.
			packages.NeedEmbedFiles,
		Dir:   cfg.Dir,
		Tests: cfg.Tests,
	}
	meta.Env, meta.BuildFlags = moveModfileFlag(cfg.Env, cfg.BuildFlags)
	sizes := make(chan sizesResult, 1)
	go func() { sizes <- typesSizes(meta) }()
	// The guess reads thousands of files in a large module: it runs
	// beside the graph's go list too.
	guessed := make(chan exportListing, 1)
	go func() {
		guess := guessFrontier(cfg.Dir, patterns, cfg.Tests)
		if len(guess) == 0 {
			guessed <- exportListing{err: errNoGuess}
			return
		}
		// A guessed import that no module provides must not make the go
		// command add one to go.mod, as -mod=mod would.
		readOnly := *meta
		readOnly.BuildFlags = append(slices.Clip(meta.BuildFlags), "-mod=readonly")
		guessed <- listExportFiles(&readOnly, guess)
	}()
	initial, err := packages.Load(meta, patterns...)
	sz := <-sizes
	if err == nil {
		err = sz.err
	}
	if err != nil {
		return nil, err
	}
	g := &Graph{Fset: token.NewFileSet(), cfg: cfg, ctx: ctx}
	g.addAll(initial)
	if g.sourceNeedsCompiledFiles() {
		meta.Mode |= packages.NeedCompiledGoFiles
		if initial, err = packages.Load(meta, patterns...); err != nil {
			return nil, err
		}
		g.addAll(initial)
	}
	g.vendored = g.statVendored() // before go list compiles them
	for _, n := range g.nodes {
		n.pkg.TypesSizes = sz.sizes
	}
	if err := g.readExportFiles(meta, guessed); err != nil {
		return nil, err
	}
	for _, n := range g.nodes {
		n.facts = n.source || cfg.Facts != nil && cfg.Facts(n.pkg)
	}
	for _, n := range g.nodes {
		if n.source {
			for _, in := range n.imports {
				in.needed = true
			}
		}
	}

	// Every package gets its types.Package before any export data is
	// read, so that reading never creates a second one.
	for _, n := range g.nodes {
		if n.pkg.PkgPath == "unsafe" {
			n.pkg.Types = types.Unsafe
		} else {
			n.pkg.Types = types.NewPackage(n.pkg.PkgPath, n.pkg.Name)
		}
		n.pkg.Fset = g.Fset
	}

	// Cut the Imports, the edges the checker follows, before loading:
	// the loader follows the nodes' own.
	below := make(map[*node]map[string]*node)
	for _, n := range g.nodes {
		if n.facts {
			imports := make(map[string]*packages.Package)
			for path, in := range n.imports {
				for p, fn := range factsBelow(path, in, below) {
					imports[p] = fn.pkg
				}
			}
			n.pkg.Imports = imports
		} else {
			n.pkg.Imports = nil // no action runs here
		}
	}
	g.Roots = initial

	g.loader = &loader{Graph: g, ctx: ctx, cpu: make(chan struct{}, runtime.GOMAXPROCS(0))}
	g.loader.countUsers(g.Source())
	if !cfg.Defer {
		g.Load(initial...)
	}
	return g, nil
}

// Load starts loading pkgs, packages of the graph, and the packages below
// them, in the background, where Start did not (Config.Defer). Ready and
// Wait tell when they have loaded. A package loads once, however many
// times it is asked for.
func (g *Graph) Load(pkgs ...*packages.Package) {
	for _, p := range pkgs {
		n := g.nodes[p.ID]
		g.loading.Go(func() { g.loader.load(n) })
	}
}

// FromSource reports whether p is type-checked from source, not read from
// export data.
func (g *Graph) FromSource(p *packages.Package) bool {
	n := g.nodes[p.ID]
	return n != nil && n.source
}

// Wait waits until every package of the graph has loaded. Its error says
// the load was canceled.
func (g *Graph) Wait() error {
	g.loading.Wait()
	return g.ctx.Err()
}

// Ready returns a channel closed once p has loaded: its Types and, from
// source, its syntax, TypesInfo and errors are complete.
func (g *Graph) Ready(p *packages.Package) <-chan struct{} {
	return g.nodes[p.ID].ready
}

// factsBelow returns the packages carrying facts that importing n (by
// path) gives access to: n itself if it carries facts, otherwise those
// below it, memoized in below.
func factsBelow(path string, n *node, below map[*node]map[string]*node) map[string]*node {
	if n.facts {
		return map[string]*node{path: n}
	}
	if m, ok := below[n]; ok {
		return m
	}
	m := make(map[string]*node)
	below[n] = m // a cycle (in broken code) ends here
	for p, in := range n.imports {
		for q, fn := range factsBelow(p, in, below) {
			m[q] = fn
		}
	}
	return m
}

// Imports returns the packages p imports, by import path: all of them,
// where p.Imports holds only those that carry facts.
func (g *Graph) Imports(p *packages.Package) map[string]*packages.Package {
	n := g.nodes[p.ID]
	if n == nil {
		return nil
	}
	out := make(map[string]*packages.Package, len(n.imports))
	for path, in := range n.imports {
		out[path] = in.pkg
	}
	return out
}

// Source reports the packages loaded from source, sorted by ID: for
// tests and for drivers that explain what they did.
func (g *Graph) Source() []*packages.Package {
	var out []*packages.Package
	for _, n := range g.nodes {
		if n.source {
			out = append(out, n.pkg)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// DropCompilerReports returns errs without go list's reports of the
// compiler's errors (a ListError whose text starts with "# importpath",
// from building export data): the parser and the type checker report the
// same problems with exact positions, and the report goes stale once the
// files change. errs itself is left as it is.
func DropCompilerReports(errs []packages.Error) []packages.Error {
	return slices.DeleteFunc(slices.Clone(errs), func(e packages.Error) bool {
		return e.Kind == packages.ListError && strings.HasPrefix(e.Msg, "# ")
	})
}

// moveModfileFlag moves a -modfile flag out of GOFLAGS in env (nil: the
// process's environment) into the build flags. go/packages runs one go
// command outside module mode (GO111MODULE=off, to learn the Go
// version), which rejects -modfile from GOFLAGS; it does not pass build
// flags to that command, so given there the flag reaches every command
// that needs it and none that refuses it.
func moveModfileFlag(env, buildFlags []string) ([]string, []string) {
	if env == nil {
		env = os.Environ()
	}
	goflags := ""
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "GOFLAGS="); ok {
			goflags = v // the last one wins, as in os/exec
		}
	}
	var kept, moved []string
	for _, f := range strings.Fields(goflags) {
		if strings.HasPrefix(f, "-modfile=") || strings.HasPrefix(f, "--modfile=") {
			moved = append(moved, f)
		} else {
			kept = append(kept, f)
		}
	}
	if len(moved) == 0 {
		return env, buildFlags
	}
	env = append(slices.Clip(env), "GOFLAGS="+strings.Join(kept, " "))
	return env, append(moved, buildFlags...)
}
