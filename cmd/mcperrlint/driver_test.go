package main_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestCommandLine checks what a new user sees first: help that names the
// subcommands, one line for a flag the command does not know, and a
// version that says which build it is.
func TestCommandLine(t *testing.T) {
	bin := buildCommand(t)
	dir := t.TempDir()
	for _, args := range [][]string{{"help"}, {"-h"}, {"-help"}} {
		out, code := run(t, dir, bin, args...)
		if code != 0 || !strings.Contains(out, "mcperrlint lsp") || !strings.Contains(out, "-fix") || !strings.Contains(out, "go vet -vettool") {
			t.Errorf("mcperrlint %s: exit %d, want 0 and help naming lsp, -fix and go vet:\n%s", args[0], code, out)
		}
	}

	out, code := run(t, dir, bin, "-bogus", "./...")
	want := "mcperrlint: flag provided but not defined: -bogus\nRun 'mcperrlint help' for usage.\n"
	if code != 2 || out != want {
		t.Errorf("unknown flag: exit %d, output\n%q\nwant exit 2 and\n%q", code, out, want)
	}

	out, code = run(t, dir, bin)
	if code != 2 || strings.Count(out, "\n") != 2 {
		t.Errorf("no packages: exit %d, want 2 and two lines:\n%s", code, out)
	}

	// go vet keys its cache on this line: it must end in the build ID.
	out, code = run(t, dir, bin, "-V=full")
	if !regexp.MustCompile(`^mcperrlint version \S+ .*buildID=[0-9a-f]{64}\n$`).MatchString(out) || code != 0 {
		t.Errorf("-V=full: exit %d, output %q", code, out)
	}
	if out, _ := run(t, dir, bin, "-V"); strings.Contains(out, "buildID") || !strings.HasPrefix(out, "mcperrlint version ") {
		t.Errorf("-V: %q", out)
	}

	// What a user asks: the module version, or (devel) for a build from
	// a clone that is not stamped (the tests build with -buildvcs=false
	// or not, as GOFLAGS says).
	for _, args := range [][]string{{"version"}, {"-version"}} {
		out, code := run(t, dir, bin, args...)
		if !regexp.MustCompile(`^mcperrlint version (\(devel\)|v\d+\.\d+\.\d+\S*)\n$`).MatchString(out) || code != 0 {
			t.Errorf("mcperrlint %s: exit %d, output %q, want the module version or (devel)", args[0], code, out)
		}
	}
}

// TestBrokenPackageAmongGoodOnes checks that a package that does not
// compile costs one line in the user's terms, and that the findings in
// the packages that do build are all still reported.
func TestBrokenPackageAmongGoodOnes(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	if testing.Short() {
		t.Skip("loads the real SDKs")
	}
	bin := buildCommand(t)
	dir := copyExample(t)
	broken := filepath.Join(dir, "broken")
	if err := os.Mkdir(broken, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(broken, "broken.go"), []byte("package broken\n\nfunc F() int { return \"x\" }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, code := run(t, dir, bin, "./...")
	if code != 1 {
		t.Errorf("exit %d, want 1 (a package could not be checked)", code)
	}
	var notChecked []string
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, " not checked: ") {
			notChecked = append(notChecked, line)
		}
	}
	wantLine := "mcperrlint: example.com/mcpservers/broken not checked: broken/broken.go:3:23: "
	if len(notChecked) != 1 || !strings.HasPrefix(notChecked[0], wantLine) {
		t.Errorf("want one line starting %q, got:\n%s", wantLine, out)
	}
	if internalPass.MatchString(out) || strings.Contains(out, "prerequisites") {
		t.Errorf("output names an internal pass:\n%s", out)
	}
	var got []string
	for _, d := range textDiagnostics(t, dir, out) {
		if file, line, ok := findingOf(d); ok {
			got = append(got, file+":"+line)
		}
	}
	var want []string
	for _, f := range expectedFindings(t) {
		fileLine, _, _ := strings.Cut(f, " ")
		want = append(want, fileLine)
	}
	slices.Sort(got)
	got = slices.Compact(got)
	if !slices.Equal(got, want) {
		t.Errorf("findings beside the broken package:\n got %v\nwant %v", got, want)
	}
}

// TestModfileInGOFLAGS runs GOFLAGS=-modfile=alt.mod mcperrlint ./... in
// a copy of the example whose requirements are only in alt.mod: every go
// command the driver runs must read alt.mod, and none may refuse the flag
// (go/packages runs one outside module mode, which does).
func TestModfileInGOFLAGS(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	if testing.Short() {
		t.Skip("builds the command and loads the real SDKs")
	}
	bin := buildCommand(t)
	dir := copyExample(t)
	for _, rename := range [][2]string{{"go.mod", "alt.mod"}, {"go.sum", "alt.sum"}} {
		if err := os.Rename(filepath.Join(dir, rename[0]), filepath.Join(dir, rename[1])); err != nil {
			t.Fatal(err)
		}
	}
	// A go.mod without the SDKs: read instead of alt.mod, nothing loads.
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/mcpservers\n\ngo 1.26.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, f := range expectedFindings(t) {
		fileLine, _, _ := strings.Cut(f, " ")
		want = append(want, fileLine)
	}
	_, stderr, code := runSplit(t, dir, []string{"GOFLAGS=-modfile=alt.mod"}, bin, "./...")
	var got []string
	for _, d := range textDiagnostics(t, dir, stderr) {
		if file, line, ok := findingOf(d); ok {
			got = append(got, file+":"+line)
		}
	}
	slices.Sort(got)
	if code != 3 || !slices.Equal(got, want) {
		t.Errorf("GOFLAGS=-modfile=alt.mod: exit %d, findings %q; want 3 and %q\n%s", code, got, want, stderr)
	}
}

// findingOf returns the file and line of a diagnostic line that is a
// finding, not related information (whose message starts with a tab).
func findingOf(diag string) (file, line string, ok bool) {
	m := diagLine.FindStringSubmatch(diag)
	if m == nil || strings.HasPrefix(m[4], "\t") {
		return "", "", false
	}
	return m[1], m[2], true
}

// TestDiffApplies checks that -fix -diff prints a patch that git apply
// takes, and that applying it gives the files -fix writes.
func TestDiffApplies(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	if testing.Short() {
		t.Skip("loads the real SDKs")
	}
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	bin := buildCommand(t)
	dir := copyExample(t)
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x"}} {
		if out, code := run(t, dir, git, args...); code != 0 {
			t.Fatalf("git %v: %s", args, out)
		}
	}
	cmd := exec.Command(bin, "-fix", "-diff", "./...")
	cmd.Dir = dir
	patch, err := cmd.Output()
	if err != nil {
		t.Fatalf("-fix -diff: %v", err)
	}
	if !strings.Contains(string(patch), "--- a/notes/notes.go\n+++ b/notes/notes.go\n") {
		t.Errorf("patch does not name files relative to the module, as git does:\n%s", patch)
	}
	for _, f := range exampleFiles {
		if readFile(t, dir, f) != readFile(t, exampleDir, f) {
			t.Errorf("-fix -diff changed %s", f)
		}
	}
	pfile := filepath.Join(t.TempDir(), "fix.diff")
	if err := os.WriteFile(pfile, patch, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, code := run(t, dir, git, "apply", "--check", pfile); code != 0 {
		t.Fatalf("git apply --check: %s\npatch:\n%s", out, patch)
	}
	if out, code := run(t, dir, git, "apply", pfile); code != 0 {
		t.Fatalf("git apply: %s", out)
	}
	for _, f := range exampleFiles {
		if got, want := readFile(t, dir, f), readFile(t, exampleDir, f+".golden"); got != want {
			t.Errorf("%s after git apply differs from %s.golden (what -fix writes):\n%s", f, f, got)
		}
	}
}

// TestSameAsGoVet checks that the standalone command, which loads only
// the packages mcperrlint summarizes from source, reports what go vet
// reports (every dependency analyzed, facts passed in files) and fixes
// what go fix fixes, on the example and on every testdata module; and,
// on the matrix modules' cross-package servers, that both report what
// the want comments say (checkCrossPackage).
func TestSameAsGoVet(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	if testing.Short() {
		t.Skip("loads the real SDKs")
	}
	bin := buildCommand(t)
	modules, err := filepath.Glob("../../testdata/modules/*")
	if err != nil {
		t.Fatal(err)
	}
	// fix says whether to compare -fix with go fix too: the SDKs' examples,
	// which have no goldens, are compared for what they report.
	type target struct {
		name, dir, pattern string
		fix                bool
	}
	var targets []target
	for _, src := range append([]string{exampleDir}, modules...) {
		if filepath.Base(src) == "mcpgo-middleware" {
			continue // where the drivers differ on purpose: TestMiddlewareElsewhere
		}
		targets = append(targets, target{filepath.Base(src), src, "./...", true})
	}
	// The SDKs' own examples, with the SDK as the module worked on.
	for _, mod := range []string{"github.com/modelcontextprotocol/go-sdk@v1.8.0", "github.com/mark3labs/mcp-go@v1.2.1"} {
		out, err := exec.Command("go", "mod", "download", "-json", mod).Output()
		if err != nil {
			t.Fatalf("go mod download %s: %v", mod, err)
		}
		var info struct{ Dir string }
		if err := json.Unmarshal(out, &info); err != nil {
			t.Fatal(err)
		}
		targets = append(targets, target{mod, info.Dir, "./examples/...", false})
	}
	for _, tg := range targets {
		t.Run(tg.name, func(t *testing.T) {
			t.Parallel()
			standalone, vet := copyModule(t, tg.dir), copyModule(t, tg.dir)
			out, code := run(t, standalone, bin, tg.pattern)
			vetOut, vetCode := run(t, vet, "go", "vet", "-vettool="+bin, tg.pattern)
			got, want := textDiagnostics(t, standalone, out), textDiagnostics(t, vet, vetOut)
			got = slices.Compact(got)
			want = slices.Compact(want)
			if len(want) == 0 {
				t.Fatalf("go vet reports nothing (exit %d):\n%s", vetCode, vetOut)
			}
			if !slices.Equal(got, want) || code != 3 {
				t.Errorf("standalone (exit %d) and go vet disagree:\nstandalone:\n%s\ngo vet:\n%s", code, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			checkCrossPackage(t, tg.name, standalone, got, want)

			// One package at a time, the packages it calls into are
			// dependencies, loaded for their summaries only: go vet's
			// result for a package does not depend on the pattern. Only
			// a package that imports another the pattern matches can
			// tell the two loads apart; one that imports none (every
			// SDK example) is loaded the same way either way.
			// Lines are compared by the directory of the file they name,
			// related information too, which may point elsewhere.
			importers := importersWithinPattern(t, standalone, tg.pattern)
			inImporters := func(line string) bool {
				file, _, _ := strings.Cut(line, ":")
				return slices.Contains(importers, path.Dir(file))
			}
			var each []string
			for _, dir := range importers {
				out, _ := run(t, standalone, bin, "./"+dir)
				each = append(each, slices.DeleteFunc(textDiagnostics(t, standalone, out), func(l string) bool { return !inImporters(l) })...)
			}
			wantEach := slices.DeleteFunc(slices.Clone(want), func(l string) bool { return !inImporters(l) })
			slices.Sort(each)
			if each = slices.Compact(each); !slices.Equal(each, wantEach) {
				t.Errorf("standalone run on one package at a time and go vet disagree:\nstandalone:\n%s\ngo vet:\n%s", strings.Join(each, "\n"), strings.Join(wantEach, "\n"))
			}

			if !tg.fix {
				return
			}
			if out, code := run(t, standalone, bin, "-fix", tg.pattern); code != 0 {
				t.Fatalf("-fix: exit %d\n%s", code, out)
			}
			if out, code := run(t, vet, "go", "fix", "-fixtool="+bin, tg.pattern); code != 0 {
				t.Fatalf("go fix: exit %d\n%s", code, out)
			}
			for _, pkg := range packageDirs(t, vet, tg.pattern) {
				files, _ := filepath.Glob(filepath.Join(vet, pkg, "*.go"))
				for _, f := range files {
					rel, _ := filepath.Rel(vet, f)
					if readFile(t, standalone, rel) != readFile(t, vet, rel) {
						t.Errorf("%s: -fix and go fix -fixtool write different files", rel)
					}
				}
			}
		})
	}
}

// copyModule copies the module at src to a temporary directory, pointing
// a replace directive of this repository (the example has one) back at it.
func copyModule(t *testing.T, src string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	gomod := filepath.Join(dir, "go.mod")
	data, err := os.ReadFile(gomod)
	if err != nil {
		t.Fatal(err)
	}
	fixed := strings.ReplaceAll(string(data), "=> ../..\n", "=> "+root+"\n")
	if err := os.WriteFile(gomod, []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// packageDirs returns "./dir" for each directory that holds Go files under
// root and under the directory pattern ("./..." or "./dir/...") names.
// importersWithinPattern returns the directories, relative to root and
// slash-separated, of the packages matching pattern that import another
// package matching it.
func importersWithinPattern(t *testing.T, root, pattern string) []string {
	t.Helper()
	out, stderr, code := runSplit(t, root, nil, "go", "list", "-e", "-f", `{{.Dir}}{{"\t"}}{{.ImportPath}}{{"\t"}}{{join .Imports " "}}`, pattern)
	if code != 0 {
		t.Fatalf("go list %s: exit %d\n%s", pattern, code, stderr)
	}
	type listed struct {
		dir, path string
		imports   []string
	}
	var pkgs []listed
	matched := make(map[string]bool)
	for line := range strings.Lines(out) {
		fields := strings.Split(strings.TrimSuffix(line, "\n"), "\t")
		if len(fields) != 3 {
			t.Fatalf("go list %s: unexpected line %q", pattern, line)
		}
		pkgs = append(pkgs, listed{fields[0], fields[1], strings.Fields(fields[2])})
		matched[fields[1]] = true
	}
	var dirs []string
	for _, p := range pkgs {
		if !slices.ContainsFunc(p.imports, func(imp string) bool { return matched[imp] }) {
			continue
		}
		rel, err := filepath.Rel(root, p.dir)
		if err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, filepath.ToSlash(rel))
	}
	return dirs
}

func packageDirs(t *testing.T, root, pattern string) []string {
	t.Helper()
	var dirs []string
	under := filepath.Join(root, strings.TrimSuffix(pattern, "..."))
	err := filepath.WalkDir(under, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		dirs = append(dirs, "./"+filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(dirs)
	return slices.Compact(dirs)
}

// internalPass matches the names of the passes the mcperrlint analyzer
// requires, which users never configure and output never names (not in
// an import path: the example's module is example.com/mcpservers).
var internalPass = regexp.MustCompile(`\bmcp(scope|handlers|servers|summaries|returns|assertions|unflagged|sdkversion)\b(?:[^/]|$)`)

// TestProfiles checks that -cpuprofile, -memprofile and -trace each write
// their file, in the form go tool pprof and go tool trace read, and leave
// the findings as they are.
func TestProfiles(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the command and loads the real SDKs")
	}
	bin := buildCommand(t)
	want, code := run(t, exampleDir, bin, "-json", "./...")
	if code != 0 {
		t.Fatalf("-json: exit %d\n%s", code, want)
	}
	dir := t.TempDir()
	cpu, mem, trace := filepath.Join(dir, "cpu"), filepath.Join(dir, "mem"), filepath.Join(dir, "trace")
	got, code := run(t, exampleDir, bin, "-json", "-cpuprofile", cpu, "-memprofile", mem, "-trace", trace, "./...")
	if code != 0 || got != want {
		t.Errorf("with the profiles: exit %d, output\n%s\nwant exit 0 and\n%s", code, got, want)
	}
	for file, header := range map[string]string{cpu: "\x1f\x8b", mem: "\x1f\x8b", trace: "go 1."} {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Error(err)
			continue
		}
		if !strings.HasPrefix(string(b), header) {
			t.Errorf("%s starts %q, want %q (gzipped profile.proto; a Go execution trace)", filepath.Base(file), b[:min(len(b), 8)], header)
		}
	}
}
