package load

import (
	"go/token"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/packages"
)

// writeModule writes files (path -> content) into a new module
// example.com/m and returns its directory.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files = maps.Clone(files)
	files["go.mod"] = "module example.com/m\n\ngo 1.22\n"
	for name, content := range files {
		write(t, filepath.Join(dir, name), content)
	}
	return dir
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	// A later write within the file system's time resolution must still
	// look changed.
	if fi, err := os.Stat(path); err == nil && fi.Size() == int64(len(content)) {
		content += "\n"
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Second)
	os.Chtimes(path, later, later)
}

func pkgNamed(g *Graph, path string) *packages.Package {
	for _, n := range g.nodes {
		if n.pkg.PkgPath == path && n.pkg.ForTest == "" {
			return n.pkg
		}
	}
	return nil
}

var twoPackages = map[string]string{
	"a/a.go": "package a\n\nimport \"fmt\"\n\nfunc A() string { return fmt.Sprint(1) }\n",
	"b/b.go": "package b\n\nimport \"example.com/m/a\"\n\nvar B = a.A()\n",
}

// TestSourceWhereAsked checks what comes from source: the named package,
// the dependencies Source names, and nothing else; and that only
// packages carrying facts have Imports, cut down to those.
func TestSourceWhereAsked(t *testing.T) {
	dir := writeModule(t, twoPackages)
	source := func(p *packages.Package) bool { return strings.HasPrefix(p.PkgPath, "example.com/m/") }
	g, err := Load(&Config{Dir: dir, Source: source}, "./b")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range g.Source() {
		got = append(got, p.PkgPath)
	}
	if strings.Join(got, " ") != "example.com/m/a example.com/m/b" {
		t.Errorf("from source: %v, want a and b", got)
	}
	b := g.Roots[0]
	if b.IllTyped || len(b.Syntax) != 1 || b.Types.Scope().Lookup("B") == nil {
		t.Fatalf("b not loaded from source: %v", b.Errors)
	}
	if len(b.Imports) != 1 || b.Imports["example.com/m/a"] == nil {
		t.Errorf("b's fact imports: %v, want a only", b.Imports)
	}
	if fmtPkg := pkgNamed(g, "fmt"); fmtPkg == nil || fmtPkg.Syntax != nil || !fmtPkg.Types.Complete() {
		t.Errorf("fmt should come complete from export data, without syntax")
	}

	// Without a Source function, a is export data: b's view of a.A is
	// then the one from the export data.
	g, err = Load(&Config{Dir: dir}, "./b")
	if err != nil {
		t.Fatal(err)
	}
	if a := pkgNamed(g, "example.com/m/a"); a.Syntax != nil || !a.Types.Complete() {
		t.Errorf("a should come from export data")
	}
}

// TestUpdate checks that Update checks again what an edit affects, keeps
// the rest, and refuses edits only a new go list can follow.
func TestUpdate(t *testing.T) {
	dir := writeModule(t, twoPackages)
	g, err := Load(&Config{Dir: dir}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	a, b, fmtPkg := pkgNamed(g, "example.com/m/a"), pkgNamed(g, "example.com/m/b"), pkgNamed(g, "fmt")
	fmtTypes, aTypes, bTypes := fmtPkg.Types, a.Types, b.Types

	if !g.Update(t.Context()) || a.Types != aTypes || b.Types != bTypes {
		t.Fatal("Update with no edit changed something")
	}

	// A type error in a: a and b are checked again, fmt is kept.
	write(t, filepath.Join(dir, "a/a.go"), "package a\n\nimport \"fmt\"\n\nfunc A() int { return fmt.Sprint(1) }\n")
	if !g.Update(t.Context()) {
		t.Fatal("Update refused a body edit")
	}
	if a.Types == aTypes || b.Types == bTypes || fmtPkg.Types != fmtTypes {
		t.Errorf("after an edit of a: a, b checked again = %v, %v; fmt kept = %v", a.Types != aTypes, b.Types != bTypes, fmtPkg.Types == fmtTypes)
	}
	if !a.IllTyped || len(a.TypeErrors) == 0 || !b.IllTyped {
		t.Errorf("the type error is not seen: a %v %v, b ill-typed %v", a.IllTyped, a.TypeErrors, b.IllTyped)
	}

	// Fixed again, with a new function b can see.
	write(t, filepath.Join(dir, "a/a.go"), "package a\n\nimport \"fmt\"\n\nfunc A() string { return fmt.Sprint(1) }\n\nfunc New() {}\n")
	if !g.Update(t.Context()) || a.IllTyped || b.IllTyped || a.Types.Scope().Lookup("New") == nil {
		t.Errorf("after the fix: a %v, b %v", a.Errors, b.Errors)
	}
	if imported := b.Types.Imports(); len(imported) != 1 || imported[0] != a.Types {
		t.Errorf("b imports %v, want the new a", imported)
	}

	for _, edit := range []struct{ name, file, content string }{
		{"new import", "a/a.go", "package a\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc A() string { return fmt.Sprint(os.Args) }\n"},
		{"new file", "a/more.go", "package a\n"},
		{"package clause", "b/b.go", "package c\n\nimport \"example.com/m/a\"\n\nvar B = a.A()\n"},
	} {
		g, err := Load(&Config{Dir: dir}, "./...")
		if err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(dir, edit.file), edit.content)
		if g.Update(t.Context()) {
			t.Errorf("%s: Update accepted an edit that changes go list's answer", edit.name)
		}
		os.Remove(filepath.Join(dir, "a/more.go"))
		write(t, filepath.Join(dir, "a/a.go"), twoPackages["a/a.go"])
		write(t, filepath.Join(dir, "b/b.go"), twoPackages["b/b.go"])
	}
}

// TestTestVariantSharesSyntax checks that a package's test variant holds
// the very syntax of the package's files, parsed once.
func TestTestVariantSharesSyntax(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"a/a.go":      "package a\n\nfunc A() int { return 1 }\n",
		"a/a_test.go": "package a\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) { A() }\n",
	})
	g, err := Load(&Config{Dir: dir, Tests: true}, "./a")
	if err != nil {
		t.Fatal(err)
	}
	var pkg, variant *packages.Package
	for _, p := range g.Roots {
		switch {
		case p.ID == "example.com/m/a":
			pkg = p
		case p.PkgPath == "example.com/m/a" && p.ForTest != "":
			variant = p
		}
	}
	if pkg == nil || variant == nil || len(pkg.Syntax) != 1 || len(variant.Syntax) != 2 {
		t.Fatalf("want a and its test variant, with 1 and 2 files; roots: %v", g.Roots)
	}
	if !slices.Contains(variant.Syntax, pkg.Syntax[0]) {
		t.Errorf("the test variant parsed a.go again")
	}
	if variant.IllTyped || pkg.IllTyped {
		t.Errorf("errors: %v %v", pkg.Errors, variant.Errors)
	}
	// Both have taken the syntax: the loader no longer holds it, so that
	// it is garbage once they drop it.
	for name, f := range g.loader.files {
		if f.file != nil {
			t.Errorf("the loader still holds the syntax of %s", name)
		}
	}
}

// TestParseAfterRelease checks that a package the loader did not count
// among a file's users still gets its syntax once the counted ones have
// taken it: a syntax of its own.
func TestParseAfterRelease(t *testing.T) {
	dir := writeModule(t, map[string]string{"a/a.go": "package a\n\nfunc A() int { return 1 }\n"})
	name := filepath.Join(dir, "a/a.go")
	l := &loader{Graph: &Graph{Fset: token.NewFileSet(), cfg: &Config{}}}
	l.countUsers([]*packages.Package{{CompiledGoFiles: []string{name}}})
	first, errs := l.parse([]string{name})
	if len(first) != 1 || len(errs) > 0 {
		t.Fatalf("first parse: %d files, errors %v", len(first), errs)
	}
	if l.files[name].file != nil {
		t.Errorf("the loader still holds the syntax its only user took")
	}
	again, errs := l.parse([]string{name})
	if len(again) != 1 || len(errs) > 0 {
		t.Fatalf("parse after release: %d files, errors %v", len(again), errs)
	}
	if again[0] == first[0] || again[0].Name.Name != "a" {
		t.Errorf("parse after release: want a syntax of its own of package a, got %v (the first: %v)", again[0], first[0])
	}
}

// TestDropCompilerReports checks that only go list's reports of the
// compiler's errors go, and that the caller's slice is left alone.
func TestDropCompilerReports(t *testing.T) {
	report := packages.Error{Msg: "# example.com/m\n./a.go:3:13: undefined: x", Kind: packages.ListError}
	list := packages.Error{Msg: "no Go files in /m", Kind: packages.ListError}
	typ := packages.Error{Pos: "a.go:3:13", Msg: "# not a report: a type error", Kind: packages.TypeError}
	errs := []packages.Error{report, list, typ}
	got := DropCompilerReports(errs)
	if want := []packages.Error{list, typ}; !slices.Equal(got, want) {
		t.Errorf("DropCompilerReports = %+v, want %+v", got, want)
	}
	if errs[0] != report || len(errs) != 3 {
		t.Errorf("the argument changed: %+v", errs)
	}
}

// TestUpdateFileSet checks that each Update that parses gets a FileSet of
// its own holding the files in use, so that a kept graph does not grow
// with every save, and that positions in the new syntax are right.
func TestUpdateFileSet(t *testing.T) {
	dir := writeModule(t, twoPackages)
	g, err := Load(&Config{Dir: dir}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	count := func(fset *token.FileSet) int {
		n := 0
		fset.Iterate(func(*token.File) bool { n++; return true })
		return n
	}
	first, files := g.Fset, count(g.Fset)
	for i := 1; i <= 3; i++ {
		prev := g.Fset
		// The function moves down by i lines.
		write(t, filepath.Join(dir, "a/a.go"), "package a\n\nimport \"fmt\"\n"+strings.Repeat("\n", i)+"\nfunc A() string { return fmt.Sprint(1) }\n")
		if !g.Update(t.Context()) {
			t.Fatal("Update refused a body edit")
		}
		if g.Fset == prev {
			t.Fatalf("update %d parsed into the FileSet of the one before", i)
		}
		if n := count(g.Fset); n != files {
			t.Errorf("update %d: %d files in the FileSet, want %d as after the load", i, n, files)
		}
		for _, n := range g.nodes {
			if n.pkg.Fset != g.Fset {
				t.Errorf("update %d: %s has another FileSet than the graph", i, n.pkg.ID)
			}
		}
		a := pkgNamed(g, "example.com/m/a")
		obj := a.Types.Scope().Lookup("A")
		if posn := g.Fset.Position(obj.Pos()); posn.Line != 5+i || filepath.Base(posn.Filename) != "a.go" {
			t.Errorf("update %d: A declared at %s, want a.go:%d", i, posn, 5+i)
		}
	}
	if count(first) != files {
		t.Errorf("the first FileSet changed: %d files, want %d", count(first), files)
	}

	// A refused update leaves the FileSet as it was.
	before := g.Fset
	write(t, filepath.Join(dir, "a/a.go"), "package a\n\nimport \"os\"\n\nfunc A() string { return os.Args[0] }\n")
	if g.Update(t.Context()) {
		t.Fatal("Update accepted a new import")
	}
	if g.Fset != before || count(before) != files {
		t.Errorf("a refused update changed the FileSet")
	}
}

// TestModfileInGOFLAGS loads a module with -modfile in GOFLAGS, as
// GOFLAGS=-modfile=alt.mod mcperrlint ./... does: the load must use the
// alternate go.mod, and go/packages' own go command outside module mode
// must not see the flag (it refuses it).
func TestModfileInGOFLAGS(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"alt.mod": "module example.com/alt\n\ngo 1.22\n",
		"a/a.go":  "package a\n\nfunc A() {}\n",
	})
	env := append(os.Environ(), "GOFLAGS=-modfile=alt.mod", "GOWORK=off")
	g, err := Load(&Config{Dir: dir, Env: env}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Roots) != 1 || g.Roots[0].PkgPath != "example.com/alt/a" || len(g.Roots[0].Errors) > 0 {
		for _, p := range g.Roots {
			t.Errorf("loaded %s, errors %v", p.PkgPath, p.Errors)
		}
		t.Fatal("want example.com/alt/a, from alt.mod, without errors")
	}
}

// TestEmbedPatternError checks that a package whose //go:embed pattern
// matches no file is broken: the type checker cannot see it, and go list
// reports it only when asked for the embedded files (or for export data,
// which the packages checked from source are not asked for).
func TestEmbedPatternError(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"e/e.go": "package e\n\nimport \"embed\"\n\n//go:embed docs\nvar Docs embed.FS\n",
	})
	g, err := Load(&Config{Dir: dir}, "./e")
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Roots) != 1 {
		t.Fatalf("roots: %v", g.Roots)
	}
	p := g.Roots[0]
	if !p.IllTyped || len(p.Errors) == 0 || !strings.Contains(p.Errors[0].Msg, "pattern docs") {
		t.Errorf("IllTyped %v, errors %v; want the embed pattern's error", p.IllTyped, p.Errors)
	}
}

// TestCgo checks that a package that uses cgo, and its test variant, are
// type-checked from the files cgo generates, which the graph's go list
// does not ask for: C's names resolve, and the user's files are still
// the package's GoFiles.
func TestCgo(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no C compiler:", err)
	}
	dir := writeModule(t, map[string]string{
		"c/c.go":      "package c\n\n// static int twice(int x) { return 2 * x; }\nimport \"C\"\n\nfunc Twice(x int) int { return int(C.twice(C.int(x))) }\n",
		"c/c_test.go": "package c\n\nimport \"testing\"\n\nfunc TestTwice(t *testing.T) { _ = Twice(1) }\n",
	})
	g, err := Load(&Config{Dir: dir, Tests: true}, "./c")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, p := range g.Roots {
		if strings.HasSuffix(p.ID, ".test") {
			continue // the test binary's main
		}
		checked++
		if p.IllTyped {
			t.Errorf("%s: %v", p.ID, p.Errors)
		}
		if slices.Equal(p.CompiledGoFiles, p.GoFiles) {
			t.Errorf("%s: CompiledGoFiles are the GoFiles %v, not cgo's output", p.ID, p.GoFiles)
		}
		if !slices.ContainsFunc(p.GoFiles, func(f string) bool { return filepath.Base(f) == "c.go" }) {
			t.Errorf("%s: GoFiles %v lack c.go", p.ID, p.GoFiles)
		}
	}
	if checked != 2 {
		t.Errorf("checked %d packages, want c and its test variant", checked)
	}
}

// TestListing checks how the loader calls go list, through a go command
// that logs its arguments: the graph without compiled files (which would
// run cgo on every cgo package of the build), then export data by a
// single go list -deps of the packages the source packages import, never
// of a package checked from source.
func TestListing(t *testing.T) {
	goCalls := logGoCommands(t)
	dir := writeModule(t, twoPackages)
	source := func(p *packages.Package) bool { return strings.HasPrefix(p.PkgPath, "example.com/m/") }
	g, err := Load(&Config{Dir: dir, Source: source}, "./b")
	if err != nil {
		t.Fatal(err)
	}
	if b := g.Roots[0]; b.IllTyped {
		t.Fatalf("b: %v", b.Errors)
	}
	var graphs, exports []string
	for _, line := range goCalls() {
		switch {
		case !strings.HasPrefix(line, "list ") || !strings.Contains(line, "-json"):
		case strings.Contains(line, "-export=true"):
			exports = append(exports, line)
		case strings.Contains(line, " ./b"):
			graphs = append(graphs, line)
		}
	}
	if len(graphs) != 1 || !strings.Contains(graphs[0], "-compiled=false") {
		t.Errorf("graph listed by %q, want one go list with -compiled=false", graphs)
	}
	if len(exports) != 1 {
		t.Fatalf("export data listed by %q, want one go list", exports)
	}
	// a imports fmt; b, and a through source, are never listed with
	// -export, which would compile them.
	if args := strings.Fields(exports[0]); !slices.Contains(args, "-deps=true") || !slices.Contains(args, "fmt") ||
		slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "example.com/m") }) {
		t.Errorf("export data listed by %q, want go list -deps=true of fmt alone", exports[0])
	}
}

// TestSwig checks that a package checked from source that has SWIG files
// has the graph listed again with compiled files, which go list generates
// for it as it does for cgo.
func TestSwig(t *testing.T) {
	goCalls := logGoCommands(t)
	dir := writeModule(t, map[string]string{
		"s/s.go":   "package s\n",
		"s/s.swig": "%module s\n",
	})
	if _, err := Load(&Config{Dir: dir}, "./s"); err != nil {
		t.Fatal(err)
	}
	var compiled []bool
	for _, line := range goCalls() {
		if strings.HasPrefix(line, "list ") && strings.HasSuffix(line, " ./s") {
			compiled = append(compiled, strings.Contains(line, "-compiled=true"))
		}
	}
	if !slices.Equal(compiled, []bool{false, true}) {
		t.Errorf("graph listed with -compiled %v, want false, then true", compiled)
	}
}

// logGoCommands puts a go command first on PATH that logs its arguments
// and runs the real one, and returns a function that reads the log, a
// command line each.
func logGoCommands(t *testing.T) func() []string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the logging go command is a shell script")
	}
	realGo, err := exec.LookPath("go")
	if err != nil {
		t.Skip(err)
	}
	bin, log := t.TempDir(), filepath.Join(t.TempDir(), "log")
	script := "#!/bin/sh\necho \"$*\" >> \"$GO_ARGS_LOG\"\nexec " + realGo + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "go"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("GO_ARGS_LOG", log)
	return func() []string {
		data, err := os.ReadFile(log)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(strings.TrimSpace(string(data)), "\n")
	}
}
