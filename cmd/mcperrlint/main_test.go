package main_test

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mcperrlint/mcperrlint/internal/testbin"
)

// The example module under testdata/example is what the README's first
// command lints. Each line that must be reported ends in a comment naming
// its category ("// decode", "// validate: ...", "// invalid-params").
const exampleDir = "../../testdata/example"

var categoryComment = regexp.MustCompile(`// (decode|validate|invalid-params)\b`)

// expectedFindings returns "file:line category" for each marked line.
func expectedFindings(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(exampleDir, "*", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no example files: %v", err)
	}
	var want []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		for line := 1; sc.Scan(); line++ {
			if m := categoryComment.FindStringSubmatch(sc.Text()); m != nil {
				rel, _ := filepath.Rel(exampleDir, f)
				want = append(want, finding(rel, line, m[1]))
			}
		}
	}
	slices.Sort(want)
	return want
}

func finding(file string, line int, category string) string {
	return file + ":" + strconv.Itoa(line) + " " + category
}

// buildCommand returns mcperrlint, built once per test run. Before it
// returns the first time, go vet -vettool=mcperrlint has run on the
// example (testbin.Warm): nearly every test that runs the command then
// runs go commands on the example, a copy of it, or a module of the same
// SDK versions (the runtime servers, the matrix modules of the latest
// SDKs), and finds the dependencies compiled and their facts computed
// once, rather than compiling them in each test at the same time. go vet
// exits 1 there, having findings: what it leaves in the build cache is
// the same either way, and TestVetTool checks what it says.
func buildCommand(t *testing.T) string {
	t.Helper()
	bin := testbin.Mcperrlint(t)
	if !testing.Short() {
		testbin.Warm(t, exampleDir, "vet", "-vettool="+bin, "./...")
	}
	return bin
}

// TestMain gives the command a result cache of the tests' own, which the
// tests that run it on the same module share (the second run of each is
// answered from the cache, and must print what the first did), and
// removes it and the binaries the tests built.
func TestMain(m *testing.M) {
	cache, err := os.MkdirTemp("", "mcperrlint-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("MCPERRLINT_CACHE", cache)
	code := m.Run()
	testbin.Cleanup()
	os.RemoveAll(cache)
	os.Exit(code)
}

// run runs name in dir and returns its output and exit code.
func run(t *testing.T, dir string, name string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return string(out), 0
	case errors.As(err, &exit):
		return string(out), exit.ExitCode()
	}
	t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	return "", 0
}

func TestStandaloneJSON(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	if testing.Short() {
		t.Skip("builds the command and loads the real SDKs")
	}
	bin := buildCommand(t)
	out, code := run(t, exampleDir, bin, "-json", "./...")
	if code != 0 {
		t.Fatalf("-json exit code = %d, want 0 (like go vet -json)\n%s", code, out)
	}
	// {"pkgpath": {"mcperrlint": [{"posn": "file:line:col", "category": ...}]}}
	var tree map[string]map[string][]struct {
		Posn     string `json:"posn"`
		Category string `json:"category"`
		Message  string `json:"message"`
		Fixes    []any  `json:"suggested_fixes"`
	}
	if err := json.Unmarshal([]byte(out), &tree); err != nil {
		t.Fatalf("parsing -json output: %v\n%s", err, out)
	}
	abs, _ := filepath.Abs(exampleDir)
	var got []string
	for _, analyzers := range tree {
		for _, d := range analyzers["mcperrlint"] {
			parts := strings.Split(strings.TrimPrefix(d.Posn, abs+string(filepath.Separator)), ":")
			got = append(got, parts[0]+":"+parts[1]+" "+d.Category)
			if len(d.Fixes) != 1 {
				t.Errorf("%s: %d suggested fixes, want exactly 1", d.Posn, len(d.Fixes))
			}
		}
	}
	slices.Sort(got)
	if want := expectedFindings(t); !slices.Equal(got, want) {
		t.Errorf("findings:\ngot  %q\nwant %q", got, want)
	}
}

func TestStandaloneExitCode(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	if testing.Short() {
		t.Skip("builds the command and loads the real SDKs")
	}
	bin := buildCommand(t)
	if _, code := run(t, exampleDir, bin, "./..."); code != 3 {
		t.Errorf("exit code with findings = %d, want 3", code)
	}
	if out, code := run(t, exampleDir, bin, "-V=full"); code != 0 || !strings.Contains(out, "mcperrlint version") {
		t.Errorf("-V=full: exit %d, output %q", code, out)
	}
}

var vetLine = regexp.MustCompile(`^(\S+\.go):(\d+):\d+: tool handler`)

// TestVetTool checks that go vet -vettool reports what the standalone
// command does.
func TestVetTool(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	if testing.Short() {
		t.Skip("builds the command and loads the real SDKs")
	}
	bin := buildCommand(t)
	out, code := run(t, exampleDir, "go", "vet", "-vettool="+bin, "./...")
	if code == 0 {
		t.Fatalf("go vet found nothing:\n%s", out)
	}
	var got []string
	for _, line := range strings.Split(out, "\n") {
		if m := vetLine.FindStringSubmatch(line); m != nil {
			got = append(got, m[1]+":"+m[2])
		}
	}
	var want []string
	for _, f := range expectedFindings(t) {
		want = append(want, strings.Fields(f)[0])
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("go vet -vettool findings:\ngot  %q\nwant %q\n%s", got, want, out)
	}

	// Each line (position, column, message, related information) is the
	// standalone command's, with the default configuration and with a
	// flag, which go vet passes on to the tool.
	for _, flags := range [][]string{nil, {"-tool-errors"}} {
		vetOut, _ := run(t, exampleDir, "go", slices.Concat([]string{"vet", "-vettool=" + bin}, flags, []string{"./..."})...)
		standaloneOut, _ := run(t, exampleDir, bin, append(flags, "./...")...)
		vet, standalone := textDiagnostics(t, exampleDir, vetOut), textDiagnostics(t, exampleDir, standaloneOut)
		if len(standalone) == 0 || !slices.Equal(vet, standalone) {
			t.Errorf("flags %q: go vet -vettool:\n%s\nstandalone:\n%s", flags, strings.Join(vet, "\n"), strings.Join(standalone, "\n"))
		}
	}
}

// TestFixBuildsAndCleans applies every fix to a copy of the example and
// checks the result builds and has nothing left to report.
func TestFixBuildsAndCleans(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	if testing.Short() {
		t.Skip("builds the command and loads the real SDKs")
	}
	bin := buildCommand(t)
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(exampleDir)); err != nil {
		t.Fatal(err)
	}
	// The copy's replace directive must still find this repository.
	root, _ := filepath.Abs("../..")
	gomod := filepath.Join(dir, "go.mod")
	data, _ := os.ReadFile(gomod)
	if err := os.WriteFile(gomod, []byte(strings.ReplaceAll(string(data), "=> ../..", "=> "+root)), 0o644); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(filepath.Join(dir, "weather", "weather.go"))
	if out, code := run(t, dir, bin, "-fix", "./..."); code != 0 {
		// The driver exits 0 when every diagnostic's fix was applied.
		t.Fatalf("-fix exit code = %d, want 0\n%s", code, out)
	}
	if after, _ := os.ReadFile(filepath.Join(dir, "weather", "weather.go")); string(after) == string(before) {
		t.Fatal("-fix changed nothing")
	}
	if out, code := run(t, dir, "go", "build", "./..."); code != 0 {
		t.Fatalf("fixed example does not build:\n%s", out)
	}
	if out, code := run(t, dir, bin, "./..."); code != 0 {
		t.Errorf("after -fix, mcperrlint still reports (exit %d):\n%s", code, out)
	}
}

// TestUnmatchedFunctionWarning checks that a configured function that is
// no function of the program is reported once, as a warning that changes
// nothing else, and that one that exists (unexported, in the example) is
// not.
func TestUnmatchedFunctionWarning(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	if testing.Short() {
		t.Skip("builds the command and loads the real SDKs")
	}
	bin := buildCommand(t)
	out, code := run(t, exampleDir, bin,
		"-decode-funcs=example.com/nonexistent.Func,encoding/json.Decoder.Nope",
		"-validate-funcs=example.com/mcpservers/weather.lookup,example.com/nonexistent.Func", "./...")
	var warnings []string
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "warning:") {
			warnings = append(warnings, line)
		}
	}
	want := []string{
		"mcperrlint: warning: -decode-funcs: example.com/nonexistent.Func is no function of the packages analyzed or their dependencies",
		"mcperrlint: warning: -decode-funcs: encoding/json.Decoder.Nope is no function of the packages analyzed or their dependencies",
		"mcperrlint: warning: -validate-funcs: example.com/nonexistent.Func is no function of the packages analyzed or their dependencies",
	}
	if !slices.Equal(warnings, want) || code != 3 {
		t.Errorf("exit %d, warnings\n%s\nwant exit 3 and\n%s", code, strings.Join(warnings, "\n"), strings.Join(want, "\n"))
	}
}
