package run

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"weak"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/internal/driver/load"
)

// writeModule writes files (path -> content) into a new module
// example.com/m and returns its directory.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files = maps.Clone(files)
	files["go.mod"] = "module example.com/m\n\ngo 1.22\n"
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// sleeps marks the functions that sleep, directly or through a call.
type sleeps struct{}

func (*sleeps) AFact()         {}
func (*sleeps) String() string { return "sleeps" }

// sleepy marks the packages with a function that sleeps.
type sleepy struct{}

func (*sleepy) AFact()         {}
func (*sleepy) String() string { return "sleepy" }

// sleepAnalyzer reports calls of functions that sleep, which it knows for
// other packages' functions only by their facts.
var sleepAnalyzer = &analysis.Analyzer{
	Name:      "sleep",
	Doc:       "report calls of functions that sleep",
	URL:       "https://example.com/sleep",
	FactTypes: []analysis.Fact{new(sleeps), new(sleepy)},
	Run: func(pass *analysis.Pass) (any, error) {
		marked := make(map[types.Object]bool)
		sleepsObj := func(obj types.Object) bool {
			if obj.Pkg() == pass.Pkg {
				return marked[obj]
			}
			return pass.ImportObjectFact(obj, new(sleeps))
		}
		// Callers after callees: repeat until nothing changes.
		for changed := true; changed; {
			changed = false
			for _, f := range pass.Files {
				for _, decl := range f.Decls {
					fd, ok := decl.(*ast.FuncDecl)
					if !ok || fd.Body == nil || marked[pass.TypesInfo.Defs[fd.Name]] {
						continue
					}
					ast.Inspect(fd.Body, func(n ast.Node) bool {
						call, ok := n.(*ast.CallExpr)
						if !ok {
							return true
						}
						fn := typeFunc(pass, call)
						if fn != nil && (fn.Pkg().Path() == "time" && fn.Name() == "Sleep" || sleepsObj(fn)) {
							marked[pass.TypesInfo.Defs[fd.Name]] = true
							changed = true
						}
						return true
					})
				}
			}
		}
		for obj := range marked {
			pass.ExportObjectFact(obj, new(sleeps))
		}
		if len(marked) > 0 {
			pass.ExportPackageFact(new(sleepy))
		}
		// Which facts a package sees: those of its dependencies, as far
		// as their export data goes.
		var seen []string
		for _, f := range pass.AllObjectFacts() {
			seen = append(seen, f.Object.Pkg().Name()+"."+f.Object.Name())
		}
		for _, f := range pass.AllPackageFacts() {
			seen = append(seen, f.Package.Name())
		}
		slices.Sort(seen)
		if len(pass.Files) > 0 {
			pass.Reportf(pass.Files[0].Package, "facts: %s", strings.Join(seen, " "))
		}
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if fn := typeFunc(pass, call); fn != nil && fn.Pkg() != pass.Pkg && sleepsObj(fn) {
						sleepyPkg := pass.ImportPackageFact(fn.Pkg(), new(sleepy))
						// Edits out of order: the checker sorts them.
						pass.Report(analysis.Diagnostic{
							Pos:     call.Pos(),
							End:     call.End(),
							Message: fmt.Sprintf("%s sleeps (package fact: %v)", fn.Name(), sleepyPkg),
							SuggestedFixes: []analysis.SuggestedFix{{Message: "mark", TextEdits: []analysis.TextEdit{
								{Pos: call.End(), NewText: []byte("/* slept */")},
								{Pos: call.Pos(), NewText: []byte("/* sleeps */")},
							}}},
						})
					}
				}
				return true
			})
		}
		return nil, nil
	},
}

func typeFunc(pass *analysis.Pass, call *ast.CallExpr) *types.Func {
	var id *ast.Ident
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = fun
	case *ast.SelectorExpr:
		id = fun.Sel
	}
	fn, _ := pass.TypesInfo.Uses[id].(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	return fn
}

var sleepModule = map[string]string{
	"a/a.go": "package a\n\nimport \"time\"\n\nfunc Slow() { nap() }\n\nfunc nap() { time.Sleep(1) }\n\nfunc Fast() {}\n",
	// b sees a.Slow's fact (a direct import), not nap's (unexported).
	"b/b.go": "package b\n\nimport \"example.com/m/a\"\n\nfunc B() { a.Slow(); a.Fast() }\n",
	// c sees b.B's fact; a.Slow's only because it imports a too.
	"c/c.go":           "package c\n\nimport (\n\t\"example.com/m/a\"\n\t\"example.com/m/b\"\n)\n\nfunc C() { b.B(); a.Slow() }\n",
	"c/c_test.go":      "package c\n\nimport \"testing\"\n\nfunc TestC(t *testing.T) { C() }\n",
	"broken/broken.go": "package broken\n\nfunc Broken() int { return \"no\" }\n",
	"above/above.go":   "package above\n\nimport \"example.com/m/broken\"\n\nvar X = broken.Broken()\n",
}

// TestSameAsChecker checks that Analyze's actions end as checker.Analyze's
// do on the same packages: the same diagnostics, URLs, facts seen where
// the checker lets them be seen, and the same errors for packages that do
// not type-check and those above them.
func TestSameAsChecker(t *testing.T) {
	dir := writeModule(t, sleepModule)
	cfg := &load.Config{Dir: dir, Tests: true}
	loaded, err := load.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	want, err := checker.Analyze([]*analysis.Analyzer{sleepAnalyzer}, loaded.Roots, nil)
	if err != nil {
		t.Fatal(err)
	}
	started, err := load.Start(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	got, err := Analyze(started, []*analysis.Analyzer{sleepAnalyzer}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	wantOut, gotOut := outcomes(want), outcomes(got)
	if !slices.Equal(gotOut, wantOut) {
		t.Errorf("Analyze:\n%s\nchecker.Analyze:\n%s", strings.Join(gotOut, "\n"), strings.Join(wantOut, "\n"))
	}
	// The test means something only if facts crossed packages and a
	// package failed.
	for _, line := range []string{
		"example.com/m/b: b/b.go:5:12: Slow sleeps (package fact: true) https://example.com/sleep [48-48 /* sleeps */] [56-56 /* slept */]",
		"example.com/m/c: c/c.go:8:12: B sleeps (package fact: true) https://example.com/sleep [72-72 /* sleeps */] [77-77 /* slept */]",
		"example.com/m/c: c/c.go:8:19: Slow sleeps (package fact: true) https://example.com/sleep [79-79 /* sleeps */] [87-87 /* slept */]",
		// a.nap is unexported: b does not see its fact.
		"example.com/m/b: b/b.go:1:1: facts: a a.Slow b b.B https://example.com/sleep",
		"example.com/m/c: c/c.go:1:1: facts: a a.Slow b b.B c c.C https://example.com/sleep",
		"example.com/m/above: error: failed prerequisites: sleep@example.com/m/broken",
		"example.com/m/broken: error: analysis skipped due to errors in package",
	} {
		if !slices.Contains(wantOut, line) {
			t.Errorf("checker.Analyze's outcomes lack %q:\n%s", line, strings.Join(wantOut, "\n"))
		}
	}
}

// outcomes lists the diagnostics and errors of every action of graph.
func outcomes(graph *checker.Graph) []string {
	var out []string
	for act := range graph.All() {
		if act.Err != nil {
			out = append(out, fmt.Sprintf("%s: error: %v", act.Package.ID, act.Err))
		}
		for _, d := range act.Diagnostics {
			posn := act.Package.Fset.Position(d.Pos)
			file := filepath.Base(filepath.Dir(posn.Filename)) + "/" + filepath.Base(posn.Filename)
			line := fmt.Sprintf("%s: %s:%d:%d: %s %s", act.Package.ID, file, posn.Line, posn.Column, d.Message, d.URL)
			for _, fix := range d.SuggestedFixes {
				for _, e := range fix.TextEdits {
					line += fmt.Sprintf(" [%d-%d %s]", act.Package.Fset.Position(e.Pos).Offset, act.Package.Fset.Position(e.End).Offset, e.NewText)
				}
			}
			out = append(out, line)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestOverlapsLoading checks that a package is analyzed while another,
// which it does not import, still loads: the slow package's file is
// parsed only once the fast package has been analyzed, which would never
// happen if analysis waited for the whole graph.
func TestOverlapsLoading(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"fast/fast.go": "package fast\n\nfunc F() {}\n",
		"slow/slow.go": "package slow\n\nfunc S() {}\n",
	})
	analyzed := make(chan struct{})
	timedOut := false
	cfg := &load.Config{
		Dir: dir,
		ParseFile: func(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
			if strings.HasSuffix(filename, "slow.go") {
				select {
				case <-analyzed:
				case <-time.After(30 * time.Second):
					timedOut = true
					return nil, errors.New("fast was not analyzed while slow loaded")
				}
			}
			return parser.ParseFile(fset, filename, src, parser.ParseComments)
		},
	}
	a := &analysis.Analyzer{
		Name: "signal",
		Doc:  "signal when package fast is analyzed",
		Run: func(pass *analysis.Pass) (any, error) {
			if pass.Pkg.Name() == "fast" {
				close(analyzed)
			}
			return nil, nil
		},
	}
	g, err := load.Start(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	graph, err := Analyze(g, []*analysis.Analyzer{a}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if timedOut {
		t.Fatal("package slow loaded only after package fast's analysis waited for it")
	}
	for act := range graph.All() {
		if act.Err != nil {
			t.Errorf("%s: %v", act, act.Err)
		}
	}
}

// TestDrop checks that DropTypesInfo and DropSyntax give the same
// outcomes as without them, that an action that needs another's result on
// the same package still sees the package's type information and syntax
// (they are dropped only once every action on the package has run), and
// that each is dropped then, the other kept. With both dropped, the
// syntax must be garbage, with the graph that parsed it still alive.
func TestDrop(t *testing.T) {
	dir := writeModule(t, sleepModule)
	cfg := &load.Config{Dir: dir, Tests: true}
	var (
		mu     sync.Mutex
		parsed []weak.Pointer[ast.File]
	)
	// counter needs sleep's result on the same package, and runs after
	// it: it must still see the type information and the syntax.
	counter := &analysis.Analyzer{
		Name:     "counter",
		Doc:      "report how many identifiers the type checker defined",
		Requires: []*analysis.Analyzer{sleepAnalyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			if pass.TypesInfo == nil {
				return nil, errors.New("no type information")
			}
			if len(pass.Files) == 0 {
				return nil, errors.New("no syntax")
			}
			mu.Lock()
			for _, f := range pass.Files {
				parsed = append(parsed, weak.Make(f))
			}
			mu.Unlock()
			pass.Reportf(pass.Files[0].Package, "%d definitions", len(pass.TypesInfo.Defs))
			return nil, nil
		},
	}
	analyze := func(opts Options) (*load.Graph, *checker.Graph, []string) {
		g, err := load.Start(cfg, "./...")
		if err != nil {
			t.Fatal(err)
		}
		graph, err := Analyze(g, []*analysis.Analyzer{counter}, opts)
		if err != nil {
			t.Fatal(err)
		}
		return g, graph, outcomes(graph)
	}
	_, _, want := analyze(Options{})
	if !slices.ContainsFunc(want, func(s string) bool { return strings.Contains(s, "definitions") }) {
		t.Fatalf("counter reported nothing:\n%s", strings.Join(want, "\n"))
	}
	for _, opts := range []Options{{DropTypesInfo: true}, {DropSyntax: true}, {DropTypesInfo: true, DropSyntax: true}} {
		parsed = nil
		g, graph, got := analyze(opts)
		if !slices.Equal(got, want) {
			t.Errorf("with %+v:\n%s\nwithout:\n%s", opts, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		for _, p := range g.Source() {
			if (p.TypesInfo == nil) != opts.DropTypesInfo {
				t.Errorf("with %+v: %s: TypesInfo dropped: %t", opts, p.ID, p.TypesInfo == nil)
			}
			if (len(p.Syntax) == 0) != opts.DropSyntax {
				t.Errorf("with %+v: %s: syntax dropped: %t", opts, p.ID, len(p.Syntax) == 0)
			}
		}
		if opts.DropTypesInfo && opts.DropSyntax {
			runtime.GC()
			for _, w := range parsed {
				if f := w.Value(); f != nil {
					t.Errorf("with %+v: the syntax of %s is still held", opts, g.Fset.Position(f.Package).Filename)
				}
			}
		}
		// What the syntax must not need: the graph, and the actions a
		// driver keeps to report.
		runtime.KeepAlive(g)
		runtime.KeepAlive(graph)
	}
}

// TestPanicFailsTheAction checks that an analyzer that panics on one
// package fails that action, with the panic and its stack, while the
// actions on the other packages run to their end.
func TestPanicFailsTheAction(t *testing.T) {
	dir := writeModule(t, sleepModule)
	g, err := load.Start(&load.Config{Dir: dir}, "./a", "./b", "./c")
	if err != nil {
		t.Fatal(err)
	}
	panicky := &analysis.Analyzer{
		Name:     "panicky",
		Doc:      "panic on package b",
		Requires: []*analysis.Analyzer{sleepAnalyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			if pass.Pkg.Name() == "b" {
				panic("boom")
			}
			return nil, nil
		},
	}
	graph, err := Analyze(g, []*analysis.Analyzer{panicky}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	failed := make(map[string]error)
	for _, act := range graph.Roots {
		failed[act.Package.PkgPath] = act.Err
	}
	if err := failed["example.com/m/b"]; err == nil || !strings.Contains(err.Error(), "panicked: boom") || !strings.Contains(err.Error(), "run_test.go") {
		t.Errorf("b: %v, want the panic with its stack", err)
	}
	for _, path := range []string{"example.com/m/a", "example.com/m/c"} {
		if err := failed[path]; err != nil {
			t.Errorf("%s: %v, want no error: panicky runs on packages, not on their imports", path, err)
		}
	}
}

// TestRestored checks that a restored root action does not run and its
// package is not loaded, while one whose facts a running action needs
// runs after all: the facts are not restored.
func TestRestored(t *testing.T) {
	dir := writeModule(t, sleepModule)
	g, err := load.Start(&load.Config{Dir: dir, Defer: true}, "./a", "./b", "./c")
	if err != nil {
		t.Fatal(err)
	}
	pkgs := make(map[string]*packages.Package)
	for _, p := range g.Roots {
		pkgs[p.PkgPath] = p
	}
	a, b, c := pkgs["example.com/m/a"], pkgs["example.com/m/b"], pkgs["example.com/m/c"]
	restore := func(p *packages.Package) Restored {
		return Restored{Analyzer: sleepAnalyzer, Package: p, Diagnostics: []analysis.Diagnostic{{Message: "restored " + p.Name}}, Result: "kept"}
	}
	g.Load(b) // and a, below it
	var ran []string
	var mu sync.Mutex
	opts := Options{
		Restored: []Restored{restore(a), restore(c)},
		Ran: func(act *checker.Action, objects []analysis.ObjectFact, pkg []analysis.PackageFact) {
			mu.Lock()
			defer mu.Unlock()
			ran = append(ran, fmt.Sprintf("%s: %d object facts, %d package facts", act.Package.PkgPath, len(objects), len(pkg)))
		},
	}
	graph, err := Analyze(g, []*analysis.Analyzer{sleepAnalyzer}, opts)
	if err != nil {
		t.Fatal(err)
	}
	messages := rootMessages(t, graph)
	if got := messages[c]; !slices.Equal(got, []string{"restored c"}) {
		t.Errorf("c's diagnostics = %q, want only the restored one", got)
	}
	if c.Syntax != nil || c.Types.Complete() {
		t.Error("c, whose action was restored, was loaded")
	}
	if got := messages[a]; slices.Contains(got, "restored a") {
		t.Errorf("a's action, whose facts b needs, was restored rather than run: %q", got)
	}
	if got := messages[b]; !slices.Contains(got, "Slow sleeps (package fact: true)") {
		t.Errorf("b's diagnostics = %q, want one that a's facts give", got)
	}
	// Ran reports the actions that ran, with their own facts only: b
	// exports B's and its package's, a Slow's, nap's and its package's.
	slices.Sort(ran)
	if want := []string{"example.com/m/a: 2 object facts, 1 package facts", "example.com/m/b: 1 object facts, 1 package facts"}; !slices.Equal(ran, want) {
		t.Errorf("Ran saw %q, want %q", ran, want)
	}

	// With a's facts restored, a does not run, and b sees them.
	g, err = load.Start(&load.Config{Dir: dir, Defer: true}, "./a", "./b")
	if err != nil {
		t.Fatal(err)
	}
	a, b = g.Roots[0], g.Roots[1]
	if a.PkgPath != "example.com/m/a" {
		a, b = b, a
	}
	withFacts := restore(a)
	withFacts.Facts = func(pkg *types.Package) ([]analysis.ObjectFact, []analysis.PackageFact, error) {
		// Fast, not Slow: b must report what the restored facts say.
		return []analysis.ObjectFact{{Object: pkg.Scope().Lookup("Fast"), Fact: new(sleeps)}},
			[]analysis.PackageFact{{Package: pkg, Fact: new(sleepy)}}, nil
	}
	g.Load(b)
	graph, err = Analyze(g, []*analysis.Analyzer{sleepAnalyzer}, Options{Restored: []Restored{withFacts}})
	if err != nil {
		t.Fatal(err)
	}
	messages = rootMessages(t, graph)
	if got := messages[a]; !slices.Equal(got, []string{"restored a"}) {
		t.Errorf("a's diagnostics = %q, want only the restored one: its facts were restored, it must not run", got)
	}
	if got := messages[b]; !slices.Contains(got, "Fast sleeps (package fact: true)") || slices.Contains(got, "Slow sleeps (package fact: true)") {
		t.Errorf("b's diagnostics = %q, want those of the restored facts (Fast sleeps), not of a's code", got)
	}
}

// rootMessages returns the messages of the root actions' diagnostics, by
// package, and fails t for each root action that failed.
func rootMessages(t *testing.T, graph *checker.Graph) map[*packages.Package][]string {
	t.Helper()
	messages := make(map[*packages.Package][]string)
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Errorf("%s: %v", act.Package.ID, act.Err)
		}
		for _, d := range act.Diagnostics {
			messages[act.Package] = append(messages[act.Package], d.Message)
		}
	}
	return messages
}

// TestRoots checks that Options.Roots limits the analysis to the roots
// it names and the packages below them: another root is analyzed only
// for the facts one named needs, and a third not at all.
func TestRoots(t *testing.T) {
	dir := writeModule(t, sleepModule)
	g, err := load.Load(&load.Config{Dir: dir}, "./a", "./b", "./c")
	if err != nil {
		t.Fatal(err)
	}
	var b *packages.Package
	for _, p := range g.Roots {
		if p.PkgPath == "example.com/m/b" {
			b = p
		}
	}
	graph, err := Analyze(g, []*analysis.Analyzer{sleepAnalyzer}, Options{Roots: []*packages.Package{b}})
	if err != nil {
		t.Fatal(err)
	}
	if len(graph.Roots) != 1 || graph.Roots[0].Package != b {
		t.Fatalf("roots %v, want the action on b alone", graph.Roots)
	}
	var analyzed []string
	for act := range graph.All() {
		analyzed = append(analyzed, act.Package.PkgPath)
	}
	slices.Sort(analyzed)
	if want := []string{"example.com/m/a", "example.com/m/b"}; !slices.Equal(analyzed, want) {
		t.Errorf("analyzed %q, want %q: b and a below it, not c", analyzed, want)
	}
	if len(graph.Roots[0].Deps) == 0 || graph.Roots[0].Deps[0].IsRoot {
		t.Error("the action on a is a root of the graph; want it only below b's")
	}
	if got := rootMessages(t, graph)[b]; !slices.Contains(got, "Slow sleeps (package fact: true)") {
		t.Errorf("b's diagnostics = %q, want one that a's facts give", got)
	}
}
