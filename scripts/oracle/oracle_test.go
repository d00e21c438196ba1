package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcperrlint/mcperrlint/internal/testbin"
)

// seedTools and seedSeed are the seed set that go test judges: one
// module per flavor (both SDKs at two versions each), the issue's
// shapes first in every package list, then tools drawn from the grammar.
const (
	seedTools = 100
	seedSeed  = 1
	// seedPerPkg is small so that the seed set has packages after the
	// forced shapes' two plain ones: those draw server middleware.
	seedPerPkg = 8
)

// A knownDisagreement is a production on which mcperrlint at HEAD and the
// SDK disagree, with the reason. The test fails on a disagreement no
// entry matches, and on an entry no disagreement of the seed set matches
// any more (it was fixed: remove it, so the list only shrinks).
type knownDisagreement struct {
	name   string
	reason string
	match  func(j *Judged) bool
}

func hasWrapper(t *Tool, kinds ...wrapperKind) bool {
	return slices.ContainsFunc(t.Wrappers, func(w wrapper) bool { return slices.Contains(kinds, w.Kind) })
}

func hasMiddleware(t *Tool, mws ...middleware) bool {
	return slices.ContainsFunc(t.Pkg.Middleware, func(m middleware) bool { return slices.Contains(mws, m) })
}

// known are the disagreements of mcperrlint at the commit this list was
// last brought up to date with (none: the seed set agrees site for site);
// docs/how-it-works.md shows the large run's and why each is kept.
var known = []knownDisagreement{}

// causeHas matches a disagreement whose Cause contains one of subs.
func causeHas(subs ...string) func(*Judged) bool {
	return func(j *Judged) bool {
		c := Cause(j)
		return slices.ContainsFunc(subs, func(s string) bool { return strings.Contains(c, s) })
	}
}

// TestSeedSet generates the seed set, calls every site through the SDKs'
// own clients, and compares mcperrlint's verdicts and -fix with what the
// clients saw.
func TestSeedSet(t *testing.T) {
	if testing.Short() {
		t.Skip("builds servers on the real SDKs")
	}
	bin := testbin.Mcperrlint(t)
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	results, err := Run(Config{Tools: seedTools, Seed: seedSeed, PerPkg: seedPerPkg, Bin: bin, Dir: t.TempDir(), Fix: true, Oracle: wd, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(log.String())
	judgeSeedSet(t, results, known)
}

func judgeSeedSet(t *testing.T, results []*ModuleResult, known []knownDisagreement) {
	t.Helper()
	matched := make([]int, len(known))
	var sites, disagree int
	for _, r := range results {
		for _, s := range r.Stray {
			t.Errorf("%s: report on a line no site's chain names: %s", r.Module.Flavor.Name, s)
		}
		// The lines of the known false reports: their fixes change
		// what the client sees for every site through them.
		falseLines := map[string]bool{}
		for _, j := range r.Judged {
			if j.Problem != "" || j.Agrees() {
				continue
			}
			if i := slices.IndexFunc(known, func(k knownDisagreement) bool { return k.match(j) }); i >= 0 && j.Verdict {
				for _, d := range j.Diags {
					file, line, _ := strings.Cut(strings.TrimPrefix(d.Posn, r.Dir+string(filepath.Separator)), ":")
					line, _, _ = strings.Cut(line, ":")
					falseLines[filepath.ToSlash(file)+":"+line] = true
				}
			}
		}
		for _, j := range r.Judged {
			sites++
			where := fmt.Sprintf("%s %s (%s)", r.Module.Flavor.Name, j.Site.ID, j.Site.Tool.Derivation())
			if j.Problem != "" {
				t.Errorf("%s: the generated call does not reach the site: %s", where, j.Problem)
				continue
			}
			if j.Agrees() {
				if j.FixBad != "" && !slices.ContainsFunc(j.Chain, func(l string) bool { return falseLines[l] }) {
					t.Errorf("%s: %s", where, j.FixBad)
				}
				continue
			}
			disagree++
			i := slices.IndexFunc(known, func(k knownDisagreement) bool { return k.match(j) })
			if i < 0 {
				t.Errorf("%s: new disagreement: %s: the client got %s, mcperrlint reports %v on %v",
					where, Cause(j), j.Obs, j.Verdict, j.Lines)
				continue
			}
			// A false report's fix changes what the client sees: part
			// of the known disagreement.
			matched[i]++
		}
	}
	for i, k := range known {
		if matched[i] == 0 {
			t.Errorf("known disagreement %q no longer occurs in the seed set: remove it from known", k.name)
		}
	}
	t.Logf("%d sites, %d agree, %d known disagreements", sites, sites-disagree, disagree)
}

// TestDeterministic checks that a seed always yields the same module and
// that every generated file is gofmt'd Go (Generate formats each).
func TestDeterministic(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, fl := range Flavors {
		a, err := Generate(fl, 3, 120, 25, wd)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Generate(fl, 3, 120, 25, wd)
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Files) != len(b.Files) {
			t.Fatalf("%s: %d files, then %d", fl.Name, len(a.Files), len(b.Files))
		}
		for name, src := range a.Files {
			if string(b.Files[name]) != string(src) {
				t.Errorf("%s: %s differs between two runs of one seed", fl.Name, name)
			}
		}
		c, err := Generate(fl, 4, 120, 25, wd)
		if err != nil {
			t.Fatal(err)
		}
		if string(c.Files["m002/server.go"]) == string(a.Files["m002/server.go"]) {
			t.Errorf("%s: seeds 3 and 4 generate the same m002", fl.Name)
		}
		if _, err := os.Stat(filepath.Join(wd, "testdata", fl.Name, "go.sum")); err != nil {
			t.Error(err)
		}
	}
}
