package assertions_test

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

	"github.com/mcperrlint/mcperrlint/internal/testbin"
	"github.com/mcperrlint/mcperrlint/passes/assertions"
	"github.com/mcperrlint/mcperrlint/passes/internal/stages"
	"github.com/mcperrlint/mcperrlint/passes/returns"
)

// TestAssertions checks the argument assertions the check finds in the
// argassert families against the lines their want comments expect a
// report of an assertion on: each such line holds one, and no other
// line does, but for one the file suppresses with //mcperrlint:ignore,
// which the analyzer, not this pass, honors.
func TestAssertions(t *testing.T) {
	pkgs := testbin.LoadTestdata(t, "argassert_gosdk", "argassert_mcpgo")
	a := newAssertions()
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
		for _, fd := range act.Result.(*assertions.Result).Findings {
			posn := act.Package.Fset.Position(fd.Diag.Pos)
			got[posn.Filename+":"+strconv.Itoa(posn.Line)] = true
			if fd.Node == nil || fd.Func == nil || fd.Diag.Category != "decode" || !strings.Contains(fd.Diag.Message, "asserts the type of") {
				t.Errorf("%s: finding without its node, function or words: %+v", posn, fd)
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

// newAssertions returns the check with the passes it requires, all of
// the default configuration.
func newAssertions() *analysis.Analyzer {
	s := stages.New()
	toolErrors := false
	return assertions.New(s.Scope, s.Paths, s.Servers, s.Summaries, s.Seeds, returns.New(s.Scope, s.Paths, s.Servers, s.Summaries, s.Seeds, &toolErrors))
}
