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
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/gcexportdata"
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
	// means parser.ParseFile with comments and all errors.
	ParseFile func(fset *token.FileSet, filename string, src []byte) (*ast.File, error)
}

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
	// for afterwards, for the others only.
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
	if err := g.readExportFiles(meta); err != nil {
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
// source, by one go list -export -deps of those that packages checked
// from source import: every other is below one of them. A package whose
// export data is missing (go list could not compile it) is checked from
// source instead, and so is every package above it: its errors then come
// from the type checker, with positions.
//
// The patterns are the packages at the frontier rather than every one:
// each go list builds the whole graph below its patterns again, and
// go/packages runs one for each chunk of a long command line, in
// parallel.
func (g *Graph) readExportFiles(meta *packages.Config) error {
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
	paths := slices.Sorted(maps.Keys(frontier))
	cfg := *meta
	cfg.Mode = packages.NeedName | packages.NeedExportFile | packages.NeedImports | packages.NeedDeps
	cfg.Tests = false
	listed, err := packages.Load(&cfg, paths...)
	if err != nil {
		return err
	}
	export := make(map[string]string)
	packages.Visit(listed, func(p *packages.Package) bool {
		export[p.PkgPath] = p.ExportFile
		return true
	}, nil)
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

type loader struct {
	*Graph
	ctx context.Context
	cpu chan struct{} // a token per type-check that runs

	exportMu sync.Mutex // serializes reads of export data, which update shared packages

	// files holds each file parsed, by name: a package's test variant
	// holds the package's files again, and shares their syntax.
	filesMu sync.Mutex
	files   map[string]*parsedFile
}

// A parsedFile is the syntax of one file, parsed once per load, and the
// stamp of the contents parsed.
type parsedFile struct {
	once  sync.Once
	file  *ast.File
	err   error
	stamp stamp
}

// file returns the entry of the file named name.
func (l *loader) file(name string) *parsedFile {
	l.filesMu.Lock()
	defer l.filesMu.Unlock()
	if l.files == nil {
		l.files = make(map[string]*parsedFile)
	}
	f, ok := l.files[name]
	if !ok {
		f = new(parsedFile)
		l.files[name] = f
	}
	return f
}

// load loads n after its imports.
func (l *loader) load(n *node) {
	n.once.Do(func() {
		defer close(n.ready)
		var wg sync.WaitGroup
		for _, in := range n.imports {
			wg.Go(func() { l.load(in) })
		}
		wg.Wait()
		if l.ctx.Err() != nil {
			return
		}
		switch {
		case n.pkg.PkgPath == "unsafe":
			// types.Unsafe, set up front.
		case n.source:
			l.check(n)
		case n.needed || n.facts:
			l.readExport(n)
		}
	})
}

// readExport reads n's types from its export data.
func (l *loader) readExport(n *node) {
	l.exportMu.Lock()
	defer l.exportMu.Unlock()
	p := n.pkg
	if err := l.exportData(n); err != nil {
		p.IllTyped = true
		p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
	}
}

func (l *loader) exportData(n *node) error {
	p := n.pkg
	f, err := os.Open(p.ExportFile)
	if err != nil {
		return err
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(f)
	if err != nil {
		return fmt.Errorf("reading %s: %v", p.ExportFile, err)
	}
	// gcexportdata knows packages by path, not ID: it gets the packages
	// n can mention, its transitive imports, by path.
	view := make(map[string]*types.Package)
	seen := make(map[*node]bool)
	var visit func(m map[string]*node)
	visit = func(m map[string]*node) {
		for _, in := range m {
			if !seen[in] {
				seen[in] = true
				view[in.pkg.PkgPath] = in.pkg.Types
				visit(in.imports)
			}
		}
	}
	visit(n.imports)
	view[p.PkgPath] = p.Types // filled in, not replaced
	tpkg, err := gcexportdata.Read(r, l.Fset, view, p.PkgPath)
	if err != nil {
		return fmt.Errorf("reading %s: %v", p.ExportFile, err)
	}
	p.Types = tpkg
	return nil
}

// check parses and type-checks n from source.
func (l *loader) check(n *node) {
	p := n.pkg
	// go list's report of the compiler's errors goes stale once the
	// files change; the type checker repeats it, with positions.
	n.listErrors = DropCompilerReports(p.Errors)
	n.stamps = make(map[string]stamp)
	for _, name := range p.GoFiles {
		if !slices.Contains(p.CompiledGoFiles, name) {
			n.stamps[name] = stampOf(name) // cgo's input, which go list read
		}
	}
	n.ignored = make(map[string]stamp)
	for _, name := range p.IgnoredFiles {
		if strings.HasSuffix(name, ".go") {
			n.ignored[name] = stampOf(name)
		}
	}
	if len(p.GoFiles) > 0 {
		n.dirFiles = goFilesIn(filepath.Dir(p.GoFiles[0]))
	}
	var errs map[string][]error
	p.Syntax, errs = l.parse(p.CompiledGoFiles)
	for _, name := range p.CompiledGoFiles {
		n.stamps[name] = l.file(name).stamp // the contents parsed
	}
	n.parseErrs = errs
	l.typeCheck(n)
}

// goFilesIn lists the .go files of dir, for Update to notice one added or
// removed.
func goFilesIn(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".go") {
			names = append(names, e.Name())
		}
	}
	return names
}

// typeCheck type-checks n's syntax into its types.Package, which must be
// new, after go list's and the parser's errors.
func (l *loader) typeCheck(n *node) {
	p := n.pkg
	addErr := func(err error) { p.Errors = append(p.Errors, packageErrors(err)...) }
	p.Errors = slices.Clone(n.listErrors)
	p.TypeErrors = nil
	for _, name := range p.CompiledGoFiles {
		for _, err := range n.parseErrs[name] {
			addErr(err)
		}
	}
	p.TypesInfo = &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Scopes:       make(map[ast.Node]*types.Scope),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		FileVersions: make(map[*ast.File]string),
	}
	tc := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			in := n.imports[path]
			switch {
			case in == nil:
				return nil, fmt.Errorf("no metadata for %s", path)
			case in.pkg.Types.Complete():
				return in.pkg.Types, nil
			}
			return nil, fmt.Errorf("could not load %s", path)
		}),
		Sizes: p.TypesSizes,
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				p.TypeErrors = append(p.TypeErrors, te)
			}
			addErr(err)
		},
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		tc.GoVersion = "go" + p.Module.GoVersion
	}

	l.cpu <- struct{}{}
	typErr := types.NewChecker(tc, l.Fset, p.Types, p.TypesInfo).Files(p.Syntax)
	<-l.cpu
	if typErr != nil && len(p.Errors) == 0 {
		// An error the Error function did not see, such as a file
		// that asks for a newer Go than the toolchain.
		if len(p.Syntax) > 0 {
			addErr(types.Error{Fset: l.Fset, Pos: p.Syntax[0].Package, Msg: typErr.Error()})
		} else {
			addErr(typErr)
		}
	}
	p.IllTyped = len(p.Errors) > 0
	for _, in := range n.imports {
		p.IllTyped = p.IllTyped || in.pkg.IllTyped
	}
}

// parse parses the files in parallel, in the order given, and returns
// the syntax of those it could read and their errors by file.
func (l *loader) parse(filenames []string) ([]*ast.File, map[string][]error) {
	parseFile := l.cfg.ParseFile
	if parseFile == nil {
		parseFile = func(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
			return parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments)
		}
	}
	entries := make([]*parsedFile, len(filenames))
	var wg sync.WaitGroup
	for i, name := range filenames {
		entries[i] = l.file(name)
		wg.Go(func() {
			entries[i].once.Do(func() {
				src, stamp, err := readStamped(name)
				if err != nil {
					entries[i].err = err
					return
				}
				entries[i].stamp = stamp
				entries[i].file, entries[i].err = parseFile(l.Fset, name, src)
			})
		})
	}
	wg.Wait()
	var parsed []*ast.File
	byFile := make(map[string][]error)
	for i, e := range entries {
		if e.err != nil {
			byFile[filenames[i]] = append(byFile[filenames[i]], e.err)
		}
		if e.file != nil {
			parsed = append(parsed, e.file)
		}
	}
	return parsed, byFile
}

// packageErrors converts a loader error to go/packages' form.
func packageErrors(err error) []packages.Error {
	var list scanner.ErrorList
	var te types.Error
	var pe *os.PathError
	switch {
	case errors.As(err, &list):
		var out []packages.Error
		for _, e := range list {
			out = append(out, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError})
		}
		return out
	case errors.As(err, &te):
		return []packages.Error{{Pos: te.Fset.Position(te.Pos).String(), Msg: te.Msg, Kind: packages.TypeError}}
	case errors.As(err, &pe):
		return []packages.Error{{Pos: pe.Path + ":1", Msg: pe.Err.Error(), Kind: packages.ParseError}}
	}
	return []packages.Error{{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError}}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

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
