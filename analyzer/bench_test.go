package analyzer_test

// Benchmarks of the analyzer's own work, in process, on modules written by
// scripts/gen: packages are loaded (outside the timer) the way the
// standalone driver loads them, then each iteration runs the analyzer over
// them with checker.Analyze, building SSA and everything else afresh.
//
//	go test -run '^$' -bench . -benchmem -count 5 ./analyzer | tee new.txt
//	go run golang.org/x/perf/cmd/benchstat@latest new.txt
//
// ns/handler, cpu-ns/handler (CPU time of the process, all goroutines and
// the garbage collector included) and allocs/handler should stay flat
// from 100 to 10,000 handlers. scripts/bench times whole runs against
// their floors.

import (
	"fmt"
	"go/ast"
	"maps"
	"os/exec"
	"regexp"
	"runtime"
	"strconv"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/analyzer"
	"github.com/mcperrlint/mcperrlint/internal/driver/run"
	modgen "github.com/mcperrlint/mcperrlint/scripts/gen"
)

// loadGenerated writes the module cfg describes and loads its packages as
// the standalone driver would for a.
func loadGenerated(tb testing.TB, a *analysis.Analyzer, cfg modgen.Config) ([]*packages.Package, *modgen.Summary) {
	tb.Helper()
	dir := tb.TempDir()
	sum, err := modgen.Write(dir, cfg)
	if err != nil {
		tb.Fatal(err)
	}
	downloadModule(tb, dir)
	mode := packages.LoadSyntax | packages.NeedModule
	if run.FactsNeeded(a) {
		mode = packages.LoadAllSyntax | packages.NeedModule
	}
	pkgs, err := packages.Load(&packages.Config{Mode: mode, Dir: dir, Tests: true, Env: offlineModuleEnv()}, "./...")
	if err != nil {
		tb.Fatal(err)
	}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			tb.Errorf("%s: %v", p.PkgPath, e)
		}
	})
	if tb.Failed() {
		tb.FailNow()
	}
	return pkgs, sum
}

// downloadModule runs "go mod download" in dir, so that the offline load
// finds every module it needs (a no-op with a warm module cache).
func downloadModule(tb testing.TB, dir string) {
	tb.Helper()
	cmd := exec.Command("go", "mod", "download")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("go mod download in %s: %v\n%s", dir, err, out)
	}
}

// runAnalyzer runs a over pkgs and returns the root actions.
func runAnalyzer(tb testing.TB, a *analysis.Analyzer, pkgs []*packages.Package) []*checker.Action {
	g, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
	if err != nil {
		tb.Fatal(err)
	}
	for _, act := range g.Roots {
		if act.Err != nil {
			tb.Fatalf("%s: %v", act, act.Err)
		}
	}
	return g.Roots
}

// TestGeneratedModule proves the generator's cases real: a generated
// module type-checks against the real SDKs, and the analyzer reports
// exactly the returns marked with want comments, as many per category as
// the generator counted.
func TestGeneratedModule(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	if testing.Short() {
		t.Skip("loads the real SDKs from the module cache; skipped in -short mode")
	}
	// 24 handlers per package cover every variant of both SDKs.
	pkgs, sum := loadGenerated(t, analyzer.Analyzer, modgen.Config{Handlers: 96, PerPackage: 24})

	type line struct {
		file string
		line int
	}
	wants := make(map[line]*regexp.Regexp)
	got := make(map[string]int)
	for _, act := range runAnalyzer(t, analyzer.Analyzer, pkgs) {
		fset := act.Package.Fset
		for _, f := range act.Package.Syntax {
			for _, c := range commentsOf(f) {
				m := wantComment.FindStringSubmatch(c.Text) // see robust_test.go
				if m == nil {
					continue
				}
				pattern, err := strconv.Unquote(m[1])
				if err != nil {
					t.Fatal(err)
				}
				p := fset.Position(c.Pos())
				wants[line{p.Filename, p.Line}] = regexp.MustCompile(pattern)
			}
		}
		for _, d := range act.Diagnostics {
			p := fset.Position(d.Pos)
			re := wants[line{p.Filename, p.Line}]
			switch {
			case re == nil:
				t.Errorf("%s: unexpected diagnostic: %s", p, d.Message)
			case !re.MatchString(d.Message):
				t.Errorf("%s: diagnostic %q does not match %q", p, d.Message, re)
			default:
				delete(wants, line{p.Filename, p.Line})
				got[d.Category]++
			}
		}
	}
	for l, re := range wants {
		t.Errorf("%s:%d: no diagnostic matching %q", l.file, l.line, re)
	}
	if !maps.Equal(got, sum.Want) {
		t.Errorf("diagnostics by category = %v, generator expects %v", got, sum.Want)
	}
}

func commentsOf(f *ast.File) []*ast.Comment {
	var cs []*ast.Comment
	for _, g := range f.Comments {
		cs = append(cs, g.List...)
	}
	return cs
}

// BenchmarkAnalyzer runs the analyzer over generated modules of growing
// size. The 10,000-handler module is skipped in -short mode.
func BenchmarkAnalyzer(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		b.Run(fmt.Sprintf("handlers=%d", n), func(b *testing.B) {
			if n > 1000 && testing.Short() {
				b.Skip("10,000 handlers: skipped in -short mode")
			}
			a := analyzer.Analyzer
			pkgs, sum := loadGenerated(b, a, modgen.Config{Handlers: n})
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			cpu0, cpuOK := cpuTime()
			var roots []*checker.Action
			for b.Loop() {
				roots = runAnalyzer(b, a, pkgs)
			}
			cpu1, _ := cpuTime()
			runtime.ReadMemStats(&after)
			diags := 0
			for _, act := range roots {
				diags += len(act.Diagnostics)
			}
			if diags != sum.Total() {
				b.Fatalf("%d diagnostics, the generator expects %d", diags, sum.Total())
			}
			per := float64(b.N) * float64(n)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/handler")
			if cpuOK {
				// CPU time is steadier than wall time on a shared machine.
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/per, "cpu-ns/handler")
			}
			b.ReportMetric(float64(after.Mallocs-before.Mallocs)/per, "allocs/handler")
			b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/per, "B/handler")
		})
	}
}
