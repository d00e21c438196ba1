package main_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"go/parser"
	"go/token"
	"maps"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/mcperrlint/mcperrlint/cmd/mcperrlint/internal/sarif"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// toolFor returns the path of a command that .ci/run installs. Under
// CI=true its absence fails the test: a check that CI skips is a check
// nobody runs. Elsewhere it skips the test, saying how to install it.
func toolFor(t *testing.T, name, install string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is not installed, and CI=true: .ci/run installs it (%s)", name, install)
	}
	t.Skipf("%s is not installed (%s; .ci/run does it in CI)", name, install)
	return ""
}

// runSplit runs name in dir with GITHUB_WORKSPACE unset and env added,
// and returns its standard output and error apart, and its exit code.
func runSplit(t *testing.T, dir string, env []string, name string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, "GITHUB_WORKSPACE=") })
	cmd.Env = append(cmd.Env, env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		code = exit.ExitCode()
	default:
		t.Fatalf("%s %v: %v\n%s", name, args, err, errOut.String())
	}
	return out.String(), errOut.String(), code
}

// TestFormatFlags checks -format's values and the combinations that make
// no sense, before anything is loaded.
func TestFormatFlags(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	bin := buildCommand(t)
	dir := t.TempDir()
	for _, args := range [][]string{
		{"-format=xml", "./..."},
		{"-json", "-format=sarif", "./..."},
		{"-fix", "-format=github", "./..."},
	} {
		out, code := run(t, dir, bin, args...)
		if code != 2 || strings.Count(out, "\n") != 2 || !strings.HasPrefix(out, "mcperrlint: -") {
			t.Errorf("mcperrlint %q: exit %d, want 2 and a usage error naming the flag:\n%s", args, code, out)
		}
	}
	if out, _ := run(t, dir, bin, "help"); !strings.Contains(out, "-format") || !strings.Contains(out, "sarif") {
		t.Errorf("help does not describe -format:\n%s", out)
	}
}

// TestGitHubAnnotations holds -format=github on the example to a golden
// file (testdata/example.github.golden): one workflow command per
// finding, on standard output, with its category in the title and the
// decode or check site in the message; exit status 3, as for text. With
// GITHUB_WORKSPACE set, paths are relative to it, as GitHub resolves
// them, and a package that does not compile is an annotation too.
// go test -update rewrites the golden file.
func TestGitHubAnnotations(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and loads the real SDKs")
	}
	// Parallel: it waits on other processes much of its time.
	t.Parallel()
	bin := buildCommand(t)
	out, stderr, code := runSplit(t, exampleDir, nil, bin, "-format=github", "./...")
	if code != 3 || stderr != "" {
		t.Errorf("-format=github: exit %d, stderr %q; want 3 and nothing on stderr", code, stderr)
	}
	golden := filepath.Join("testdata", "example.github.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		t.Errorf("-format=github output differs from %s:\ngot\n%s\nwant\n%s", golden, out, want)
	}
	// One annotation per expected finding, at its line.
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		props, _, _ := strings.Cut(strings.TrimPrefix(line, "::error "), "::")
		var file, lineNo, category string
		for _, p := range strings.Split(props, ",") {
			k, v, _ := strings.Cut(p, "=")
			switch k {
			case "file":
				file = v
			case "line":
				lineNo = v
			case "title":
				category = strings.TrimPrefix(v, "mcperrlint%3A ")
			}
		}
		got = append(got, file+":"+lineNo+" "+category)
	}
	slices.Sort(got)
	if want := expectedFindings(t); !slices.Equal(got, want) {
		t.Errorf("annotations:\ngot  %q\nwant %q", got, want)
	}

	// A copy with a package that does not compile, in a checkout whose
	// top directory is GITHUB_WORKSPACE.
	dir := copyExample(t)
	addBrokenPackage(t, dir)
	out, _, code = runSplit(t, dir, []string{"GITHUB_WORKSPACE=" + filepath.Dir(dir)}, bin, "-format=github", "./...")
	if sub := filepath.Base(dir); !strings.Contains(out, "file="+sub+"/weather/weather.go,") || strings.Contains(out, "file=weather/") {
		t.Errorf("with GITHUB_WORKSPACE, paths are not relative to it:\n%s", out)
	}
	if !strings.Contains(out, "::error title=mcperrlint::example.com/mcpservers/broken not checked: broken/broken.go:3:23: ") || code != 1 {
		t.Errorf("exit %d, want 1 and an annotation for the broken package:\n%s", code, out)
	}
}

// addBrokenPackage adds a package that does not compile to the module in
// dir.
func addBrokenPackage(t *testing.T, dir string) {
	t.Helper()
	broken := filepath.Join(dir, "broken")
	if err := os.Mkdir(broken, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(broken, "broken.go"), []byte("package broken\n\nfunc F() int { return \"x\" }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// readSARIF parses a SARIF log.
func readSARIF(t *testing.T, data []byte) *sarif.Log {
	t.Helper()
	var log sarif.Log
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatalf("parsing SARIF: %v\n%s", err, data)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("SARIF version %q with %d runs, want 2.1.0 and one run", log.Version, len(log.Runs))
	}
	// The Multitool warns (SARIF2005) for a version that is missing or
	// does not start with a number, as "(devel)" would.
	if v := log.Runs[0].Tool.Driver.Version; v == "" || v[0] < '0' || v[0] > '9' {
		t.Errorf("SARIF tool.driver.version %q, want a version that starts with a number", v)
	}
	return &log
}

// validateSARIF runs the SARIF Multitool's validator on file, and fails
// the test for every result of level error (the schema, and the rules of
// the SARIF specification the validator checks) and for SARIF2005 (the
// tool's name and version). Other warnings and notes are logged.
func validateSARIF(t *testing.T, file string) {
	t.Helper()
	tool := toolFor(t, "sarif-multitool", "npm install -g @microsoft/sarif-multitool")
	out := filepath.Join(t.TempDir(), "validation.sarif")
	// The npm package's launcher runs the tool through a shell: no
	// argument may hold a character the shell would take.
	output, err := exec.Command(tool, "validate", file, "-o", out, "--log", "ForceOverwrite").CombinedOutput()
	if err != nil {
		t.Fatalf("sarif-multitool validate %s: %v\n%s", file, err, output)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("sarif-multitool wrote no result: %v\n%s", err, output)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID                   string `json:"id"`
						DefaultConfiguration struct {
							Level string `json:"level"`
						} `json:"defaultConfiguration"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Invocations []struct {
				ExecutionSuccessful        bool `json:"executionSuccessful"`
				ToolExecutionNotifications []struct {
					Level   string          `json:"level"`
					Message json.RawMessage `json:"message"`
				} `json:"toolExecutionNotifications"`
			} `json:"invocations"`
			Results []struct {
				RuleID  string          `json:"ruleId"`
				Level   string          `json:"level"`
				Message json.RawMessage `json:"message"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatalf("parsing the validator's result: %v\n%s", err, data)
	}
	if len(log.Runs) == 0 {
		t.Fatalf("the validator's result has no run:\n%s", data)
	}
	errs := 0
	for _, run := range log.Runs {
		defaults := make(map[string]string)
		for _, r := range run.Tool.Driver.Rules {
			defaults[r.ID] = r.DefaultConfiguration.Level
		}
		for _, inv := range run.Invocations {
			if !inv.ExecutionSuccessful {
				t.Errorf("sarif-multitool validate did not run to the end:\n%s", output)
			}
			for _, n := range inv.ToolExecutionNotifications {
				if n.Level == "error" {
					t.Errorf("sarif-multitool: %s", n.Message)
				}
			}
		}
		for _, r := range run.Results {
			level := r.Level
			if level == "" {
				level = defaults[r.RuleID]
			}
			// SARIF2005 is a warning, about the tool's name and
			// version, which mcperrlint can always satisfy.
			if level == "error" || r.RuleID == "SARIF2005" {
				errs++
				t.Errorf("SARIF validation error %s: %s", r.RuleID, r.Message)
			} else {
				t.Logf("SARIF validation %s %s: %s", level, r.RuleID, r.Message)
			}
		}
	}
	if errs > 0 {
		src, _ := os.ReadFile(file)
		t.Logf("validated SARIF:\n%s", src)
	}
}

// TestSARIF runs the README workflow's mcperrlint step (its exact script,
// as the runner's bash runs it, with a mcperrlint built from this
// checkout on PATH) in a copy of the example, and checks the SARIF file:
// exit status 3; valid by the SARIF Multitool; a rule for every
// category, each with a help URI into the docs and a default level; a
// result for each expected finding, at its place relative to %SRCROOT%
// (the module root), with the decode or check site as a related location
// and the suggested fix as a SARIF fix that, applied, leaves Go that
// parses; distinct fingerprints. Then it inserts an unrelated function
// above the findings of one file and runs the step again: the findings
// move, and their fingerprints do not change, so code scanning keeps the
// same alerts open.
func TestSARIF(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and loads the real SDKs")
	}
	// Parallel: it waits on other processes much of its time.
	t.Parallel()
	script, sarifFile := workflowRunStep(t)
	bin := buildCommand(t)
	dir := copyExample(t)
	path := "PATH=" + filepath.Dir(bin) + string(filepath.ListSeparator) + os.Getenv("PATH")
	runStep := func() []byte {
		t.Helper()
		_, stderr, code := runSplit(t, dir, []string{path}, "bash", "-e", "-c", script)
		if code != 3 || stderr != "" {
			t.Errorf("%q: exit %d, stderr %q; want 3 (findings fail the check) and nothing on stderr", script, code, stderr)
		}
		data, err := os.ReadFile(filepath.Join(dir, sarifFile))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	data := runStep()
	out := string(data)
	validateSARIF(t, filepath.Join(dir, sarifFile))

	run := readSARIF(t, []byte(out)).Runs[0]
	if run.Tool.Driver.Name != "mcperrlint" {
		t.Errorf("tool.driver.name = %q", run.Tool.Driver.Name)
	}
	ids := make(map[string]bool)
	for _, r := range run.Tool.Driver.Rules {
		ids[r.ID] = true
		if r.ShortDescription == nil || r.ShortDescription.Text == "" || r.DefaultConfiguration == nil || r.DefaultConfiguration.Level == "" ||
			r.HelpURI != "https://github.com/mcperrlint/mcperrlint/blob/main/docs/categories.md#"+r.ID {
			t.Errorf("rule %q lacks a short description, a default level or its help URI: %+v", r.ID, r)
		}
	}
	for _, c := range []string{"decode", "validate", "invalid-params", "tool-error", "sdk-version", "unused-ignore", "directive"} {
		if !ids[c] {
			t.Errorf("no rule for category %s", c)
		}
	}
	// Every help URI names a section of docs/categories.md.
	doc, err := os.ReadFile("../../docs/categories.md")
	if err != nil {
		t.Fatal(err)
	}
	for id := range ids {
		if !bytes.Contains(doc, []byte("\n## "+id+"\n")) {
			t.Errorf("docs/categories.md has no section %q for the rule's help URI", "## "+id)
		}
	}

	absExample, _ := filepath.Abs(dir)
	if base := run.OriginalURIBaseIDs["%SRCROOT%"].URI; base != (&url.URL{Scheme: "file", Path: filepath.ToSlash(absExample) + "/"}).String() {
		t.Errorf("originalUriBaseIds[%%SRCROOT%%] = %q, want the module root %s", base, absExample)
	}
	var got []string
	fingerprints := make(map[string]bool)
	for _, r := range run.Results {
		rule := run.Tool.Driver.Rules[r.RuleIndex]
		loc := r.Locations[0].PhysicalLocation
		got = append(got, finding(loc.ArtifactLocation.URI, loc.Region.StartLine, r.RuleID))
		where := loc.ArtifactLocation.URI + ":" + strconv.Itoa(loc.Region.StartLine)
		if rule.ID != r.RuleID {
			t.Errorf("%s: ruleIndex %d names rule %s, not %s", where, r.RuleIndex, rule.ID, r.RuleID)
		}
		if loc.ArtifactLocation.URIBaseID != "%SRCROOT%" || strings.HasPrefix(loc.ArtifactLocation.URI, "/") {
			t.Errorf("%s: location %+v is not relative to %%SRCROOT%%", where, loc.ArtifactLocation)
		}
		// The InvalidParams error is built in the return itself; every
		// other finding points at its decode or check.
		if wantRelated := r.RuleID != "invalid-params"; wantRelated != (len(r.RelatedLocations) == 1) {
			t.Errorf("%s: %d related locations", where, len(r.RelatedLocations))
		} else if wantRelated {
			rel := r.RelatedLocations[0]
			if rel.Message == nil || rel.Message.Text == "" || rel.PhysicalLocation.Region.StartLine >= loc.Region.StartLine {
				t.Errorf("%s: related location %+v is not an earlier line with a message", where, rel)
			}
		}
		fp := r.PartialFingerprints["mcperrlint/v1"]
		if fp == "" || fingerprints[fp] {
			t.Errorf("%s: fingerprint %q is empty or not unique", where, fp)
		}
		fingerprints[fp] = true
		if len(r.Fixes) != 1 {
			t.Errorf("%s: %d fixes, want 1", where, len(r.Fixes))
			continue
		}
		checkSARIFFix(t, absExample, where, r.Fixes[0])
	}
	slices.Sort(got)
	if want := expectedFindings(t); !slices.Equal(got, want) {
		t.Errorf("SARIF results:\ngot  %q\nwant %q", got, want)
	}

	// The fingerprints across an unrelated edit.
	type key struct{ file, rule, message, fingerprint string }
	results := func(out []byte) (map[key]int, map[key]bool) {
		lines := make(map[key]int)
		set := make(map[key]bool)
		for _, r := range readSARIF(t, out).Runs[0].Results {
			loc := r.Locations[0].PhysicalLocation
			k := key{loc.ArtifactLocation.URI, r.RuleID, r.Message.Text, r.PartialFingerprints["mcperrlint/v1"]}
			lines[k] = loc.Region.StartLine
			set[k] = true
		}
		return lines, set
	}
	before, beforeSet := results(data)
	if len(before) == 0 {
		t.Fatal("no results")
	}

	name := filepath.Join(dir, "weather", "weather.go")
	src, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	const unrelated = "\n// unrelated is a function added above the findings.\nfunc unrelated() {}\n"
	i := bytes.Index(src, []byte("\nfunc "))
	edited := slices.Concat(src[:i], []byte(unrelated), src[i:])
	if err := os.WriteFile(name, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	after, afterSet := results(runStep())
	if !maps.Equal(beforeSet, afterSet) {
		t.Errorf("fingerprints changed with an unrelated edit:\nbefore %v\nafter  %v", before, after)
	}
	moved := 0
	for k, line := range after {
		if k.file == "weather/weather.go" && line == before[k]+3 {
			moved++
		}
	}
	if moved == 0 {
		t.Errorf("no finding in weather.go moved down 3 lines: the edit did not test anything\nbefore %v\nafter  %v", before, after)
	}
}

// checkSARIFFix applies a fix's replacements, as a SARIF viewer would
// (lines, and columns in UTF-16 code units), to its file under root, and
// checks that one of them replaces a return statement and the result
// parses.
func checkSARIFFix(t *testing.T, root, where string, fix sarif.Fix) {
	t.Helper()
	for _, change := range fix.ArtifactChanges {
		name := filepath.Join(root, filepath.FromSlash(change.ArtifactLocation.URI))
		src, err := os.ReadFile(name)
		if err != nil {
			t.Errorf("%s: fix names %s: %v", where, change.ArtifactLocation.URI, err)
			continue
		}
		// Apply from the last replacement to the first, so that offsets
		// stay right.
		reps := slices.Clone(change.Replacements)
		slices.Reverse(reps)
		out := src
		returns := 0
		for _, rep := range reps {
			start := sarifOffset(src, rep.DeletedRegion.StartLine, rep.DeletedRegion.StartColumn)
			end := sarifOffset(src, rep.DeletedRegion.EndLine, rep.DeletedRegion.EndColumn)
			if start < 0 || end < start {
				t.Errorf("%s: replacement region %+v is not in %s", where, rep.DeletedRegion, name)
				return
			}
			if bytes.HasPrefix(src[start:end], []byte("return ")) {
				returns++
			}
			text := ""
			if rep.InsertedContent != nil {
				text = rep.InsertedContent.Text
			}
			out = slices.Concat(out[:start], []byte(text), out[end:])
		}
		if change.ArtifactLocation.URI+":" == where[:strings.LastIndex(where, ":")+1] && returns != 1 {
			t.Errorf("%s: %d of the fix's replacements delete a return statement, want 1", where, returns)
		}
		if _, err := parser.ParseFile(token.NewFileSet(), name, out, 0); err != nil {
			t.Errorf("%s: the SARIF fix leaves a file that does not parse: %v\n%s", where, err, out)
		}
	}
}

// sarifOffset is the byte offset of a 1-based line and UTF-16 column, or
// -1.
func sarifOffset(src []byte, line, col int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			return -1
		}
		off += i + 1
	}
	for units := 1; units < col; {
		if off >= len(src) || src[off] == '\n' {
			return -1
		}
		r := []rune(string(src[off:]))[0]
		units += len(utf16.Encode([]rune{r}))
		off += len(string(r))
	}
	return off
}

// TestSARIFNotChecked checks that a package that does not compile is in
// the log, as an error notification of a failed invocation, not dropped,
// that the log still validates, and that the others' results are there.
// (TestGitHubAnnotations checks -format=github's annotation for it.)
func TestSARIFNotChecked(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and loads the real SDKs")
	}
	// Parallel: it waits on other processes much of its time.
	t.Parallel()
	bin := buildCommand(t)
	dir := copyExample(t)
	addBrokenPackage(t, dir)
	out, _, code := runSplit(t, dir, nil, bin, "-format=sarif", "./...")
	if code != 1 {
		t.Errorf("exit %d, want 1 (a package could not be checked)", code)
	}
	file := filepath.Join(t.TempDir(), "results.sarif")
	if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	validateSARIF(t, file)
	run := readSARIF(t, []byte(out)).Runs[0]
	if len(run.Invocations) != 1 || run.Invocations[0].ExecutionSuccessful {
		t.Fatalf("invocations %+v, want one that did not succeed", run.Invocations)
	}
	notes := run.Invocations[0].ToolExecutionNotifications
	if len(notes) != 1 || notes[0].Level != "error" || !strings.HasPrefix(notes[0].Message.Text, "example.com/mcpservers/broken not checked: broken/broken.go:3:23: ") {
		t.Errorf("notifications %+v, want one error naming the broken package", notes)
	}
	if len(run.Results) != len(expectedFindings(t)) {
		t.Errorf("%d results beside the broken package, want %d", len(run.Results), len(expectedFindings(t)))
	}

}
