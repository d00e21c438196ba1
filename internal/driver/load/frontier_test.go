package load

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestGuessFrontier checks which imports the guess reads: those outside
// the module of the directories go list's patterns match, with the test
// main's for test files, whatever the build constraints; and that it
// gives up on patterns it cannot read as directories and on a module
// that vendors.
func TestGuessFrontier(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"a/a.go":             "package a\n\nimport (\n\t\"fmt\"\n\t\"unsafe\"\n\n\t\"example.com/m/b\"\n\t\"example.org/x\"\n)\n",
		"a/a_test.go":        "package a\n\nimport \"strings\"\n",
		"a/windows.go":       "//go:build windows\n\npackage a\n\nimport \"golang.org/x/sys/windows\"\n",
		"a/cgo.go":           "package a\n\nimport \"C\"\n",
		"b/b.go":             "package b\n\nimport \"errors\"\n",
		"b/testdata/t.go":    "package t\n\nimport \"net/http\"\n",
		"b/_skip/s.go":       "package s\n\nimport \"net/mail\"\n",
		"b/.hidden/h.go":     "package h\n\nimport \"net/smtp\"\n",
		"nested/go.mod":      "module example.com/nested\n",
		"nested/n.go":        "package n\n\nimport \"os/exec\"\n",
		"top.go":             "package m\n\nimport \"io\"\n",
		"b/notgo.txt":        "import \"log\"\n",
		"a/broken_syntax.go": "package a\n\nimport \"bufio\"\n\nfunc (",
	})
	testMain := []string{"os", "reflect", "testing", "testing/internal/testdeps"}
	for _, tc := range []struct {
		dir      string
		patterns []string
		tests    bool
		want     []string
	}{
		{dir, []string{"./..."}, false, []string{"bufio", "errors", "example.org/x", "fmt", "golang.org/x/sys/windows", "io"}},
		{dir, []string{"./..."}, true, append([]string{"bufio", "errors", "example.org/x", "fmt", "golang.org/x/sys/windows", "io", "strings"}, testMain...)},
		{dir, []string{"."}, true, []string{"io"}},
		{dir, []string{"./b/...", "./a"}, false, []string{"bufio", "errors", "example.org/x", "fmt", "golang.org/x/sys/windows"}},
		{filepath.Join(dir, "b"), []string{"."}, false, []string{"errors"}},
		{dir, []string{"example.com/m/..."}, false, nil},
		{dir, []string{"./...", "fmt"}, false, nil},
		{t.TempDir(), []string{"./..."}, false, nil}, // no module
	} {
		got := guessFrontier(tc.dir, tc.patterns, tc.tests)
		slices.Sort(tc.want)
		if !slices.Equal(got, tc.want) {
			t.Errorf("guessFrontier(%s, %q, tests=%t) = %q, want %q", tc.dir, tc.patterns, tc.tests, got, tc.want)
		}
	}

	// Relative to the working directory, as the command gives it.
	t.Chdir(filepath.Join(dir, "a"))
	for _, d := range []string{"", ".", "../b"} {
		want := []string{"bufio", "example.org/x", "fmt", "golang.org/x/sys/windows"}
		if d == "../b" {
			want = []string{"errors"}
		}
		if got := guessFrontier(d, []string{"."}, false); !slices.Equal(got, want) {
			t.Errorf("guessFrontier(%q, [.]) in a = %q, want %q", d, got, want)
		}
	}

	write(t, filepath.Join(dir, "vendor/modules.txt"), "")
	if got := guessFrontier(dir, []string{"./..."}, false); got != nil {
		t.Errorf("with a vendor directory: %q, want nil", got)
	}
}

// TestExportFilesFromTheGuess checks that readExportFiles takes the
// export data of what the guess listed from that listing, and lists
// again what it missed or could not compile.
func TestExportFilesFromTheGuess(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"a/a.go": "package a\n\nfunc A() int { return 1 }\n",
		"b/b.go": "package b\n\nimport (\n\t\"errors\"\n\n\t\"example.com/m/a\"\n)\n\nvar B = errors.New(string(rune(a.A())))\n",
	})
	g, err := Start(&Config{Dir: dir, Defer: true}, "./b")
	if err != nil {
		t.Fatal(err)
	}
	a, errs := g.nodes["example.com/m/a"], g.nodes["errors"]
	if a == nil || errs == nil || a.source || errs.source {
		t.Fatalf("want a and errors read from export data; got %+v and %+v", a, errs)
	}
	// The frontier of b is errors and a; the guess listed errors and
	// what is below it, and a, which imports nothing, without export
	// data, as when go.mod read-only does not provide it.
	fromGuess := make(map[string]string)
	for _, n := range g.nodes {
		if !n.source {
			fromGuess[n.pkg.PkgPath] = "listed by the guess"
			n.pkg.ExportFile = ""
		}
	}
	fromGuess[a.pkg.PkgPath] = ""
	guessed := make(chan exportListing, 1)
	guessed <- exportListing{export: fromGuess}
	if err := g.readExportFiles(&packages.Config{Dir: dir}, guessed); err != nil {
		t.Fatal(err)
	}
	if got := errs.pkg.ExportFile; got != "listed by the guess" {
		t.Errorf("errors: export data %q, want the guess's", got)
	}
	if a.source || a.pkg.ExportFile == "" {
		t.Errorf("a, which the guess missed: source %t, export data %q", a.source, a.pkg.ExportFile)
	} else if _, err := os.Stat(a.pkg.ExportFile); err != nil {
		t.Errorf("a's export data: %v", err)
	}
}

// TestGuessLeavesGoModAlone checks that listing the guess, which may
// import what the build does not (a file it excludes), does not make the
// go command add a requirement to go.mod, as -mod=mod lets it for a
// module that only a replace names.
func TestGuessLeavesGoModAlone(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"a/a.go":       "package a\n\nimport \"fmt\"\n\nvar A = fmt.Sprint(1)\n",
		"a/ignored.go": "//go:build ignore\n\npackage a\n\nimport _ \"example.org/dep\"\n",
		"dep/go.mod":   "module example.org/dep\n\ngo 1.22\n",
		"dep/dep.go":   "package dep\n",
	})
	gomod := "module example.com/m\n\ngo 1.22\n\nreplace example.org/dep => ./dep\n"
	write(t, filepath.Join(dir, "go.mod"), gomod)
	if got := guessFrontier(dir, []string{"./..."}, false); !slices.Contains(got, "example.org/dep") {
		t.Fatalf("the guess %q does not hold example.org/dep: the test tests nothing", got)
	}
	env := append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
	g, err := Load(&Config{Dir: dir, Env: env}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if a := pkgNamed(g, "example.com/m/a"); a == nil || a.IllTyped {
		t.Errorf("a: %+v", a)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "go.mod")); string(b) != gomod {
		t.Errorf("go.mod changed:\n%s", b)
	}
}
