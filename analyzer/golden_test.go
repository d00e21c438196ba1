package analyzer_test

import (
	"os"
	"path/filepath"
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
	src := filepath.Join(testdata(t), "src")
	goldens, err := filepath.Glob(filepath.Join(src, "*", "*.golden"))
	if err != nil {
		t.Fatal(err)
	}
	families := make(map[string]bool)
	for _, g := range goldens {
		families[filepath.Base(filepath.Dir(g))] = true
	}
	if len(families) == 0 {
		t.Fatal("no golden files found")
	}
	for family := range families {
		t.Run(family, func(t *testing.T) {
			t.Parallel()
			gopath := fixedCopy(t, src, family)
			pkgs := loadGOPATH(t, gopath, family)
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
		})
	}
}

// fixedCopy makes a GOPATH holding the SDK stubs and family with each
// file replaced by its golden version.
func fixedCopy(t *testing.T, src, family string) string {
	t.Helper()
	gopath := t.TempDir()
	if err := os.CopyFS(filepath.Join(gopath, "src", "github.com"), os.DirFS(filepath.Join(src, "github.com"))); err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(gopath, "src", family)
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(src, family, "*.go"))
	for _, f := range files {
		data, err := os.ReadFile(f + ".golden")
		if os.IsNotExist(err) {
			data, err = os.ReadFile(f)
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, filepath.Base(f)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return gopath
}

// loadGOPATH loads pattern in GOPATH mode and fails on any error.
func loadGOPATH(t *testing.T, gopath, pattern string) []*packages.Package {
	t.Helper()
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax,
		Dir:   gopath,
		Env:   append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOWORK=off", "GOFLAGS="),
		Tests: false,
	}
	pkgs, err := packages.Load(cfg, pattern)
	if err != nil {
		t.Fatal(err)
	}
	var errs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			errs = append(errs, e.Error())
		}
	})
	if len(errs) > 0 {
		t.Fatalf("fixed code does not type-check:\n%s", strings.Join(errs, "\n"))
	}
	return pkgs
}
