package golangci_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcperrlint/mcperrlint/internal/testbin"
)

// The end-to-end test builds testdata/golangci, golangci-lint v2.15.0 with
// this plugin built in (what golangci-lint custom builds), and the
// standalone command, and runs both over testdata/example with the
// repository's .golangci-plugin.yml. Building golangci-lint takes a few
// minutes the first time; the go build cache makes it seconds afterwards.

// e2e holds the paths the subtests share.
type e2e struct {
	root       string   // the repository
	example    string   // testdata/example
	gcl        string   // the golangci-lint binary with the plugin
	mcperrlint string   // the standalone command
	config     string   // .golangci-plugin.yml's text
	base       []string // the standalone command's findings in the example
}

// TestMain removes the binaries the tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	testbin.Cleanup()
	os.Exit(code)
}

func TestGolangciLint(t *testing.T) {
	if testing.Short() {
		t.Skip("builds golangci-lint with the plugin (minutes the first time) and loads the real SDKs")
	}
	// Parallel: its commands overlap the in-process tests of the plugin.
	t.Parallel()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	config, err := os.ReadFile(filepath.Join(root, ".golangci-plugin.yml"))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	e := &e2e{
		root:       root,
		example:    filepath.Join(root, "testdata", "example"),
		gcl:        testbin.GolangciLintPlugin(t),
		mcperrlint: testbin.Mcperrlint(t),
		config:     string(config),
	}
	t.Logf("golangci-lint with the plugin (built, or $%s) in %v", testbin.EnvGolangciLint, time.Since(start).Round(time.Second))

	e.base = e.standalone(t, e.example)

	// The subtests are independent (each golangci-lint run has a cache of
	// its own, and those that change files change copies): in parallel,
	// they overlap one another's go commands.
	t.Run("version", func(t *testing.T) {
		t.Parallel()
		out, _, _ := e.run(t, e.example, e.gcl, "version")
		if !strings.Contains(out, "has version 2.15.0") {
			t.Errorf("custom-gcl version = %q, want golangci-lint 2.15.0", out)
		}
	})
	for _, sub := range []struct {
		name string
		test func(*testing.T)
	}{
		{"diagnostics", e.testDiagnostics},
		{"settings", e.testSettings},
		{"nolint", e.testNolint},
		{"fix", e.testFix},
		{"sdk-version", e.testSDKVersion},
		{"converted-by", e.testConvertedBy},
	} {
		t.Run(sub.name, func(t *testing.T) {
			t.Parallel()
			sub.test(t)
		})
	}
}

// testSDKVersion checks that golangci-lint reports an old SDK as the
// standalone command does: the version is a fact of the SDK's package,
// which golangci-lint computes for dependencies itself. The matrix module
// on go-sdk v1.4.1 is linted without the goimports formatter, which
// would report files of it that are not goimports-formatted.
func (e *e2e) testSDKVersion(t *testing.T) {
	dir := filepath.Join(e.root, "testdata", "modules", "gosdk-v1.4.1")
	e.goCmd(t, dir, "mod", "download")
	const want = "handlers/handlers.go:53:2: go-sdk v1.4.1 returns schema validation failures"
	found := func(diags []string) bool {
		return slices.ContainsFunc(diags, func(d string) bool { return strings.HasPrefix(d, want) })
	}
	standalone := e.standalone(t, dir)
	if !found(standalone) {
		t.Fatalf("the standalone command reports no finding starting %q:\n%s", want, strings.Join(standalone, "\n"))
	}
	got := e.golangci(t, dir, replaceOnce(t, e.config, "  enable:\n    - goimports\n", "  enable: []\n"))
	if !found(got) {
		t.Errorf("golangci-lint reports no finding starting %q:\n%s", want, strings.Join(got, "\n"))
	}
}

// testConvertedBy checks that golangci-lint, which analyzes one package
// at a time, honors the converted-by directive: no report in the handler
// packages that have it, and a report at the server of the package whose
// claim is false.
func (e *e2e) testConvertedBy(t *testing.T) {
	dir := filepath.Join(e.root, "testdata", "modules", "mcpgo-middleware")
	e.goCmd(t, dir, "mod", "download")
	got := e.golangci(t, dir, replaceOnce(t, e.config, "  enable:\n    - goimports\n", "  enable: []\n"))
	const stale = "mwstaleserver/mwstaleserver.go:14:26: package mwstalehandler relies on this package's servers"
	if !slices.ContainsFunc(got, func(d string) bool { return strings.HasPrefix(d, stale) }) {
		t.Errorf("golangci-lint reports no finding starting %q:\n%s", stale, strings.Join(got, "\n"))
	}
	for _, d := range got {
		if strings.HasPrefix(d, "mwdirhandler/") || strings.HasPrefix(d, "mwstalehandler/") || strings.HasPrefix(d, "mwdirserver/") {
			t.Errorf("golangci-lint reports a finding the directive silences: %s", d)
		}
	}
	if !slices.ContainsFunc(got, func(d string) bool { return strings.HasPrefix(d, "mwhandler/mwhandler.go:21:3: ") }) {
		t.Errorf("golangci-lint does not report mwhandler, which has no directive:\n%s", strings.Join(got, "\n"))
	}
}

// testDiagnostics checks that golangci-lint reports what the standalone
// command reports: positions and messages, nothing more.
func (e *e2e) testDiagnostics(t *testing.T) {
	want := e.base
	if len(want) == 0 {
		t.Fatal("the standalone command found nothing in the example")
	}
	if got := e.golangci(t, e.example, e.config); !slices.Equal(got, want) {
		t.Errorf("golangci-lint:\n%s\nstandalone:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// testSettings checks that each setting takes effect: with it, golangci-lint
// reports what the standalone command reports with the flag, and that is
// one finding more than without (the weather service's error, which only
// these settings report).
func (e *e2e) testSettings(t *testing.T) {
	base := e.base
	for _, tc := range []struct {
		old, new string // the line of .golangci-plugin.yml to change
		flag     string
		extra    string // the finding the setting adds
	}{
		{"tool-errors: false", "tool-errors: true", "-tool-errors",
			"weather/weather.go:42:3: tool handler returns an error as a protocol error"},
		{"validate-funcs: []", "validate-funcs: [example.com/mcpservers/weather.lookup]", "-validate-funcs=example.com/mcpservers/weather.lookup",
			"weather/weather.go:42:3: tool handler returns an argument validation error as a protocol error"},
	} {
		t.Run(tc.flag, func(t *testing.T) {
			t.Parallel()
			config := replaceOnce(t, e.config, tc.old, tc.new)
			want := e.standalone(t, e.example, tc.flag)
			got := e.golangci(t, e.example, config)
			if !slices.Equal(got, want) {
				t.Errorf("golangci-lint with %q:\n%s\nstandalone %s:\n%s", tc.new, strings.Join(got, "\n"), tc.flag, strings.Join(want, "\n"))
			}
			var added []string
			for _, d := range got {
				if !slices.Contains(base, d) {
					added = append(added, d)
				}
			}
			if len(added) != 1 || !strings.HasPrefix(added[0], tc.extra) || len(got) != len(base)+1 {
				t.Errorf("%q added %q, want only %q...", tc.new, added, tc.extra)
			}
		})
	}
}

// testNolint checks that //nolint:mcperrlint on a return suppresses its
// finding and nothing else: no stray issue is left on the line where the
// arguments were decoded.
func (e *e2e) testNolint(t *testing.T) {
	dir := e.copyExample(t)
	notes := filepath.Join(dir, "notes", "notes.go")
	src, err := os.ReadFile(notes)
	if err != nil {
		t.Fatal(err)
	}
	src = []byte(replaceOnce(t, string(src), "return nil, err // decode", "return nil, err //nolint:mcperrlint // decode"))
	if err := os.WriteFile(notes, src, 0o644); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, d := range e.standalone(t, dir) {
		if !strings.HasPrefix(d, "notes/notes.go:19:3: ") {
			want = append(want, d)
		}
	}
	if got := e.golangci(t, dir, e.config); !slices.Equal(got, want) {
		t.Errorf("with //nolint:mcperrlint on notes.go:19, golangci-lint:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// testFix runs golangci-lint --fix on copies of the example and compares
// the files with the goldens beside the example's sources, which are the
// standalone command's -fix output.
func (e *e2e) testFix(t *testing.T) {
	files := []string{"notes/notes.go", "weather/weather.go"}

	t.Run("config", func(t *testing.T) {
		t.Parallel()
		// With .golangci-plugin.yml, whose goimports formatter removes the
		// import two fixes stop using, the result is the golden.
		dir := e.copyExample(t)
		e.golangciFix(t, dir, e.config)
		for _, f := range files {
			if got, want := readFile(t, dir, f), readFile(t, e.example, f+".golden"); got != want {
				t.Errorf("%s after golangci-lint --fix:\n%s\nwant (%s.golden):\n%s", f, got, f, want)
			}
		}
		e.goCmd(t, dir, "build", "./...")
	})

	t.Run("edits-only", func(t *testing.T) {
		t.Parallel()
		// Without a formatter golangci-lint applies our edits as they are.
		// The fixes delete the imports each leaves unused (jsonrpc and
		// errors in weather.go), but in notes.go two fixes each drop one
		// errors.New: neither may delete the import, since each must be
		// right applied alone, so it is left unused.
		dir := e.copyExample(t)
		e.golangciFix(t, dir, replaceOnce(t, e.config, "  enable:\n    - goimports\n", "  enable: []\n"))
		const leftover = "\t\"errors\"\n"
		for _, f := range files {
			got, want := readFile(t, dir, f), readFile(t, e.example, f+".golden")
			if f == "notes/notes.go" {
				if !strings.Contains(got, leftover) {
					t.Errorf("%s: the known unused errors import is gone: update this test, .golangci-plugin.yml and the README", f)
				}
				got = strings.Replace(got, leftover, "", 1)
			}
			if got != want {
				t.Errorf("%s after golangci-lint --fix without formatters:\n%s\nwant (%s.golden):\n%s", f, got, f, want)
			}
		}
	})
}

// golangci runs the plugin build with config over dir's module and returns
// its mcperrlint issues as "file:line:col: message", file relative to dir.
func (e *e2e) golangci(t *testing.T, dir, config string, args ...string) []string {
	t.Helper()
	cfg := filepath.Join(t.TempDir(), "golangci.yml")
	if err := os.WriteFile(cfg, []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	// The subtests run golangci-lint at the same time, each with a cache
	// of its own: it refuses to unless told it may.
	args = append([]string{"run", "-c", cfg, "--path-mode=abs", "--output.json.path=stdout", "--show-stats=false", "--allow-parallel-runners"}, args...)
	out, errOut, code := e.run(t, dir, e.gcl, append(args, "./...")...)
	if code != 0 && code != 1 { // 1: issues found
		t.Fatalf("golangci-lint exit code %d:\n%s%s", code, out, errOut)
	}
	var report struct {
		Issues []struct {
			FromLinter string
			Text       string
			Pos        struct {
				Filename     string
				Line, Column int
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &report); err != nil {
		t.Fatalf("golangci-lint output: %v\n%s", err, out)
	}
	var got []string
	for _, i := range report.Issues {
		if i.FromLinter != "mcperrlint" {
			t.Errorf("issue from %s: %s", i.FromLinter, i.Text)
			continue
		}
		got = append(got, finding(dir, i.Pos.Filename, i.Pos.Line, i.Pos.Column, i.Text))
	}
	slices.Sort(got)
	return got
}

// golangciFix runs golangci-lint --fix, which must fix everything.
func (e *e2e) golangciFix(t *testing.T, dir, config string) {
	t.Helper()
	if left := e.golangci(t, dir, config, "--fix"); len(left) > 0 {
		t.Errorf("golangci-lint --fix left issues:\n%s", strings.Join(left, "\n"))
	}
}

// standalone runs the mcperrlint command with -json over dir's module and
// returns its diagnostics as golangci does.
func (e *e2e) standalone(t *testing.T, dir string, flags ...string) []string {
	t.Helper()
	out, errOut, code := e.run(t, dir, e.mcperrlint, append(append(flags, "-json"), "./...")...)
	if code != 0 {
		t.Fatalf("mcperrlint -json exit code %d:\n%s%s", code, out, errOut)
	}
	// {"pkgpath": {"mcperrlint": [{"posn": "file:line:col", "message": ...}]}}
	var tree map[string]map[string][]struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	}
	if err := json.Unmarshal([]byte(out), &tree); err != nil {
		t.Fatalf("mcperrlint -json output: %v\n%s", err, out)
	}
	var got []string
	for _, analyzers := range tree {
		for _, d := range analyzers["mcperrlint"] {
			// posn is "file:line:col"; file may hold a colon on Windows.
			i := strings.LastIndexByte(d.Posn, ':')
			j := strings.LastIndexByte(d.Posn[:max(i, 0)], ':')
			if j < 0 {
				t.Fatalf("mcperrlint -json: posn %q is not file:line:col", d.Posn)
			}
			line, _ := strconv.Atoi(d.Posn[j+1 : i])
			col, _ := strconv.Atoi(d.Posn[i+1:])
			got = append(got, finding(dir, d.Posn[:j], line, col, d.Message))
		}
	}
	slices.Sort(got)
	return got
}

func finding(dir, file string, line, col int, msg string) string {
	rel, err := filepath.Rel(dir, file)
	if err != nil {
		rel = file
	}
	return filepath.ToSlash(rel) + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col) + ": " + msg
}

// copyExample copies the example module to a temporary directory, with its
// replace directive pointing back at this repository.
func (e *e2e) copyExample(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(e.example)); err != nil {
		t.Fatal(err)
	}
	gomod := filepath.Join(dir, "go.mod")
	data, err := os.ReadFile(gomod)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(gomod, []byte(replaceOnce(t, string(data), "=> ../..", "=> "+e.root)), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// goCmd runs the go command in dir, which must succeed.
func (e *e2e) goCmd(t *testing.T, dir string, args ...string) {
	t.Helper()
	if out, errOut, code := e.run(t, dir, "go", args...); code != 0 {
		t.Fatalf("go %s: exit code %d\n%s%s", strings.Join(args, " "), code, out, errOut)
	}
}

// run runs name in dir and returns its standard output and error and its
// exit code. The go.sum files must be complete
// (-mod=readonly, as CI's clean clone has them), no go.work applies, and
// golangci-lint's cache is the test's own.
func (e *e2e) run(t *testing.T, dir, name string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"GOFLAGS=-mod=readonly -buildvcs=false",
		"GOWORK=off",
		"GOLANGCI_LINT_CACHE="+t.TempDir(),
	)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return out.String(), errOut.String(), 0
	case errors.As(err, &exit):
		return out.String(), errOut.String(), exit.ExitCode()
	}
	t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
	return "", "", 0
}

func replaceOnce(t *testing.T, s, old, new string) string {
	t.Helper()
	if n := strings.Count(s, old); n != 1 {
		t.Fatalf("%q occurs %d times, want once", old, n)
	}
	return strings.Replace(s, old, new, 1)
}

func readFile(t *testing.T, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
