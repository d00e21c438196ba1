package analyzer_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/analyzer"
)

// TestGoldenFilesAreFixed holds every hermetic golden file to what -fix
// promises: the fixed package type-checks, and analyzing it again finds
// nothing left to fix.
func TestGoldenFilesAreFixed(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	src := filepath.Join(testdata(t), "src")
	goldens, err := filepath.Glob(filepath.Join(src, "*", "*.golden"))
	if err != nil {
		t.Fatal(err)
	}
	var families []string
	for _, g := range goldens {
		if f := filepath.Base(filepath.Dir(g)); !slices.Contains(families, f) {
			families = append(families, f)
		}
	}
	if len(families) == 0 {
		t.Fatal("no golden files found")
	}
	// One load for all families: each loads the standard library from
	// source, which costs more than the cases.
	gopath := fixedCopy(t, src, families...)
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  gopath,
		Env:  gopathEnv(gopath),
	}
	assertFixedAndClean(t, cfg, families...)
}

// assertFixedAndClean loads patterns, fails on any load or type error,
// and fails if the analyzer still has a fix to offer.
func assertFixedAndClean(t *testing.T, cfg *packages.Config, patterns ...string) {
	t.Helper()
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if errs := loadErrors(pkgs); len(errs) > 0 {
		t.Fatalf("fixed code does not type-check:\n%s", strings.Join(errs, "\n"))
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for act := range graph.All() {
		if !act.IsRoot {
			continue
		}
		for _, d := range act.Diagnostics {
			if len(d.SuggestedFixes) > 0 {
				t.Errorf("%s: fixable diagnostic remains after fixing: %s", act.Package.Fset.Position(d.Pos), d.Message)
			}
		}
	}
}

// loadErrors returns the load, parse and type errors of pkgs and their
// dependencies.
func loadErrors(pkgs []*packages.Package) []string {
	var errs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			errs = append(errs, e.Error())
		}
	})
	return errs
}

// applyGoldens replaces each file under dir that has a .golden beside it
// with the golden content.
func applyGoldens(t *testing.T, dir string) {
	t.Helper()
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(path, ".golden") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(strings.TrimSuffix(path, ".golden"), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// fixedCopy makes a GOPATH holding the SDK stubs and the families, with
// each file replaced by its golden version.
func fixedCopy(t *testing.T, src string, families ...string) string {
	t.Helper()
	gopath := t.TempDir()
	if err := os.CopyFS(filepath.Join(gopath, "src", "github.com"), os.DirFS(filepath.Join(src, "github.com"))); err != nil {
		t.Fatal(err)
	}
	for _, family := range families {
		if err := os.CopyFS(filepath.Join(gopath, "src", family), os.DirFS(filepath.Join(src, family))); err != nil {
			t.Fatal(err)
		}
		applyGoldens(t, filepath.Join(gopath, "src", family))
	}
	return gopath
}
