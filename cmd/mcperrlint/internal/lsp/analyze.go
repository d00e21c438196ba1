package lsp

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/internal/driver/load"
	"github.com/mcperrlint/mcperrlint/internal/driver/run"
	"github.com/mcperrlint/mcperrlint/internal/edits/fixedit"
)

// An outcome is what one analysis of a file's package found.
type outcome struct {
	// files holds a result for every file whose diagnostics this
	// analysis decides: the package's non-test files, or its _test.go
	// files when a test file was analyzed. Keyed by path as the client
	// names it.
	files map[string]*fileResult

	// problems are the package's load, parse and type errors.
	problems []string

	// err is set when the analysis did not run to the end.
	err error

	// superseded is set when the analysis stopped, without error,
	// because a newer request for the package came.
	superseded bool
}

type fileResult struct {
	content []byte // the text the diagnostics' positions refer to
	diags   []diagnostic
}

type diagnostic struct {
	lsp    Diagnostic
	action func() *CodeAction // the suggested fix, made on first call; nil, or returning nil, when there is none
}

// analyze loads the package of the Go file at path from disk, runs a on
// it and converts the diagnostics and their suggested fixes to LSP
// form. uri names a file as the client knows it. It never panics: a
// panic in the loader or the analyzer becomes outcome.err.
//
// If superseded, when not nil, reports true once the package is loaded,
// analyze stops there: the files changed again since they were read,
// and an analysis of them would only be replaced.
func (w *workspace) analyze(ctx context.Context, a *analysis.Analyzer, level func(category string) string, path string, uri func(path string) string, superseded func() bool) (res *outcome) {
	res = &outcome{files: make(map[string]*fileResult)}
	defer func() {
		if r := recover(); r != nil {
			w.forget(filepath.Dir(path), strings.HasSuffix(path, "_test.go"))
			res.err = fmt.Errorf("internal error analyzing %s: %v\n%s", path, r, debug.Stack())
		}
	}()

	l, err := w.graphOf(ctx, path)
	if err != nil {
		res.err = fmt.Errorf("loading the package of %s: %v", path, err)
		return res
	}
	if superseded != nil && superseded() {
		res.superseded = true
		return res
	}
	src := l.src
	pkg, pkgDir := pick(l.g.Roots, path)
	if pkg == nil {
		// go/packages matches no package, and reports no error, for
		// a file that build constraints exclude: nothing to say.
		var msg []string
		for _, p := range l.g.Roots {
			for _, e := range p.Errors {
				msg = append(msg, e.Error())
			}
		}
		if len(msg) > 0 {
			res.err = fmt.Errorf("no package contains %s:\n%s", path, strings.Join(msg, "\n"))
		}
		return res
	}
	test := strings.HasSuffix(path, "_test.go")
	dir := filepath.Dir(path)
	res.problems = problems(pkg)

	// go list names files by the directory it was run in; the client
	// may reach the same directory by another path (a symbolic link).
	conv := &converter{fset: pkg.Fset, pkg: pkg, src: src, uri: uri, dir: dir, pkgDir: pkgDir, content: make(map[string][]byte)}
	for _, f := range pkg.GoFiles {
		if strings.HasSuffix(f, "_test.go") == test {
			name := conv.clientPath(f)
			res.files[name] = &fileResult{content: conv.text(name)}
		}
	}

	// internal/driver/run, unlike the checker run in parallel, turns a panic
	// in an analyzer into the action's error rather than killing the
	// server. The packages below the one analyzed that were not checked
	// again since the last analysis give the facts they gave then.
	graph, err := run.Analyze(l.g, []*analysis.Analyzer{a}, run.Options{
		Roots:    []*packages.Package{pkg},
		Restored: l.facts.unchanged(pkg),
		Ran:      l.facts.keep,
	})
	if err != nil {
		res.err = err
		return res
	}
	act := graph.Roots[0]
	if act.Err != nil {
		res.err = act.Err
		if len(res.problems) > 0 {
			// The checker's "failed prerequisites" or "analysis
			// skipped" says less than the problems themselves.
			res.err = errors.New("it has errors")
		}
		// "failed prerequisites" names the action below that failed,
		// not why: say that instead (a panic's stack, for a report).
		for below := range graph.All() {
			if below.Err != nil && !below.IsRoot && !strings.HasPrefix(below.Err.Error(), "failed prerequisites") && !below.Package.IllTyped {
				res.err = fmt.Errorf("%s on %s: %v", below.Analyzer.Name, below.Package.PkgPath, below.Err)
				break
			}
		}
		return res
	}

	for _, d := range act.Diagnostics {
		name, start, end, ok := conv.span(d.Pos, d.End)
		fr := res.files[name]
		if !ok || fr == nil {
			continue // in a file this analysis does not decide, or stale
		}
		m := newMapper(fr.content)
		sev := severityWarning
		if level != nil {
			sev = severity(level(d.Category))
		}
		ld := Diagnostic{
			Range:    m.rangeOf(start, end),
			Severity: sev,
			Code:     d.Category,
			Source:   a.Name,
			Message:  d.Message,
		}
		if d.URL != "" {
			ld.CodeDescription = &CodeDescription{Href: d.URL}
		}
		for _, rel := range d.Related {
			rname, rstart, rend, ok := conv.span(rel.Pos, rel.End)
			if !ok {
				continue
			}
			ld.RelatedInformation = append(ld.RelatedInformation, DiagnosticRelatedInformation{
				Location: Location{URI: uri(rname), Range: newMapper(conv.text(rname)).rangeOf(rstart, rend)},
				Message:  rel.Message,
			})
		}
		out := diagnostic{lsp: ld}
		if len(d.SuggestedFixes) > 0 {
			// Like the -fix driver, use the first fix (mcperrlint
			// offers exactly one).
			out.action = conv.action(d.SuggestedFixes[0], ld)
		}
		fr.diags = append(fr.diags, out)
	}
	return res
}

// problems lists the errors of pkg and its dependencies, leaving out go
// list's reports of compiler errors (load.DropCompilerReports).
func problems(pkg *packages.Package) []string {
	var list []string
	packages.Visit([]*packages.Package{pkg}, nil, func(p *packages.Package) {
		for _, e := range load.DropCompilerReports(p.Errors) {
			list = append(list, e.Error())
		}
	})
	return list
}

// pick returns the loaded package that contains the file at path, and
// the directory go list names its files by.
func pick(pkgs []*packages.Package, path string) (*packages.Package, string) {
	want, err := os.Stat(path)
	if err != nil {
		return nil, ""
	}
	for _, p := range pkgs {
		for _, f := range p.GoFiles {
			if f == path {
				return p, filepath.Dir(f)
			}
			if fi, err := os.Stat(f); err == nil && os.SameFile(fi, want) {
				return p, filepath.Dir(f)
			}
		}
	}
	return nil, ""
}

// sources keeps the exact bytes the loader parsed for the files of one
// directory, so positions and fixes refer to what was analyzed even if
// the file is saved again meanwhile.
type sources struct {
	dir string

	mu    sync.Mutex
	same  map[string]bool // directory -> is dir
	files map[string][]byte
}

func newSources(dir string) *sources {
	return &sources{dir: dir, same: make(map[string]bool), files: make(map[string][]byte)}
}

// capture is called concurrently by the loader, for every file it
// parses (every dependency's too when facts are needed).
func (s *sources) capture(filename string, data []byte) {
	d := filepath.Dir(filename)
	s.mu.Lock()
	defer s.mu.Unlock()
	same, ok := s.same[d]
	if !ok {
		same = d == s.dir
		if !same {
			a, err1 := os.Stat(d)
			b, err2 := os.Stat(s.dir)
			same = err1 == nil && err2 == nil && os.SameFile(a, b)
		}
		s.same[d] = same
	}
	if same {
		s.files[filename] = data
	}
}

func (s *sources) get(filename string) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.files[filename]
}

// A converter turns token positions and suggested fixes of one analyzed
// package into LSP terms.
type converter struct {
	fset *token.FileSet
	pkg  *packages.Package
	src  *sources
	uri  func(string) string

	// dir is the package's directory as the client names it, pkgDir as
	// the loader does.
	dir, pkgDir string

	content map[string][]byte // by client path
}

// clientPath returns the path the client knows the loader's file by.
func (c *converter) clientPath(name string) string {
	if filepath.Dir(name) == c.pkgDir {
		return filepath.Join(c.dir, filepath.Base(name))
	}
	return name
}

// text returns the content of the file the loader parsed, or, for a file
// it did not parse itself (a dependency's, from export data), the file
// on disk. It returns nil if neither is available.
func (c *converter) text(name string) []byte {
	if b, ok := c.content[name]; ok {
		return b
	}
	loaderName := name
	if filepath.Dir(name) == c.dir {
		loaderName = filepath.Join(c.pkgDir, filepath.Base(name))
	}
	b := c.src.get(loaderName)
	if b == nil {
		b, _ = os.ReadFile(name) // positions are then checked against its size
	}
	c.content[name] = b
	return b
}

// span returns the client path of the file holding [pos, end) and the
// byte offsets of its ends. ok is false when the position is unknown or
// the content the loader saw is no longer available.
func (c *converter) span(pos, end token.Pos) (name string, start, stop int, ok bool) {
	tf := c.fset.File(pos)
	if tf == nil {
		return "", 0, 0, false
	}
	if !end.IsValid() || end < pos {
		end = pos
	}
	name = c.clientPath(tf.Name())
	if b := c.text(name); b == nil || len(b) != tf.Size() {
		return "", 0, 0, false
	}
	return name, tf.Offset(pos), tf.Offset(min(end, token.Pos(tf.Base()+tf.Size()))), true
}

// action turns a suggested fix into a quick fix whose edits leave each
// file as the -fix driver does: the fix applied, imports it made unused
// removed, the file formatted. It returns nil if the fix cannot be
// applied to the analyzed content.
//
// Only the positions are resolved now, against the content analyzed; the
// fixed files are made when the editor first asks for the action (or
// never): formatting a whole file for each finding of a package took a
// fifth of the time of a save.
func (c *converter) action(fix analysis.SuggestedFix, diag Diagnostic) func() *CodeAction {
	byFile := make(map[string][]fixedit.Edit)
	syntax := make(map[string]*ast.File) // nil for a file not checked from source
	for _, e := range fix.TextEdits {
		name, start, end, ok := c.span(e.Pos, e.End)
		if !ok {
			return nil
		}
		byFile[name] = append(byFile[name], fixedit.Edit{Start: start, End: end, Text: string(e.NewText)})
		for _, f := range c.pkg.Syntax {
			if c.fset.File(f.FileStart) == c.fset.File(e.Pos) {
				syntax[name] = f
			}
		}
	}
	// What the fix needs, as analyzed (a later save replaces the
	// package's syntax and types) and without the server's lock, which
	// is held when the action is asked for.
	before, uris := make(map[string][]byte), make(map[string]string)
	for name := range byFile {
		before[name], uris[name] = c.text(name), c.uri(name)
	}
	fset, info := c.fset, c.pkg.TypesInfo
	return sync.OnceValue(func() *CodeAction {
		ws := &WorkspaceEdit{Changes: make(map[string][]TextEdit)}
		for name, edits := range byFile {
			after, err := fixedit.Fix(fset, info, syntax[name], before[name], edits)
			if err != nil {
				return nil
			}
			ws.Changes[uris[name]] = textEdits(before[name], after)
		}
		return &CodeAction{
			Title:       fix.Message,
			Kind:        kindQuickFix,
			Diagnostics: []Diagnostic{diag},
			IsPreferred: true,
			Edit:        ws,
		}
	})
}
