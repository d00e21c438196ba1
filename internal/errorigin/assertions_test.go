package errorigin_test

import (
	"bufio"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/mcperrlint/mcperrlint/internal/errorigin"
)

// TestAssertions checks the argument assertions errorigin finds in the
// argassert families against the lines their want comments expect a
// report of an assertion on: each such line holds one, and no other
// line does, but for one the file suppresses with //mcperrlint:ignore,
// which the analyzer, not this pass, honors.
func TestAssertions(t *testing.T) {
	pkgs := loadFamilies(t)
	a := newOrigins()
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := make(map[string]bool) // file:line
	for _, act := range graph.Roots {
		if act.Analyzer != a || !strings.HasPrefix(act.Package.PkgPath, "argassert_") {
			continue
		}
		if act.Err != nil {
			t.Fatal(act.Err)
		}
		for _, as := range act.Result.(*errorigin.Result).Assertions {
			posn := act.Package.Fset.Position(as.Lparen)
			got[posn.Filename+":"+strconv.Itoa(posn.Line)] = true
			if as.Type == nil || as.Func == nil || as.Func.SDK == nil {
				t.Errorf("%s: assertion without its type, function or SDK: %+v", posn, as)
			}
		}
	}
	want := make(map[string]bool)
	wantRE := regexp.MustCompile(`// want .*(asserts the type|with \.\\\(|of the arguments with)|//mcperrlint:ignore`)
	for _, p := range pkgs {
		if !strings.HasPrefix(p.PkgPath, "argassert_") {
			continue
		}
		for _, name := range p.GoFiles {
			f, err := os.Open(name)
			if err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(f)
			for line := 1; sc.Scan(); line++ {
				if wantRE.MatchString(sc.Text()) && strings.Contains(sc.Text(), ".(") {
					want[name+":"+strconv.Itoa(line)] = true
				}
			}
			f.Close()
		}
	}
	if len(want) == 0 {
		t.Fatal("no want lines found in the argassert families")
	}
	for _, k := range sortedKeys(want) {
		if !got[k] {
			t.Errorf("%s: no assertion found", k)
		}
	}
	for _, k := range sortedKeys(got) {
		if !want[k] {
			t.Errorf("%s: assertion found where none is expected", k)
		}
	}
}

func sortedKeys(m map[string]bool) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
