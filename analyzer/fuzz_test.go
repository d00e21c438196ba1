package analyzer_test

// FuzzHandlerFixes generates files of tool handlers (fuzzgen_test.go),
// runs the analyzer, applies its fixes as the -fix driver does, and holds
// the result to what -fix promises: no panic, no analysis error, fixed
// code that type-checks, and nothing left to fix.
//
// An iteration costs what the analysis costs: the SDK stubs and the
// standard packages are loaded once per process (from export data), and
// each generated file is parsed and type-checked in memory against them.
// The file is also written to one path in a temporary directory, reused,
// because the analyzer reads the source of the file it fixes through
// Pass.ReadFile, which the checker serves from disk.
//
//	go test ./analyzer -run '^$' -fuzz FuzzHandlerFixes -fuzztime 2m
//
// Without -fuzz, the seeds (fuzzSeeds, which cover every piece the
// generator has, and testdata/fuzz/FuzzHandlerFixes) run as ordinary
// tests.

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/analyzer"
	"github.com/mcperrlint/mcperrlint/internal/edits/fixedit"
	"github.com/mcperrlint/mcperrlint/internal/testbin"
)

func FuzzHandlerFixes(f *testing.F) {
	seeds, _ := fuzzSeeds()
	for _, seed := range seeds {
		f.Add(seed)
	}
	env := newFuzzEnv(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		env.check(t, generate(&byteChooser{data: data}))
	})
}

// TestFuzzSeeds checks that the seeds pick every value of every
// dimension of the generator at least once, so that the ordinary test run
// exercises every piece; that a seed replayed as fuzz input builds the
// program it was recorded from; and that the harness sees what it should
// (diagnostics with fixes and without), so that FuzzHandlerFixes cannot
// pass by seeing nothing.
func TestFuzzSeeds(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	env := newFuzzEnv(t)
	covered := make(map[string]map[int]bool)
	var total fuzzStats
	seeds, programs := fuzzSeeds()
	for i, seed := range seeds {
		rec := &recordingChooser{replay: seed}
		if src := generate(rec); src != programs[i] {
			t.Fatalf("seed %v does not replay:\n%s\nvs\n%s", seed, src, programs[i])
		}
		total.add(env.check(t, programs[i]))
		for _, c := range rec.choices {
			if covered[c.dim] == nil {
				covered[c.dim] = make(map[int]bool)
			}
			covered[c.dim][c.value] = true
		}
	}
	for dim, n := range fuzzDims {
		for v := range n {
			if !covered[dim][v] {
				t.Errorf("no seed picks value %d of %s", v, dim)
			}
		}
	}
	t.Logf("%d seeds: %+v", len(seeds), total)
	if total.fixed == 0 || total.unfixed == 0 || total.correct == 0 {
		t.Errorf("the seeds should get diagnostics with fixes, diagnostics without, and correct returns: %+v", total)
	}
}

// fuzzStats counts what check saw.
type fuzzStats struct {
	fixed, unfixed int // diagnostics with and without a fix
	correct        int // returns marked correct
}

func (s *fuzzStats) add(o fuzzStats) {
	s.fixed += o.fixed
	s.unfixed += o.unfixed
	s.correct += o.correct
}

type choice struct {
	dim   string
	value int
}

// recordingChooser picks with rng, or replays bytes, and records each
// choice; its bytes replay through byteChooser, since value < n.
type recordingChooser struct {
	rng     *rand.Rand
	replay  []byte
	choices []choice
	bytes   []byte
}

func (c *recordingChooser) pick(dim string) int {
	n := dimSize(dim)
	var v int
	if c.rng != nil {
		v = c.rng.IntN(n)
	} else if len(c.replay) > 0 {
		v = int(c.replay[0]) % n
		c.replay = c.replay[1:]
	}
	c.choices = append(c.choices, choice{dim, v})
	c.bytes = append(c.bytes, byte(v))
	return v
}

// fuzzSeeds returns inputs that together pick every value of every
// dimension, and the programs they build: deterministic pseudo-random
// programs, each kept only if it picks something the ones before did not.
func fuzzSeeds() (seeds [][]byte, programs []string) {
	rng := rand.New(rand.NewPCG(1, 2))
	covered := make(map[choice]bool)
	want := 0
	for _, n := range fuzzDims {
		want += n
	}
	for i := 0; i < 2000 && len(covered) < want; i++ {
		rec := &recordingChooser{rng: rng}
		src := generate(rec)
		added := false
		for _, c := range rec.choices {
			if !covered[c] {
				covered[c] = true
				added = true
			}
		}
		if added {
			seeds = append(seeds, rec.bytes)
			programs = append(programs, src)
		}
	}
	return seeds, programs
}

// fuzzEnv holds what every iteration shares: the imported packages, with
// their positions in fset, and the path generated files are written to.
type fuzzEnv struct {
	fset  *token.FileSet
	pkgs  map[string]*types.Package
	sizes types.Sizes
	file  string
}

func newFuzzEnv(tb testing.TB) *fuzzEnv {
	gopath, err := filepath.Abs("../testdata")
	if err != nil {
		tb.Fatal(err)
	}
	fset := token.NewFileSet()
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedTypes | packages.NeedTypesSizes,
		Fset: fset,
		Dir:  gopath,
		Env:  testbin.GopathEnv(gopath),
	}
	loaded, err := packages.Load(cfg, fuzzImports...)
	if err != nil {
		tb.Fatal(err)
	}
	if errs := loadErrors(loaded); len(errs) > 0 {
		tb.Fatalf("loading the fuzz imports:\n%s", strings.Join(errs, "\n"))
	}
	env := &fuzzEnv{
		fset:  fset,
		pkgs:  make(map[string]*types.Package),
		sizes: types.SizesFor("gc", runtime.GOARCH),
		file:  filepath.Join(tb.TempDir(), "handlers.go"),
	}
	for _, p := range loaded {
		env.pkgs[p.PkgPath] = p.Types
	}
	return env
}

// Import implements types.Importer with the loaded packages.
func (env *fuzzEnv) Import(path string) (*types.Package, error) {
	if p := env.pkgs[path]; p != nil {
		return p, nil
	}
	return nil, fmt.Errorf("package %s is not among fuzzImports", path)
}

// load writes src to env.file, then parses and type-checks it as package
// fuzz. The file stays in env.fset until release is called: positions
// must be turned into lines before.
func (env *fuzzEnv) load(src []byte) (pkg *packages.Package, errs []error, release func()) {
	if err := os.WriteFile(env.file, src, 0o644); err != nil {
		return nil, []error{err}, func() {}
	}
	f, err := parser.ParseFile(env.fset, env.file, src, parser.ParseComments)
	if f == nil {
		return nil, []error{err}, func() {}
	}
	release = sync.OnceFunc(func() { env.fset.RemoveFile(env.fset.File(f.FileStart)) })
	if err != nil {
		return nil, []error{err}, release
	}
	info := &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		Scopes:       make(map[ast.Node]*types.Scope),
		Instances:    make(map[*ast.Ident]types.Instance),
		FileVersions: make(map[*ast.File]string),
	}
	conf := types.Config{
		GoVersion: "go1.26", // this module's, as go/packages would set
		Importer:  env,
		Sizes:     env.sizes,
		Error:     func(err error) { errs = append(errs, err) },
	}
	tpkg, _ := conf.Check("fuzz", env.fset, []*ast.File{f}, info)
	return &packages.Package{
		ID:              "fuzz",
		Name:            "fuzz",
		PkgPath:         "fuzz",
		GoFiles:         []string{env.file},
		CompiledGoFiles: []string{env.file},
		Fset:            env.fset,
		Syntax:          []*ast.File{f},
		Types:           tpkg,
		TypesInfo:       info,
		TypesSizes:      env.sizes,
		IllTyped:        len(errs) > 0,
	}, errs, release
}

// run analyzes pkg and returns the diagnostics of its action, failing on
// a panic or an analysis error.
func (env *fuzzEnv) run(t *testing.T, pkg *packages.Package, src string) []analysis.Diagnostic {
	t.Helper()
	var graph *checker.Graph
	func() {
		defer func() {
			if t.Failed() {
				t.Logf("source:\n%s", numbered(src))
			}
		}()
		graph = analyze(t, analyzer.Analyzer, []*packages.Package{pkg})
	}()
	for act := range graph.All() {
		if act.Err != nil {
			t.Fatalf("%s: %v\nsource:\n%s", act, act.Err, numbered(src))
		}
	}
	return graph.Roots[0].Diagnostics
}

// check holds one generated file to what -fix promises.
func (env *fuzzEnv) check(t *testing.T, src string) (stats fuzzStats) {
	t.Helper()
	pkg, errs, release := env.load([]byte(src))
	defer release()
	if len(errs) > 0 {
		t.Fatalf("the generator wrote code that does not type-check: %v\n%s", errs, numbered(src))
	}
	diags := env.run(t, pkg, src)
	tokFile := env.fset.File(pkg.Syntax[0].FileStart)
	okLines := markedLines(src, "// ok")
	stats.correct = len(okLines)
	for _, d := range diags {
		if line := tokFile.Line(d.Pos); okLines[line] {
			t.Errorf("line %d: a correct return is reported: %s", line, d.Message)
		}
		if len(d.SuggestedFixes) > 0 {
			stats.fixed++
		} else {
			stats.unfixed++
		}
	}
	fixed, err := applyFixes(tokFile, []byte(src), diags, pkg)
	release() // src is done with; the fixed file takes its path
	if err != nil {
		t.Fatalf("%v\nsource:\n%s", err, numbered(src))
	}
	if t.Failed() {
		t.Logf("source:\n%s", numbered(src))
		return stats
	}
	if stats.fixed == 0 {
		return stats // the second run would be the first
	}

	pkg, errs, release = env.load(fixed)
	defer release()
	if len(errs) > 0 {
		t.Fatalf("the fixed code does not type-check: %v\nsource:\n%s\nfixed:\n%s", errs, numbered(src), numbered(string(fixed)))
	}
	for _, d := range env.run(t, pkg, string(fixed)) {
		if len(d.SuggestedFixes) > 0 {
			t.Errorf("line %d: a fix is offered again after fixing: %s", env.fset.Position(d.Pos).Line, d.Message)
		}
	}
	if t.Failed() {
		t.Logf("source:\n%s\nfixed:\n%s", numbered(src), numbered(string(fixed)))
	}
	return stats
}

// markedLines returns the lines of src that contain marker.
func markedLines(src, marker string) map[int]bool {
	lines := make(map[int]bool)
	for i, l := range strings.Split(src, "\n") {
		if strings.Contains(l, marker) {
			lines[i+1] = true
		}
	}
	return lines
}

func numbered(src string) string {
	var b strings.Builder
	for i, l := range strings.Split(src, "\n") {
		fmt.Fprintf(&b, "%4d  %s\n", i+1, l)
	}
	return b.String()
}

// applyFixes applies every diagnostic's fix to src as the -fix driver
// does (fixedit), failing on edits outside the file and on fixes whose
// edits conflict, which golangci-lint would drop.
func applyFixes(file *token.File, src []byte, diags []analysis.Diagnostic, pkg *packages.Package) ([]byte, error) {
	var edits []fixedit.Edit
	for _, d := range diags {
		if len(d.SuggestedFixes) == 0 {
			continue
		}
		for _, e := range d.SuggestedFixes[0].TextEdits {
			end := e.End
			if !end.IsValid() {
				end = e.Pos
			}
			if e.Pos < token.Pos(file.Base()) || end > token.Pos(file.Base()+file.Size()) || end < e.Pos {
				return nil, fmt.Errorf("line %d: fix %q has an edit outside the file or reversed", file.Line(d.Pos), d.SuggestedFixes[0].Message)
			}
			edits = append(edits, fixedit.Edit{Start: file.Offset(e.Pos), End: file.Offset(end), Text: string(e.NewText)})
		}
	}
	if len(edits) == 0 {
		return src, nil
	}
	out, err := fixedit.Apply(src, edits)
	if err != nil {
		return nil, fmt.Errorf("the fixes conflict: %v", err)
	}
	unused := fixedit.UnusedImports(pkg.Fset, pkg.TypesInfo, pkg.Syntax[0], edits)
	if formatted, err := fixedit.Format(out, unused); err == nil {
		out = formatted // else the type check that follows says why
	}
	return out, nil
}
