package lsp_test

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/mcperrlint/mcperrlint/analyzer"
	"github.com/mcperrlint/mcperrlint/cmd/mcperrlint/internal/lsp"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
)

func TestLifecycle(t *testing.T) {
	c := startServer(t, 0)
	resp := c.initialize()
	var init struct {
		Capabilities struct {
			TextDocumentSync struct {
				OpenClose bool `json:"openClose"`
				Change    int  `json:"change"`
				Save      *struct {
					IncludeText bool `json:"includeText"`
				} `json:"save"`
			} `json:"textDocumentSync"`
			CodeActionProvider struct {
				CodeActionKinds []string `json:"codeActionKinds"`
			} `json:"codeActionProvider"`
		} `json:"capabilities"`
		ServerInfo struct {
			Name string `json:"name"`
		} `json:"serverInfo"`
	}
	if err := json.Unmarshal(resp.Result, &init); err != nil {
		t.Fatalf("initialize result %s: %v", resp.Result, err)
	}
	sync := init.Capabilities.TextDocumentSync
	if !sync.OpenClose || sync.Change != 1 || sync.Save == nil {
		t.Errorf("textDocumentSync = %+v, want open/close, full changes (1) and save", sync)
	}
	if kinds := init.Capabilities.CodeActionProvider.CodeActionKinds; !slices.Equal(kinds, []string{"quickfix"}) {
		t.Errorf("codeActionKinds = %q, want [quickfix]", kinds)
	}
	if init.ServerInfo.Name != "mcperrlint" {
		t.Errorf("serverInfo.name = %q", init.ServerInfo.Name)
	}

	if again := c.call("initialize", map[string]any{}); again.Error == nil || again.Error.Code != -32600 {
		t.Errorf("second initialize: %+v, want error -32600", again.Error)
	}
	shut := c.call("shutdown", nil)
	if shut.Error != nil || string(shut.Result) != "null" {
		t.Errorf("shutdown: result %s, error %+v; want result null", shut.Result, shut.Error)
	}
	if after := c.call("textDocument/codeAction", map[string]any{}); after.Error == nil || after.Error.Code != -32600 {
		t.Errorf("request after shutdown: %+v, want error -32600", after.Error)
	}
	c.notify("exit", nil)
	if code := c.waitExit(); code != 0 {
		t.Errorf("exit after shutdown: code %d, want 0", code)
	}
}

func TestExitWithoutShutdown(t *testing.T) {
	c := startServer(t, 0)
	c.initialize()
	c.notify("exit", nil)
	if code := c.waitExit(); code != 1 {
		t.Errorf("exit without shutdown: code %d, want 1", code)
	}
}

func TestInputEndsWithoutShutdown(t *testing.T) {
	c := startServer(t, 0)
	c.initialize()
	c.w.Close()
	if code := c.waitExit(); code != 1 {
		t.Errorf("end of input without shutdown: code %d, want 1", code)
	}
}

// errorReply matches an error response with the given id and code.
func errorReply(id string, code int) func(msg) bool {
	return func(m msg) bool {
		return m.Method == "" && m.Error != nil && string(m.ID) == id && m.Error.Code == code
	}
}

func TestBadRequests(t *testing.T) {
	c := startServer(t, 0)
	wantError := func(what string, resp msg, code int) {
		t.Helper()
		if resp.Error == nil || resp.Error.Code != code {
			t.Errorf("%s: error %+v, result %s; want error code %d", what, resp.Error, resp.Result, code)
		}
	}

	wantError("request before initialize", c.call("textDocument/codeAction", map[string]any{}), -32002)
	c.sendRaw([]byte(`{"jsonrpc": "2.0", "id": 1, "method": `))
	c.waitFor(10*time.Second, "parse error reply", errorReply("null", -32700))
	c.sendRaw([]byte(`[{"jsonrpc": "2.0", "id": 1, "method": "shutdown"}]`))
	c.waitFor(10*time.Second, "invalid request reply to a batch", errorReply("null", -32600))

	c.initialize()
	wantError("unknown method", c.call("workspace/symbol", map[string]any{"query": "x"}), -32601)
	wantError("params of the wrong type", c.call("textDocument/codeAction", "file:///x.go"), -32602)
	wantError("range of the wrong type", c.call("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": "file:///x.go"}, "range": "all",
	}), -32602)
	c.send(map[string]any{"jsonrpc": "2.0", "id": map[string]any{"a": 1}, "method": "shutdown"})
	c.waitFor(10*time.Second, "invalid request reply to an object id", errorReply("null", -32600))

	// Bad notifications get no reply and change nothing.
	c.notify("textDocument/didOpen", "garbage")
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": "untitled:Untitled-1", "text": "package x"}})
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": "file:///etc/hosts", "text": "x"}})
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": "%zz", "text": "x"}})
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere/x.go"},
		"contentChanges": []any{map[string]any{"text": "x"}}})
	c.notify("textDocument/didSave", map[string]any{"textDocument": 42})
	c.notify("$/cancelRequest", map[string]any{"id": 99})

	for _, params := range []map[string]any{
		{"textDocument": map[string]any{"uri": "file:///nowhere/x.go"}},
		{"textDocument": map[string]any{"uri": "untitled:1"}, "range": map[string]any{"start": map[string]any{"line": 1 << 31}}},
		{},
	} {
		resp := c.call("textDocument/codeAction", params)
		if resp.Error != nil || string(resp.Result) != "[]" {
			t.Errorf("codeAction %v: result %s, error %+v; want []", params, resp.Result, resp.Error)
		}
	}
	c.none(500*time.Millisecond, "message after bad notifications", func(m msg) bool { return m.Method != "" })

	// The server is still well.
	if resp := c.call("shutdown", nil); resp.Error != nil {
		t.Errorf("shutdown after bad requests: %+v", resp.Error)
	}
	c.notify("exit", nil)
	if code := c.waitExit(); code != 0 {
		t.Errorf("exit code %d, want 0", code)
	}
}

// TestBrokenHeader checks that a stream whose framing is lost ends the
// server with exit code 1 instead of a panic or a hang.
func TestBrokenHeader(t *testing.T) {
	for name, input := range map[string]string{
		"bad length":     "Content-Length: many\r\n\r\n{}",
		"no length":      "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}",
		"not a header":   "hello\r\n\r\n",
		"huge length":    "Content-Length: 99999999999\r\n\r\n",
		"truncated body": "Content-Length: 100\r\n\r\n{}",
	} {
		t.Run(name, func(t *testing.T) {
			var out strings.Builder
			code := lsp.Serve(strings.NewReader(input), &out, lsp.Options{Analyzer: analyzer.New(analyzer.Config{}), Log: io.Discard})
			if code != 1 {
				t.Errorf("exit code %d, want 1", code)
			}
		})
	}
}

// longLine is a header line of 8 MiB that never ends; it counts what
// was read of it.
type longLine struct{ n int }

func (l *longLine) Read(p []byte) (int, error) {
	if l.n >= 8<<20 {
		return 0, io.EOF
	}
	n := min(len(p), 8<<20-l.n)
	for i := range n {
		p[i] = '0'
	}
	l.n += n
	return n, nil
}

// TestLongHeaderLine checks that header lines are bounded: a client that
// never ends one must not make the server read and keep it all.
func TestLongHeaderLine(t *testing.T) {
	line := &longLine{}
	code := lsp.Serve(io.MultiReader(strings.NewReader("Content-Length: 1"), line), io.Discard,
		lsp.Options{Analyzer: analyzer.New(analyzer.Config{}), Log: io.Discard})
	if code != 1 {
		t.Errorf("exit code %d, want 1", code)
	}
	if line.n >= 1<<20 {
		t.Errorf("the server read %d bytes of one header line before giving up", line.n)
	}
}

var mark = regexp.MustCompile(`// (decode|validate|invalid-params)\b`)

// marked returns the zero-based lines of text marked with the category
// they must be reported with, as "line category".
func marked(text string) []string {
	var want []string
	for i, line := range strings.Split(text, "\n") {
		if m := mark.FindStringSubmatch(line); m != nil {
			want = append(want, lineCategory(i, m[1]))
		}
	}
	return want
}

func lineCategory(line int, category string) string {
	return strings.Join([]string{itoa(line), category}, " ")
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

// TestExampleQuickFixes opens the example's handler files, checks the
// published diagnostics against the marked lines, then applies the first
// diagnostic's quick fix and saves, as an editor user would, until
// nothing is left: each file must end as `mcperrlint -fix` leaves it.
func TestExampleQuickFixes(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real SDKs")
	}
	dir := copyExample(t)
	c := startServer(t, 50*time.Millisecond)
	c.initialize()

	files := []string{"weather/weather.go", "notes/notes.go", "intl/intl.go"}
	uris := make(map[string]string)
	for _, rel := range files {
		uris[rel] = c.open(filepath.Join(dir, rel))
	}
	for _, rel := range files {
		path, uri := filepath.Join(dir, rel), uris[rel]
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		diags := c.diagnostics(uri)

		var got []string
		for _, d := range diags {
			got = append(got, lineCategory(d.Range.Start.Line, d.Code))
			// The severity is Options.Level's: error (1) for the
			// argument errors, as SARIF and GitHub annotations say.
			if d.Source != "mcperrlint" || d.Severity != 1 {
				t.Errorf("%s:%d: source %q severity %d, want mcperrlint, 1 (error)", rel, d.Range.Start.Line+1, d.Source, d.Severity)
			}
			if want := category.URL + "#" + d.Code; d.CodeDescription.Href != want {
				t.Errorf("%s:%d: codeDescription.href %q, want %q", rel, d.Range.Start.Line+1, d.CodeDescription.Href, want)
			}
			// A decode or check happens before the return; an
			// InvalidParams error built in the return statement
			// itself has no other place to point at.
			if wantRelated := d.Code != "invalid-params"; wantRelated && (len(d.RelatedInformation) != 1 ||
				d.RelatedInformation[0].Location.URI != uri || d.RelatedInformation[0].Location.Range.Start.Line >= d.Range.Start.Line) {
				t.Errorf("%s:%d: relatedInformation %+v, want one location earlier in the file", rel, d.Range.Start.Line+1, d.RelatedInformation)
			}
			if rel == "weather/weather.go" && d.Range.Start.Line == 27 {
				// weather.go:27:26, as the README shows the command's output.
				r := d.RelatedInformation[0]
				if want := (position{26, 25}); r.Location.Range.Start != want || r.Message != "the arguments are decoded here" {
					t.Errorf("related information of the decode finding: %+v, want at %+v, the arguments are decoded here", r, want)
				}
			}
		}
		if want := marked(text); !slices.Equal(got, want) {
			t.Errorf("%s: diagnostics (line category) %q, want %q", rel, got, want)
		}

		for round := 0; len(diags) > 0; round++ {
			if round == 10 {
				t.Fatalf("%s: still %d diagnostics after 10 fixes", rel, len(diags))
			}
			d := diags[0]
			actions := c.codeActions(uri, d.Range)
			if len(actions) != 1 {
				t.Fatalf("%s:%d: %d code actions, want 1: %+v", rel, d.Range.Start.Line+1, len(actions), actions)
			}
			a := actions[0]
			if a.Kind != "quickfix" || a.Title == "" || len(a.Diagnostics) != 1 || a.Diagnostics[0].Message != d.Message {
				t.Errorf("%s:%d: code action %q of kind %q for %+v", rel, d.Range.Start.Line+1, a.Title, a.Kind, a.Diagnostics)
			}
			if len(a.Edit.Changes) != 1 || a.Edit.Changes[uri] == nil {
				t.Fatalf("%s:%d: edit changes %+v, want edits of %s only", rel, d.Range.Start.Line+1, a.Edit.Changes, uri)
			}
			text = applyEdits(t, text, a.Edit.Changes[uri])
			c.save(path, text)
			next := c.diagnostics(uri)
			if len(next) != len(diags)-1 {
				t.Errorf("%s: %d diagnostics after fixing one of %d", rel, len(next), len(diags))
			}
			diags = next
		}
		if want := fixedByCommand(t, rel); text != want {
			t.Errorf("%s after the quick fixes differs from mcperrlint -fix:\n--- quick fixes\n%s\n--- -fix\n%s", rel, text, want)
		}
	}
}

// TestUTF16Positions checks that positions count UTF-16 code units on
// lines with non-ASCII text, and that the fix edits, which start after
// such text, land where the -fix driver's do.
func TestUTF16Positions(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real SDKs")
	}
	dir := copyExample(t)
	c := startServer(t, 0)
	c.initialize()
	const rel = "intl/intl.go"
	path := filepath.Join(dir, rel)
	uri := c.open(path)
	data, _ := os.ReadFile(path)
	text := string(data)
	lines := strings.Split(text, "\n")

	diags := c.diagnostics(uri)
	if len(diags) != 2 {
		t.Fatalf("%d diagnostics, want 2: %+v", len(diags), diags)
	}
	for _, d := range diags {
		line := lines[d.Range.Start.Line]
		start := strings.Index(line, "return")
		end := strings.Index(line, " // ")
		if start < 0 || end < 0 {
			t.Fatalf("diagnostic on line %d %q, not on a marked return", d.Range.Start.Line+1, line)
		}
		want := lspRange{position{d.Range.Start.Line, utf16Col(line, start)}, position{d.Range.Start.Line, utf16Col(line, end)}}
		if d.Range != want {
			t.Errorf("line %d %q: range %+v, want %+v (UTF-16 columns; bytes would be %d-%d)", d.Range.Start.Line+1, line, d.Range, want, start, end)
		}
	}

	// Fix both findings in turn (the second fix also deletes the errors
	// import) and compare with what -fix does.
	for len(diags) > 0 {
		d := diags[0]
		actions := c.codeActions(uri, d.Range)
		if len(actions) != 1 {
			t.Fatalf("%d actions for %+v", len(actions), d.Range)
		}
		edits := actions[0].Edit.Changes[uri]
		midLine := false
		for _, e := range edits {
			if nonASCIIBefore(lines[e.Range.Start.Line], e.Range.Start.Character) {
				midLine = true
			}
		}
		if !midLine {
			t.Errorf("no edit of %+v starts after non-ASCII text on its line; the test would not catch byte columns", edits)
		}
		text = applyEdits(t, text, edits)
		lines = strings.Split(text, "\n")
		c.save(path, text)
		diags = c.diagnostics(uri)
	}
	if want := fixedByCommand(t, rel); text != want {
		t.Errorf("after the quick fixes:\n%s\nwant (mcperrlint -fix):\n%s", text, want)
	}
}

// nonASCIIBefore reports whether line has a non-ASCII character before
// UTF-16 column col.
func nonASCIIBefore(line string, col int) bool {
	units := 0
	for _, r := range line {
		if units >= col {
			break
		}
		if r > 0x7f {
			return true
		}
		units += utf16.RuneLen(r)
	}
	return false
}

// TestStaleBuffer checks that no fix is offered while the editor's
// buffer differs from the content that was analyzed: the edits would
// land in the wrong place.
func TestStaleBuffer(t *testing.T) {
	c, _, path, uri, diags := openNotes(t)
	if len(diags) == 0 {
		t.Fatal("no diagnostics")
	}
	data, _ := os.ReadFile(path)
	change := func(text string) {
		c.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": uri, "version": 3},
			"contentChanges": []any{map[string]any{"text": text}},
		})
	}
	change("// edited\n" + string(data))
	if actions := c.codeActions(uri, diags[0].Range); len(actions) != 0 {
		t.Errorf("%d code actions for a buffer edited since the analysis, want 0", len(actions))
	}
	change(string(data))
	if actions := c.codeActions(uri, diags[0].Range); len(actions) != 1 {
		t.Errorf("%d code actions once the buffer matches again, want 1", len(actions))
	}
	// An incremental change (the server asks for full ones) is followed.
	c.notify("textDocument/didChange", map[string]any{
		"textDocument": map[string]any{"uri": uri, "version": 4},
		"contentChanges": []any{map[string]any{
			"range": lspRange{position{0, 0}, position{0, 0}}, "text": "// edited\n",
		}},
	})
	if actions := c.codeActions(uri, diags[0].Range); len(actions) != 0 {
		t.Errorf("%d code actions after an incremental edit, want 0", len(actions))
	}
}

// openNotes starts a server on a copy of the example module, opens its
// notes/notes.go and returns the first diagnostics published for it.
func openNotes(t *testing.T) (c *client, dir, path, uri string, diags []diagnostic) {
	t.Helper()
	if testing.Short() {
		t.Skip("loads the real SDKs")
	}
	dir = copyExample(t)
	c = startServer(t, 0)
	c.initialize()
	path = filepath.Join(dir, "notes", "notes.go")
	uri = c.open(path)
	return c, dir, path, uri, c.diagnostics(uri)
}

// tinyModule writes a module with one package holding src as a.go.
func tinyModule(t *testing.T, src string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/tiny\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "a.go")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func isPublish(uri string) func(msg) bool {
	return func(m msg) bool { return m.Method == "textDocument/publishDiagnostics" && publishedURI(m) == uri }
}

func isMessage(typ int, contains string) func(msg) bool {
	return func(m msg) bool {
		var p struct {
			Type    int    `json:"type"`
			Message string `json:"message"`
		}
		json.Unmarshal(m.Params, &p)
		return m.Method == "window/showMessage" && p.Type == typ && strings.Contains(p.Message, contains)
	}
}

// TestLoadErrors checks that a package that does not load or type-check
// is reported with window/showMessage, once per distinct problem, and
// that the server keeps serving.
func TestLoadErrors(t *testing.T) {
	c := startServer(t, 10*time.Millisecond)
	c.initialize()

	typeErr := tinyModule(t, "package tiny\n\nvar x int = \"s\"\n")
	uri := c.open(typeErr)
	c.waitFor(2*time.Minute, "showMessage for a type error", isMessage(1, `cannot use "s"`))
	if d := c.diagnostics(uri); len(d) != 0 {
		t.Errorf("diagnostics for a package that did not type-check: %+v", d)
	}
	c.save(typeErr, "package tiny\n\nvar x int = \"s\"\n")
	c.diagnostics(uri)
	c.none(200*time.Millisecond, "the same showMessage again", isMessage(1, ""))
	c.save(typeErr, "package tiny\n\nvar x int = 1\n")
	c.diagnostics(uri)
	c.none(200*time.Millisecond, "showMessage for a package without errors", isMessage(1, ""))

	syntaxErr := tinyModule(t, "package tiny\n\nfunc {\n")
	c.open(syntaxErr)
	c.waitFor(2*time.Minute, "showMessage for a syntax error", isMessage(1, "a.go:3"))

	// Outside a module a file is a package of its own, which works
	// until it imports something no module provides.
	noModule := filepath.Join(t.TempDir(), "lonely.go")
	if err := os.WriteFile(noModule, []byte("package lonely\n\nimport _ \"example.com/nowhere\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.open(noModule)
	c.waitFor(2*time.Minute, "showMessage for an import outside a module", isMessage(1, "example.com/nowhere"))

	if resp := c.call("shutdown", nil); resp.Error != nil {
		t.Errorf("shutdown: %+v", resp.Error)
	}
}

// TestTestFiles checks that a package's own test files and its external
// test package are analyzed separately even when opened together, and
// that files no package builds stay quiet.
func TestTestFiles(t *testing.T) {
	path := tinyModule(t, "package tiny\n")
	dir := filepath.Dir(path)
	for name, src := range map[string]string{
		"a_test.go": "package tiny\n",
		"b_test.go": "package tiny_test\n",
		"gen.go":    "//go:build ignore\n\npackage main\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := startServer(t, 100*time.Millisecond)
	c.initialize()

	internal := c.open(filepath.Join(dir, "a_test.go"))
	external := c.open(filepath.Join(dir, "b_test.go"))
	c.diagnostics(internal)
	c.diagnostics(external)

	// A file excluded by build constraints, and a new file not saved
	// yet, are not analyzed and not complained about.
	ignored := c.open(filepath.Join(dir, "gen.go"))
	c.waitAnalyzed(filepath.Join(dir, "gen.go"))
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": fileURI(filepath.Join(dir, "new_test.go")), "languageId": "go", "version": 1, "text": "package tiny\n",
	}})
	c.waitAnalyzed(filepath.Join(dir, "new_test.go"))
	c.diagnostics(c.open(path)) // everything before it is done
	c.none(0, "showMessage", func(m msg) bool { return m.Method == "window/showMessage" })
	c.none(0, "diagnostics for the ignored file", isPublish(ignored))
}

// TestSavesKeepTheGraph checks that a save checks the edited package
// again without a new go list, and that the diagnostics follow the new
// text; and that an edit go list must see (a new file) loads anew.
func TestSavesKeepTheGraph(t *testing.T) {
	c, dir, path, uri, before := openNotes(t)
	if len(before) == 0 || c.loads.Load() != 1 {
		t.Fatalf("%d diagnostics, %d loads; want some, and 1 load", len(before), c.loads.Load())
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := func(diags []diagnostic) []int {
		var out []int
		for _, d := range diags {
			out = append(out, d.Range.Start.Line)
		}
		return out
	}

	// Each save parses the file again into a FileSet of the update's own
	// (load.Graph.Update): the whole ranges, related information too,
	// must move down with the text, columns unchanged.
	moved := func(r lspRange, n int) lspRange {
		r.Start.Line += n
		r.End.Line += n
		return r
	}
	for i := 1; i <= 3; i++ {
		c.save(path, strings.Repeat("// edited\n", i)+string(data))
		c.waitAnalyzed(path)
		got := c.diagnostics(uri)
		if len(got) != len(before) {
			t.Fatalf("after save %d: %d diagnostics, want %d", i, len(got), len(before))
		}
		for k, d := range got {
			b := before[k]
			if want := moved(b.Range, i); d.Range != want || d.Message != b.Message {
				t.Errorf("after save %d: diagnostic at %+v %q, want at %+v %q", i, d.Range, d.Message, want, b.Message)
			}
			if len(d.RelatedInformation) != len(b.RelatedInformation) {
				t.Errorf("after save %d: related information %+v, want %+v moved", i, d.RelatedInformation, b.RelatedInformation)
				continue
			}
			for j, r := range d.RelatedInformation {
				if want := moved(b.RelatedInformation[j].Location.Range, i); r.Location.Range != want {
					t.Errorf("after save %d: related information at %+v, want %+v", i, r.Location.Range, want)
				}
			}
		}
	}
	if n := c.loads.Load(); n != 1 {
		t.Errorf("%d loads after saves that only edit a file, want 1", n)
	}

	// A new file changes go list's answer.
	if err := os.WriteFile(filepath.Join(dir, "notes", "extra.go"), []byte("package notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.save(path, string(data))
	c.waitAnalyzed(path)
	if got := lines(c.diagnostics(uri)); !slices.Equal(got, lines(before)) {
		t.Errorf("after a new file: diagnostics on lines %v, want %v", got, lines(before))
	}
	if n := c.loads.Load(); n != 2 {
		t.Errorf("%d loads after a new file, want 2", n)
	}
}
