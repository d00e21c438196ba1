package analyzer_test

// Robustness: the linter never panics, and gives a clear message or a
// correct result, on any input. The hermetic inputs are the robust_*
// packages under testdata/src:
//
//   - robust_shapes, robust_odd, robust_generics, robust_mcpgo: odd but
//     valid handler shapes, with // want comments and goldens
//     (scripts/golden.sh);
//   - robust_bugs, robust_bugs_tool_errors: cases the analyzer gets wrong
//     once, with the expectation the README promises (TestRobustRegressions);
//   - robust_broken_types, robust_broken_syntax: packages that do not
//     type-check or parse; robust_broken_dep: a valid package importing
//     one that does not type-check;
//   - robust_cgo: a valid package with cgo.

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/analyzer"
	"github.com/mcperrlint/mcperrlint/internal/testbin"
)

// TestRobustFamilies runs the odd-shape families: diagnostics against the
// // want comments, fixes against the goldens (which
// TestFixIsIdempotent also type-checks).
func TestRobustFamilies(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	families := []string{"robust_shapes", "robust_odd", "robust_generics", "robust_mcpgo"}
	analysistest.RunWithSuggestedFixes(t, testbin.Testdata(t), analyzer.Analyzer, families...)
}

// TestRobustRegressions holds the analyzer to the README on the cases the
// robustness work found it getting wrong (each file of
// testdata/src/robust_bugs says what was wrong and why).
func TestRobustRegressions(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	results := analysistest.Run(t, testbin.Testdata(t), analyzer.Analyzer, "robust_bugs")
	// genericresult.go: the diagnostic is right, but a fix returning
	// *mcp.CallToolResult from a function whose result is a type
	// parameter would not compile.
	for _, res := range results {
		for _, d := range res.Diagnostics {
			posn := res.Pass.Fset.Position(d.Pos)
			if filepath.Base(posn.Filename) == "genericresult.go" && len(d.SuggestedFixes) > 0 {
				t.Errorf("%s: a fix is offered where the result type is a type parameter; it would not compile", posn)
			}
		}
	}
	toolErrors := analyzer.New(analyzer.Config{ToolErrors: true})
	analysistest.Run(t, testbin.Testdata(t), toolErrors, "robust_bugs_tool_errors")
}

// robustPackages are the packages the driver tests run on; bad ones do
// not type-check, wantErr is where the first error must be reported.
// A robustPackage is a package of testdata/src that the robustness tests
// load as drivers do.
type robustPackage struct {
	name    string
	wantErr string // "file:line:col" of the first error; "" for a valid package
}

var robustPackages = []robustPackage{
	{"robust_broken_types", "types.go:21:20"},
	{"robust_broken_syntax", "syntax.go:17:29"},
	{"robust_broken_dep", "../robust_broken_types/types.go:21:20"},
	{"robust_cgo", ""},
	{"robust_generics", ""},
}

var wantComment = regexp.MustCompile("// want (`[^`]*`|\"(?:[^\"\\\\]|\\\\.)*\")")

// wantedFindings returns, for each "file.go:line" of dir with a // want
// comment, the pattern the diagnostic there must match.
func wantedFindings(t *testing.T, dir string) map[string]*regexp.Regexp {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	want := make(map[string]*regexp.Regexp)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			m := wantComment.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			pattern := strings.Trim(m[1], "`")
			if m[1][0] == '"' {
				if pattern, err = strconv.Unquote(m[1]); err != nil {
					t.Fatalf("%s:%d: %v", f, i+1, err)
				}
			}
			want[filepath.Base(f)+":"+strconv.Itoa(i+1)] = regexp.MustCompile(pattern)
		}
	}
	return want
}

// checkFindings compares "file.go:line" -> message findings with the
// // want comments of dir.
func checkFindings(t *testing.T, dir string, got map[string]string) {
	t.Helper()
	want := wantedFindings(t, dir)
	if len(want) == 0 {
		t.Fatalf("no // want comments in %s", dir)
	}
	for at, re := range want {
		if msg, ok := got[at]; !ok {
			t.Errorf("%s: no diagnostic, want one matching %q", at, re)
		} else if !re.MatchString(msg) {
			t.Errorf("%s: diagnostic %q does not match %q", at, msg, re)
		}
	}
	for at, msg := range got {
		if want[at] == nil {
			t.Errorf("%s: unexpected diagnostic %q", at, msg)
		}
	}
}

// analyze runs a with the checker in this goroutine, so that a panic in
// any pass fails the test, naming the packages, instead of crashing the
// test binary.
func analyze(t *testing.T, a *analysis.Analyzer, pkgs []*packages.Package) *checker.Graph {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			var paths []string
			for _, p := range pkgs {
				paths = append(paths, p.PkgPath)
			}
			t.Fatalf("analyzing %v panicked: %v\n%s", paths, r, debug.Stack())
		}
	}()
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, &checker.Options{Sequential: true})
	if err != nil {
		t.Fatal(err)
	}
	return graph
}

// loadRobustPackages loads the packages of cases in one load, so that
// the standard library they import is type-checked from source once, and
// returns each case's package (a list, as drivers hand them over).
func loadRobustPackages(t *testing.T, gopath string, cases []robustPackage) map[string][]*packages.Package {
	t.Helper()
	var names []string
	for _, tc := range cases {
		names = append(names, tc.name)
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: filepath.Join(gopath, "src"), Env: testbin.GopathEnv(gopath)}
	pkgs, err := packages.Load(cfg, names...)
	if err != nil {
		t.Fatal(err)
	}
	out := make(map[string][]*packages.Package)
	for _, p := range pkgs {
		out[p.PkgPath] = append(out[p.PkgPath], p)
	}
	for _, name := range names {
		if len(out[name]) == 0 {
			t.Fatalf("loading %s: no package", name)
		}
	}
	return out
}

// TestBrokenInputInProcess loads each package the way drivers do and runs
// the analyzer with the checker: package errors name the file, the
// analyzer is skipped (not crashed) on broken packages, and valid ones,
// cgo and generics included, get exactly the expected diagnostics, at
// positions in the user's files.
func TestBrokenInputInProcess(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	gopath := testbin.Testdata(t)
	loaded := loadRobustPackages(t, gopath, robustPackages)
	for _, tc := range robustPackages {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(gopath, "src", tc.name)
			pkgs := loaded[tc.name]
			loadErrs := loadErrors(pkgs)
			graph := analyze(t, analyzer.Analyzer, pkgs)
			got := make(map[string]string)
			for _, act := range graph.Roots {
				if tc.wantErr != "" {
					if act.Err == nil {
						t.Errorf("%s: ran on a package with errors; want it skipped", act)
					}
					if len(act.Diagnostics) > 0 {
						t.Errorf("%s: %d diagnostics on a package with errors", act, len(act.Diagnostics))
					}
					continue
				}
				if act.Err != nil {
					t.Errorf("%s: %v", act, act.Err)
				}
				for _, d := range act.Diagnostics {
					posn := act.Package.Fset.Position(d.Pos)
					got[filepath.Base(posn.Filename)+":"+strconv.Itoa(posn.Line)] = d.Message
				}
			}
			if tc.wantErr == "" {
				if len(loadErrs) > 0 {
					t.Fatalf("valid package has errors:\n%s", strings.Join(loadErrs, "\n"))
				}
				checkFindings(t, dir, got)
				return
			}
			if len(loadErrs) == 0 || !strings.Contains(loadErrs[0], filepath.Join(dir, tc.wantErr)) {
				t.Errorf("first package error should name %s:\n%s", tc.wantErr, strings.Join(loadErrs, "\n"))
			}
		})
	}
}

// TestRobustCgoWant runs the cgo package through analysistest too: the
// analyzer sees cgo's generated files, and the positions it reports (and
// the // want comments) must map back to the user's file.
func TestRobustCgoWant(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	analysistest.Run(t, testbin.Testdata(t), analyzer.Analyzer, "robust_cgo")
}

// ignoreErrors clears IllTyped on pkgs and everything they import, so
// that the checker runs every analyzer on them as a driver that ignored
// RunDespiteErrors would. It changes only these packages, which the
// caller loaded for itself, never an analyzer: tests using it can run in
// parallel.
func ignoreErrors(pkgs []*packages.Package) {
	packages.Visit(pkgs, nil, func(p *packages.Package) { p.IllTyped = false })
}

// TestBrokenInputDespiteErrors runs the analyzer the way a driver that
// ignored RunDespiteErrors would (the guarantee mcpssa documents): on
// packages that do not type-check, a pass may fail, but with an error
// naming the package, never with a panic.
func TestBrokenInputDespiteErrors(t *testing.T) {
	t.Parallel() // it changes only its own packages and analyzer
	gopath := testbin.Testdata(t)
	var broken []robustPackage
	for _, tc := range robustPackages {
		if tc.wantErr != "" {
			broken = append(broken, tc)
		}
	}
	// A load of its own: ignoreErrors changes the packages and their
	// imports, which TestBrokenInputInProcess's load must not see.
	loaded := loadRobustPackages(t, gopath, broken)
	for _, tc := range broken {
		t.Run(tc.name, func(t *testing.T) {
			pkgs := loaded[tc.name]
			ignoreErrors(pkgs)
			graph := analyze(t, analyzer.New(analyzer.Config{}), pkgs)
			for act := range graph.All() {
				// An analysis that needs facts from a dependency that failed
				// fails too, naming that dependency.
				if act.Err != nil && !strings.Contains(act.Err.Error(), act.Package.PkgPath) &&
					!strings.HasPrefix(act.Err.Error(), "failed prerequisites: ") {
					t.Errorf("%s: error does not name the package: %v", act, act.Err)
				}
				if act.Err != nil {
					t.Logf("%s: %v", act, act.Err)
				}
			}
		})
	}
}

// buildMcperrlint returns the command, built once per test run.
func buildMcperrlint(t *testing.T) string {
	t.Helper()
	return testbin.Mcperrlint(t)
}

// TestMain removes the binaries the tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	testbin.Cleanup()
	os.Exit(code)
}

// runIn runs name in dir with env and returns stdout, stderr and the exit
// code.
func runIn(t *testing.T, dir string, env []string, name string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return stdout.String(), stderr.String(), 0
	case errors.As(err, &exit):
		return stdout.String(), stderr.String(), exit.ExitCode()
	}
	t.Fatalf("%s %v: %v", name, args, err)
	return "", "", 0
}

// assertNoPanic fails if output looks like a Go panic or crash dump.
func assertNoPanic(t *testing.T, what, output string) {
	t.Helper()
	if strings.Contains(output, "panic:") || strings.Contains(output, "goroutine ") {
		t.Errorf("%s crashed:\n%s", what, output)
	}
}

// diagnosticLine is a finding of the text output; related information
// lines have a message that starts with a tab.
var diagnosticLine = regexp.MustCompile(`^(\S+\.go):(\d+):\d+: ([^\t].*)$`)

// TestBrokenInputCommand runs the mcperrlint command as users do, in
// every mode, on each package: never a crash; for broken packages exit
// status 1 and the error's file:line:col (also with -json and as a vet
// tool); for valid ones exactly the expected findings and exit status 3;
// and -fix on the cgo package.
func TestBrokenInputCommand(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	bin := buildMcperrlint(t)
	gopath := testbin.Testdata(t)
	env := testbin.GopathEnv(gopath)
	for _, tc := range robustPackages {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(gopath, "src", tc.name)
			stdout, stderr, code := runIn(t, dir, env, bin, ".")
			assertNoPanic(t, "mcperrlint", stdout+stderr)
			if tc.wantErr != "" {
				if code != 1 {
					t.Errorf("exit status %d on a broken package, want 1", code)
				}
				// One line in the user's terms: the package, that it was
				// not checked, and the first error's position, relative to
				// the working directory when it is below it.
				pos := filepath.Join(dir, tc.wantErr)
				if rel, err := filepath.Rel(dir, pos); err == nil && !strings.HasPrefix(rel, "..") {
					pos = rel
				}
				lines := strings.Split(strings.TrimSpace(stderr), "\n")
				if len(lines) != 1 || !strings.HasPrefix(lines[0], "mcperrlint: "+tc.name+" not checked: ") || !strings.Contains(lines[0], pos+": ") {
					t.Errorf("want one line saying %s was not checked, naming %s; got:\n%s", tc.name, pos, stderr)
				}
				// -json: the same line on stderr, valid JSON on stdout.
				stdout, stderr, code = runIn(t, dir, env, bin, "-json", ".")
				assertNoPanic(t, "mcperrlint -json", stdout+stderr)
				if code != 1 || !strings.Contains(stderr, pos+": ") || !json.Valid([]byte(stdout)) {
					t.Errorf("-json: exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
				}
				// go vet type-checks before it runs the tool.
				stdout, stderr, code = runIn(t, dir, env, "go", "vet", "-vettool="+bin, ".")
				assertNoPanic(t, "go vet -vettool", stdout+stderr)
				if file, _, _ := strings.Cut(tc.wantErr, ":"); code == 0 || !strings.Contains(stderr, file) {
					t.Errorf("go vet -vettool: exit %d, output:\n%s", code, stdout+stderr)
				}
				return
			}
			if code != 3 {
				t.Errorf("exit status %d, want 3 (findings)\n%s", code, stderr)
			}
			got := make(map[string]string)
			for _, line := range strings.Split(stderr, "\n") {
				if m := diagnosticLine.FindStringSubmatch(line); m != nil {
					got[filepath.Base(m[1])+":"+m[2]] = m[3]
				}
			}
			checkFindings(t, dir, got)
		})
	}
	t.Run("robust_cgo_fix", func(t *testing.T) { testCgoFix(t, bin) })
}

// testCgoFix runs -fix on a copy of the cgo package. The analyzer's fixes
// there edit cgo's generated files, which the driver skips (it never
// edits generated files): the user's file must be left unchanged, or
// else fixed and still building; nothing may crash.
func testCgoFix(t *testing.T, bin string) {
	src := filepath.Join(testbin.Testdata(t), "src")
	gopath := t.TempDir()
	for _, dir := range []string{"github.com", "robust_cgo"} {
		if err := os.CopyFS(filepath.Join(gopath, "src", dir), os.DirFS(filepath.Join(src, dir))); err != nil {
			t.Fatal(err)
		}
	}
	dir := filepath.Join(gopath, "src", "robust_cgo")
	env := testbin.GopathEnv(gopath)
	before, _ := os.ReadFile(filepath.Join(dir, "cgo.go"))
	stdout, stderr, code := runIn(t, dir, env, bin, "-fix", ".")
	assertNoPanic(t, "mcperrlint -fix", stdout+stderr)
	if code != 0 && code != 3 {
		t.Errorf("-fix: exit status %d\n%s", code, stdout+stderr)
	}
	after, _ := os.ReadFile(filepath.Join(dir, "cgo.go"))
	stdout, stderr, code = runIn(t, dir, env, bin, ".")
	assertNoPanic(t, "mcperrlint", stdout+stderr)
	if bytes.Equal(before, after) {
		// Nothing applied: the findings must still be reported.
		if code != 3 {
			t.Errorf("-fix changed nothing, and then exit status is %d, want 3\n%s", code, stderr)
		}
		return
	}
	if out, errs, code := runIn(t, dir, env, "go", "vet", "."); code != 0 {
		t.Errorf("-fix broke the cgo package:\n%s%s", out, errs)
	}
	if code != 0 {
		t.Errorf("after -fix: exit status %d, want 0\n%s", code, stderr)
	}
}

// TestStdAndXTools runs the analyzer in process over the standard
// library and golang.org/x/tools/..., in one load (x/tools imports much of
// std, which one load type-checks once): zero diagnostics, no analysis
// errors, no panic.
//
// Std imports no MCP SDK, so what it exercises is the per-package SDK
// lookup and the driver plumbing on every kind of package (cgo, assembly,
// generics, build tags, huge files), not the handler analysis, which the
// families above cover. x/tools adds 216 packages of large,
// generics-heavy Go with no MCP code.
//
// The x/tools pattern is the module this module requires (v0.52.0; gopls
// is another module, not included). Both load from source, so that they
// need no compiled export data. 8 packages of x/tools (present, blog,
// cmd/present, cmd/present2md, cmd/html2article, playground/socket,
// cmd/deadcode, cmd/goimports) import modules outside this module's
// build list (yuin/goldmark, x/net, x/telemetry), and go/packages reports
// "missing go.sum entry" for them; adding those modules to go.mod for one
// test would put them in every user's module graph, so the test skips
// exactly the packages with such an error, and requires every other one
// to load without error.
func TestStdAndXTools(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	if testing.Short() {
		t.Skip("type-checks the standard library and golang.org/x/tools from source")
	}
	start := time.Now()
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax}, "std", "golang.org/x/tools/...")
	if err != nil {
		t.Fatal(err)
	}
	loaded := time.Since(start)
	var clean, std []*packages.Package
	var skipped []string
	for _, p := range pkgs {
		errs := loadErrors([]*packages.Package{p})
		switch {
		case len(errs) == 0:
			clean = append(clean, p)
			if !strings.HasPrefix(p.PkgPath, "golang.org/x/tools") {
				std = append(std, p)
			}
		case strings.HasPrefix(p.PkgPath, "golang.org/x/tools") &&
			slices.ContainsFunc(errs, func(e string) bool { return strings.Contains(e, "missing go.sum entry") }):
			skipped = append(skipped, p.PkgPath)
		default:
			t.Errorf("%s does not load:\n%s", p.PkgPath, strings.Join(errs, "\n"))
		}
	}
	if len(skipped) > 10 {
		t.Errorf("%d packages need modules outside the build list, want at most 10 (8 in v0.52.0): %v", len(skipped), skipped)
	}
	t.Logf("skipped for missing go.sum entries: %v", skipped)
	if len(std) < 100 {
		t.Errorf("only %d packages of std loaded", len(std))
	}
	assertSilent(t, clean, 300)
	t.Logf("load %v, total %v", loaded.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
}

// assertSilent runs the analyzer over pkgs, at least min of them, and
// fails on any diagnostic or analysis error (and, through analyze, on a
// panic).
func assertSilent(t *testing.T, pkgs []*packages.Package, min int) {
	t.Helper()
	graph := analyze(t, analyzer.Analyzer, pkgs)
	var actions, diags int
	for act := range graph.All() {
		actions++
		if act.Err != nil {
			t.Errorf("%s: %v", act, act.Err)
		}
		for _, d := range act.Diagnostics {
			diags++
			t.Errorf("%s: unexpected diagnostic: %s", act.Package.Fset.Position(d.Pos), d.Message)
		}
	}
	if len(graph.Roots) < min {
		t.Errorf("only %d root actions, want at least %d: the packages did not load", len(graph.Roots), min)
	}
	t.Logf("%d packages, %d actions, %d diagnostics", len(pkgs), actions, diags)
}
