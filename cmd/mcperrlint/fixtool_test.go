package main_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// exampleFiles are the example's files that fixes change; each has a
// .golden beside it, the standalone -fix output (scripts/golden.sh example).
var exampleFiles = []string{"notes/notes.go", "weather/weather.go"}

// copyExample copies the example module to a temporary directory, with its
// replace directive pointing back at this repository.
func copyExample(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(exampleDir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "=> ../.."); n != 1 {
		t.Fatalf("example go.mod has %d replace directives to ../.., want 1", n)
	}
	return copyModule(t, exampleDir)
}

func readFile(t *testing.T, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestGoFixTool checks that go fix -fixtool=mcperrlint (Go 1.26) applies
// the fixes: -diff changes nothing and exits 1, the fix writes the goldens,
// and afterwards there is nothing left to fix.
func TestGoFixTool(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	if testing.Short() {
		t.Skip("builds the command and loads the real SDKs")
	}
	bin := buildCommand(t)
	dir := copyExample(t)

	out, code := run(t, dir, "go", "fix", "-fixtool="+bin, "-diff", "./...")
	if code != 1 || !strings.Contains(out, "+\t\treturn mcp.NewToolResultError(") {
		t.Errorf("go fix -diff: exit code %d, want 1 and a diff:\n%s", code, out)
	}
	for _, f := range exampleFiles {
		if readFile(t, dir, f) != readFile(t, exampleDir, f) {
			t.Errorf("go fix -diff changed %s", f)
		}
	}

	if out, code := run(t, dir, "go", "fix", "-fixtool="+bin, "./..."); code != 0 {
		t.Fatalf("go fix: exit code %d\n%s", code, out)
	}
	for _, f := range exampleFiles {
		if got, want := readFile(t, dir, f), readFile(t, exampleDir, f+".golden"); got != want {
			t.Errorf("%s after go fix:\n%s\nwant (%s.golden):\n%s", f, got, f, want)
		}
	}
	if out, code := run(t, dir, "go", "fix", "-fixtool="+bin, "-diff", "./..."); code != 0 || out != "" {
		t.Errorf("go fix -diff after go fix: exit code %d, want 0 and no diff:\n%s", code, out)
	}

	// That the go command passes the tool's own flags on (-tool-errors)
	// is TestVetTool's: go fix asks the tool for them as go vet does, and
	// each new set of flags analyzes every dependency again.
}

// diagLine is a line of plain text output: file:line:col: message. Related
// information follows its diagnostic, its message indented by a tab.
var diagLine = regexp.MustCompile(`^(\S+\.go):(\d+):(\d+): (.*)$`)

// textDiagnostics returns the diagnostic lines of out, with file names
// relative to dir.
func textDiagnostics(t *testing.T, dir, out string) []string {
	t.Helper()
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, line := range strings.Split(out, "\n") {
		m := diagLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		file := strings.TrimPrefix(m[1], abs+string(filepath.Separator))
		got = append(got, filepath.ToSlash(file)+":"+m[2]+":"+m[3]+": "+m[4])
	}
	slices.Sort(got)
	return got
}
