package main_test

import (
	"bufio"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// documentedCommands maps each command of the sh blocks of README.md and
// docs/*.md to the test that runs it (".ci/run" for what CI runs itself).
// A command that needs what this repository cannot provide (GitHub, a
// release on the Go module proxy, checkouts of other servers) carries a
// "# needs: ..." comment in the document instead, on its line or on a
// comment line above it in its block.
var documentedCommands = map[string]string{
	"cd testdata/example && go tool mcperrlint ./... ; cd -":                     "TestDocumentedCommands",
	"cp -r testdata/example /tmp/example":                                        "TestDocumentedCommands",
	"go -C /tmp/example mod edit -replace=github.com/mcperrlint/mcperrlint=$PWD": "TestDocumentedCommands",
	"go -C /tmp/example tool mcperrlint -fix ./...":                              "TestDocumentedCommands",
	"go test ./...":                                          ".ci/run",
	"go install ./cmd/mcperrlint":                            ".ci/run",
	"mcperrlint ./...":                                       "TestStandaloneExitCode",
	"mcperrlint -fix ./...":                                  "TestFixBuildsAndCleans",
	"mcperrlint -fix -diff ./...":                            "TestDiffApplies",
	"mcperrlint help":                                        "TestCommandLine",
	"mcperrlint -json ./...":                                 "TestStandaloneJSON",
	"mcperrlint -format=sarif ./...":                         "TestSARIF",
	"mcperrlint -test=false ./...":                           "TestDocumentedCommands",
	"go vet -vettool=$(which mcperrlint) ./...":              "TestVetTool",
	"go vet -vettool=$(which mcperrlint) -tool-errors ./...": "TestVetTool",
	"go fix -fixtool=$(which mcperrlint) ./...":              "TestGoFixTool",
	"go fix -fixtool=$(which mcperrlint) -diff ./...":        "TestGoFixTool",
	"./custom-gcl run -c .golangci-plugin.yml ./...":         "TestGolangciLint",
	"./custom-gcl run -c .golangci-plugin.yml --fix ./...":   "TestGolangciLint",
}

// A docCommand is a command line of an sh block, and whether the document
// marks it as needing something the repository cannot provide.
type docCommand struct {
	where   string // file:line
	command string
	needs   bool // marked on its line or above it in its block
	ownMark bool // marked on its own line
}

var needsComment = regexp.MustCompile(`\bneeds:`)

// docCommands returns the command lines of the sh blocks of file.
func docCommands(t *testing.T, file string) []docCommand {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var cmds []docCommand
	inBlock, isShell, blockNeeds := false, false, false
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if fence := strings.TrimSpace(line); strings.HasPrefix(fence, "```") {
			if !inBlock {
				info := strings.TrimPrefix(fence, "```")
				isShell = info == "sh" || info == "bash" || info == "shell"
				blockNeeds = false
			}
			inBlock = !inBlock
			continue
		}
		if !inBlock || !isShell {
			continue
		}
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "#") {
			blockNeeds = blockNeeds || needsComment.MatchString(trimmed)
			continue
		}
		if trimmed == "" {
			continue
		}
		// A comment starts at " #" outside $(...) and quotes; the
		// commands here have none of those before their comment.
		command, comment := trimmed, ""
		if i := strings.Index(trimmed, " #"); i >= 0 {
			command, comment = strings.TrimSpace(trimmed[:i]), trimmed[i:]
		}
		cmds = append(cmds, docCommand{
			where:   filepath.Base(file) + ":" + strconv.Itoa(n),
			command: strings.Join(strings.Fields(command), " "),
			needs:   blockNeeds || needsComment.MatchString(comment),
			ownMark: needsComment.MatchString(comment),
		})
	}
	return cmds
}

// TestDocCommandsAreRun checks that every command the README and the docs
// show in an sh block is run by a test that exists (or by .ci/run), or is
// marked as needing something this repository cannot provide; and that
// documentedCommands lists no command the documents no longer show.
func TestDocCommandsAreRun(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append([]string{filepath.Join(repoRoot, "README.md")}, files...)

	// The names of the tests of the repository.
	tests := make(map[string]bool)
	testFunc := regexp.MustCompile(`(?m)^func (Test\w+)\(`)
	filepath.WalkDir(repoRoot, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, "_test.go") {
			data, _ := os.ReadFile(path)
			for _, m := range testFunc.FindAllStringSubmatch(string(data), -1) {
				tests[m[1]] = true
			}
		}
		return nil
	})
	ciRun, err := os.ReadFile(filepath.Join(repoRoot, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}

	shown := make(map[string]bool)
	for _, file := range files {
		for _, c := range docCommands(t, file) {
			shown[c.command] = true
			by, listed := documentedCommands[c.command]
			switch {
			case c.ownMark && listed:
				t.Errorf("%s: %q is marked as needing what the repository cannot provide, and listed as run by %s: which is it?", c.where, c.command, by)
			case c.needs && !listed:
			case !listed:
				t.Errorf("%s: no test runs %q: add it to a test and to documentedCommands, or mark it '# needs: ...'", c.where, c.command)
			case by == ".ci/run":
				// A line of its own; a line ending in a backslash before
				// it may set the environment.
				if !strings.Contains(string(ciRun), "\n"+c.command+"\n") {
					t.Errorf("%s: %q is listed as run by .ci/run, which does not run it", c.where, c.command)
				}
			case !tests[by]:
				t.Errorf("%s: %q is listed as run by %s, which is not a test of this repository", c.where, c.command, by)
			}
		}
	}
	for _, c := range slices.Sorted(maps.Keys(documentedCommands)) {
		if !shown[c] {
			t.Errorf("documentedCommands lists %q, which no document shows any more", c)
		}
	}
}

// TestDocumentedCommands runs the documented commands no other test
// runs: the README's first command as it is written, from the
// repository's top directory; its -fix on a copy of the example, as
// written but for the copy's place; and -test=false.
func TestDocumentedCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and loads the real SDKs")
	}
	// Parallel: it waits on other processes much of its time.
	t.Parallel()
	want := expectedFindings(t)
	findings := func(out string) []string {
		var got []string
		for _, d := range textDiagnostics(t, exampleDir, out) {
			if file, line, ok := findingOf(d); ok {
				got = append(got, file+":"+line)
			}
		}
		slices.Sort(got)
		return got
	}
	var wantLines []string
	for _, f := range want {
		fileLine, _, _ := strings.Cut(f, " ")
		wantLines = append(wantLines, fileLine)
	}

	out, stderr, code := runSplit(t, repoRoot, nil, "bash", "-c", "cd testdata/example && go tool mcperrlint ./... ; cd -")
	if code != 0 || !slices.Equal(findings(stderr), wantLines) {
		t.Errorf("README's first command: exit %d (want 0: the last command is cd -), findings %q, want %q\n%s%s", code, findings(stderr), wantLines, out, stderr)
	}

	// -fix on a copy: the README's block, in its order, with the copy in
	// a temporary directory. The copy gets the fixes -fix writes (the
	// goldens), and the example the tests read is left as it was.
	var script []string
	copyDir := filepath.Join(t.TempDir(), "example")
	for _, c := range docCommands(t, filepath.Join(repoRoot, "README.md")) {
		if strings.Contains(c.command, "/tmp/example") {
			script = append(script, strings.ReplaceAll(c.command, "/tmp/example", copyDir))
		}
	}
	if len(script) != 3 {
		t.Fatalf("README's -fix on a copy: %d commands, want 3 (cp, go mod edit, go tool): %q", len(script), script)
	}
	before := make(map[string]string)
	for _, f := range exampleFiles {
		before[f] = readFile(t, exampleDir, f)
	}
	out, stderr, code = runSplit(t, repoRoot, nil, "bash", "-e", "-c", strings.Join(script, "\n"))
	if code != 0 {
		t.Errorf("README's -fix on a copy: exit %d, want 0 (every finding fixed)\n%s%s", code, out, stderr)
	}
	for _, f := range exampleFiles {
		if got, want := readFile(t, copyDir, f), readFile(t, exampleDir, f+".golden"); got != want {
			t.Errorf("README's -fix on a copy: %s differs from %s.golden:\n%s", f, f, got)
		}
		if readFile(t, exampleDir, f) != before[f] {
			t.Errorf("README's -fix on a copy changed testdata/example/%s", f)
		}
	}

	bin := buildCommand(t)
	// The example has no tests, so -test=false reports the same.
	o, code := run(t, exampleDir, bin, "-test=false", "./...")
	if code != 3 || !slices.Equal(findings(o), wantLines) {
		t.Errorf("-test=false: exit %d, findings %q, want 3 and %q", code, findings(o), wantLines)
	}
}

// TestReadmeShape checks the README a newcomer reads: at most 300 lines,
// linking every page of docs/, and every relative link of the README and
// the docs going to a file that exists and, with an anchor, to one of its
// headings (as GitHub makes anchors of them).
func TestReadmeShape(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(readme), "\n"); n > 300 {
		t.Errorf("README.md has %d lines, want at most 300: move details to docs/", n)
	}
	pages, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no docs pages: %v", err)
	}
	for _, p := range pages {
		if !strings.Contains(string(readme), "](docs/"+filepath.Base(p)) {
			t.Errorf("README.md does not link docs/%s", filepath.Base(p))
		}
	}

	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	for _, file := range append([]string{filepath.Join(repoRoot, "README.md")}, pages...) {
		data, _ := os.ReadFile(file)
		for _, m := range link.FindAllStringSubmatch(withoutCode(string(data)), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			path, anchor, _ := strings.Cut(target, "#")
			dest := file
			if path != "" {
				dest = filepath.Join(filepath.Dir(file), filepath.FromSlash(path))
			}
			destData, err := os.ReadFile(dest)
			if err != nil {
				if _, statErr := os.Stat(dest); statErr != nil {
					t.Errorf("%s: link %q: no such file", filepath.Base(file), target)
				}
				continue // a directory
			}
			if anchor != "" && strings.HasSuffix(dest, ".md") && !slices.Contains(anchors(string(destData)), anchor) {
				t.Errorf("%s: link %q: %s has no heading with anchor #%s", filepath.Base(file), target, filepath.Base(dest), anchor)
			}
		}
	}
}

// withoutCode is markdown without its fenced code blocks.
func withoutCode(md string) string {
	var b strings.Builder
	in := false
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			in = !in
			continue
		}
		if !in {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

// anchors returns the anchors GitHub gives the headings of md: lower
// case, punctuation but '-' and '_' dropped, spaces made '-'.
func anchors(md string) []string {
	var list []string
	for _, line := range strings.Split(withoutCode(md), "\n") {
		if !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || 'a' <= r && r <= 'z' || '0' <= r && r <= '9':
				b.WriteRune(r)
			}
		}
		list = append(list, b.String())
	}
	return list
}

// TestConfigPointsAtDocs checks that the comments of the configuration
// files at the top of the repository, which users copy, point at
// documents and sections that exist: a "docs/page.md" or "README.md",
// with the heading after it in quotes when they name one.
func TestConfigPointsAtDocs(t *testing.T) {
	ref := regexp.MustCompile(`((?:docs/)?[\w-]+\.md)(?:, "([^"]+)")?`)
	found := 0
	for _, name := range []string{".golangci-plugin.yml", ".pre-commit-hooks.yaml"} {
		data, err := os.ReadFile(filepath.Join(repoRoot, name))
		if err != nil {
			t.Fatal(err)
		}
		// The comments as one text: a reference may span lines.
		var comments []string
		for _, line := range strings.Split(string(data), "\n") {
			if c, ok := strings.CutPrefix(strings.TrimSpace(line), "#"); ok {
				comments = append(comments, strings.TrimSpace(c))
			}
		}
		for _, m := range ref.FindAllStringSubmatch(strings.Join(comments, " "), -1) {
			found++
			doc, err := os.ReadFile(filepath.Join(repoRoot, filepath.FromSlash(m[1])))
			if err != nil {
				t.Errorf("%s points at %s: %v", name, m[1], err)
				continue
			}
			if m[2] == "" {
				continue
			}
			heading := false
			for _, line := range strings.Split(withoutCode(string(doc)), "\n") {
				heading = heading || strings.HasPrefix(line, "#") && strings.TrimSpace(strings.TrimLeft(line, "#")) == m[2]
			}
			if !heading {
				t.Errorf("%s points at %s, %q: no such heading there", name, m[1], m[2])
			}
		}
	}
	if found == 0 {
		t.Error(".golangci-plugin.yml no longer points at its documentation: say where to read how to build golangci-lint with the plugin")
	}
}
