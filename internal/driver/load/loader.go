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
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

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

	// users counts the packages still to take the syntax, where the
	// loader knows them (countUsers); the last one to take it drops the
	// loader's reference, so that the syntax is garbage once those
	// packages drop theirs (run.Options.DropSyntax), not when the whole
	// load is. Held by the loader to the end, the syntax was most of the
	// live heap by then in a run over 10^6 lines.
	users int
}

// countUsers notes, for each file of the given packages, that one more
// package will take its syntax.
func (l *loader) countUsers(pkgs []*packages.Package) {
	for _, p := range pkgs {
		for _, name := range p.CompiledGoFiles {
			l.file(name).users++
		}
	}
}

// take returns the syntax of the parsed file f, for one of its users.
func (l *loader) take(f *parsedFile) *ast.File {
	l.filesMu.Lock()
	defer l.filesMu.Unlock()
	file := f.file
	if f.users > 0 {
		if f.users--; f.users == 0 {
			f.file = nil
		}
	}
	return file
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
	p.TypesInfo = newInfo(p.Syntax)
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

// newInfo returns the type information to fill for a package of the
// given files, its largest maps made about as large as the type checker
// will make them. Grown one insertion at a time, they were rehashed and
// copied over and over: a fifth of the type checker's time, and half of
// what it allocated, at 10^6 lines. How many entries a package's code yields per byte
// of source varies little, comments and all: the medians below are those
// of the standard library, golang.org/x/tools and mcperrlint, whose
// packages are within a third of them (an expression per 12 to 19
// bytes, a use per 16 to 25). A package with fewer (long comments, large
// string literals) costs some memory, dropped with its type information
// once it has been analyzed; one with more grows as before.
func newInfo(files []*ast.File) *types.Info {
	size := 0
	for _, f := range files {
		size += int(f.FileEnd - f.FileStart)
	}
	return &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue, size/14),
		Defs:         make(map[*ast.Ident]types.Object, size/100),
		Uses:         make(map[*ast.Ident]types.Object, size/19),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Scopes:       make(map[ast.Node]*types.Scope, size/110),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection, size/100),
		FileVersions: make(map[*ast.File]string, len(files)),
	}
}

// parse parses the files in parallel, in the order given, and returns
// the syntax of those it could read and their errors by file.
func (l *loader) parse(filenames []string) ([]*ast.File, map[string][]error) {
	parseFile := l.cfg.ParseFile
	if parseFile == nil {
		parseFile = func(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
			return parser.ParseFile(fset, filename, src, ParseMode)
		}
	}
	entries := make([]*parsedFile, len(filenames))
	syntax := make([]*ast.File, len(filenames))
	errs := make([]error, len(filenames))
	var wg sync.WaitGroup
	for i, name := range filenames {
		entries[i] = l.file(name)
		wg.Go(func() {
			e := entries[i]
			e.once.Do(func() {
				var src []byte
				if src, e.stamp, e.err = readStamped(name); e.err == nil {
					e.file, e.err = parseFile(l.Fset, name, src)
				}
			})
			syntax[i], errs[i] = l.take(e), e.err
			if syntax[i] == nil && errs[i] == nil {
				// Its counted users took it all, so this package was not
				// counted: it gets syntax of its own.
				var src []byte
				if src, errs[i] = os.ReadFile(name); errs[i] == nil {
					syntax[i], errs[i] = parseFile(l.Fset, name, src)
				}
			}
		})
	}
	wg.Wait()
	var parsed []*ast.File
	byFile := make(map[string][]error)
	for i, name := range filenames {
		if errs[i] != nil {
			byFile[name] = append(byFile[name], errs[i])
		}
		if syntax[i] != nil {
			parsed = append(parsed, syntax[i])
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
