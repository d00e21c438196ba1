package lsp_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/mcperrlint/mcperrlint/analyzer"
	"github.com/mcperrlint/mcperrlint/cmd/mcperrlint/internal/lsp"
	"github.com/mcperrlint/mcperrlint/internal/testbin"
)

// This file is a minimal LSP client for the tests, written apart from
// the server's code (its own framing, its own UTF-16 arithmetic) so that
// a shared mistake cannot hide.

// msg is any message from the server.
type msg struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

type client struct {
	t    *testing.T
	w    *io.PipeWriter
	exit chan int
	// analyzed receives the file of each analysis the server finishes.
	analyzed chan string
	// loads counts the packages the server loaded with go list.
	loads atomic.Int32

	mu    sync.Mutex
	cond  *sync.Cond
	msgs  []msg
	taken []bool
	eof   bool

	id int
}

// testLevel gives the argument errors' categories the level error, as
// the command's rule table does, and the others none (warning).
func testLevel(category string) string {
	switch category {
	case "decode", "validate", "invalid-params":
		return "error"
	}
	return ""
}

// startServer runs lsp.Serve on in-memory pipes.
func startServer(t *testing.T, debounce time.Duration) *client {
	t.Helper()
	toServer, clientW := io.Pipe()
	clientR, fromServer := io.Pipe()
	c := &client{t: t, w: clientW, exit: make(chan int, 1), analyzed: make(chan string, 1000)}
	c.cond = sync.NewCond(&c.mu)
	go func() {
		code := lsp.Serve(toServer, fromServer, lsp.Options{
			Analyzer: analyzer.New(analyzer.Config{}),
			Level:    testLevel,
			Debounce: debounce,
			Log:      testLog{t},
			Analyzed: func(path string) { c.analyzed <- path },
			Loaded:   func(string) { c.loads.Add(1) },
		})
		fromServer.Close()
		c.exit <- code
	}()
	go c.readLoop(bufio.NewReader(clientR))
	t.Cleanup(func() {
		clientW.Close() // ends Serve if the test did not
		select {
		case <-c.exit:
		case <-time.After(30 * time.Second):
			t.Error("server did not stop after its input closed")
		}
	})
	return c
}

// testLog sends the server's log to the test's, but only while the test
// runs (an analysis may outlive a failed test).
type testLog struct{ t *testing.T }

func (l testLog) Write(p []byte) (int, error) {
	l.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

// waitAnalyzed waits until the server has analyzed (or skipped) the
// package of path, passing over the analyses of other files.
func (c *client) waitAnalyzed(path string) {
	c.t.Helper()
	timeout := time.After(2 * time.Minute)
	for {
		select {
		case p := <-c.analyzed:
			if p == path {
				return
			}
		case <-timeout:
			c.t.Fatalf("no analysis of %s", path)
		}
	}
}

func (c *client) readLoop(r *bufio.Reader) {
	defer func() {
		c.mu.Lock()
		c.eof = true
		c.cond.Broadcast()
		c.mu.Unlock()
	}()
	for {
		length := -1
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimSpace(line)
			if line == "" {
				break
			}
			if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
				length, _ = strconv.Atoi(v)
			}
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(r, body); err != nil {
			return
		}
		var m msg
		if err := json.Unmarshal(body, &m); err != nil {
			c.t.Errorf("server sent invalid JSON %q: %v", body, err)
			return
		}
		c.mu.Lock()
		c.msgs = append(c.msgs, m)
		c.taken = append(c.taken, false)
		c.cond.Broadcast()
		c.mu.Unlock()
	}
}

// sendRaw writes body as one framed message.
func (c *client) sendRaw(body []byte) {
	c.t.Helper()
	if _, err := fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		c.t.Fatalf("writing to server: %v", err)
	}
}

func (c *client) send(v any) {
	c.t.Helper()
	body, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	c.sendRaw(body)
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	c.send(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

// call sends a request and returns its response.
func (c *client) call(method string, params any) msg {
	c.t.Helper()
	c.id++
	id := c.id
	c.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	return c.waitFor(10*time.Second, "response to "+method, func(m msg) bool {
		return m.Method == "" && string(m.ID) == strconv.Itoa(id)
	})
}

// waitFor returns the first message not yet taken that matches.
func (c *client) waitFor(timeout time.Duration, what string, match func(msg) bool) msg {
	c.t.Helper()
	m, ok := c.poll(timeout, match)
	if !ok {
		c.t.Fatalf("no %s within %v", what, timeout)
	}
	return m
}

func (c *client) poll(timeout time.Duration, match func(msg) bool) (msg, bool) {
	deadline := time.Now().Add(timeout)
	timer := time.AfterFunc(timeout, func() {
		c.mu.Lock()
		c.cond.Broadcast()
		c.mu.Unlock()
	})
	defer timer.Stop()
	c.mu.Lock()
	defer c.mu.Unlock()
	for {
		for i, m := range c.msgs {
			if !c.taken[i] && match(m) {
				c.taken[i] = true
				return m, true
			}
		}
		if c.eof || time.Now().After(deadline) {
			return msg{}, false
		}
		c.cond.Wait()
	}
}

// none checks that no message matching arrives within d.
func (c *client) none(d time.Duration, what string, match func(msg) bool) {
	c.t.Helper()
	if m, ok := c.poll(d, match); ok {
		c.t.Errorf("unexpected %s: %s %s", what, m.Method, m.Params)
	}
}

func (c *client) initialize() msg {
	c.t.Helper()
	resp := c.call("initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{}})
	if resp.Error != nil {
		c.t.Fatalf("initialize: %v", resp.Error)
	}
	c.notify("initialized", map[string]any{})
	return resp
}

// waitExit returns Serve's exit code.
func (c *client) waitExit() int {
	c.t.Helper()
	select {
	case code := <-c.exit:
		c.exit <- code // for the cleanup
		return code
	case <-time.After(30 * time.Second):
		c.t.Fatal("server did not exit")
		return -1
	}
}

type position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

type lspRange struct {
	Start position `json:"start"`
	End   position `json:"end"`
}

type diagnostic struct {
	Range           lspRange `json:"range"`
	Severity        int      `json:"severity"`
	Code            string   `json:"code"`
	CodeDescription struct {
		Href string `json:"href"`
	} `json:"codeDescription"`
	Source             string `json:"source"`
	Message            string `json:"message"`
	RelatedInformation []struct {
		Location struct {
			URI   string   `json:"uri"`
			Range lspRange `json:"range"`
		} `json:"location"`
		Message string `json:"message"`
	} `json:"relatedInformation"`
}

type textEdit struct {
	Range   lspRange `json:"range"`
	NewText string   `json:"newText"`
}

type codeAction struct {
	Title       string       `json:"title"`
	Kind        string       `json:"kind"`
	Diagnostics []diagnostic `json:"diagnostics"`
	Edit        struct {
		Changes map[string][]textEdit `json:"changes"`
	} `json:"edit"`
}

// diagnostics waits for the next publication for uri.
func (c *client) diagnostics(uri string) []diagnostic {
	c.t.Helper()
	m := c.waitFor(3*time.Minute, "diagnostics for "+uri, func(m msg) bool {
		return m.Method == "textDocument/publishDiagnostics" && publishedURI(m) == uri
	})
	var p struct {
		Diagnostics []diagnostic `json:"diagnostics"`
	}
	if err := json.Unmarshal(m.Params, &p); err != nil {
		c.t.Fatal(err)
	}
	if p.Diagnostics == nil {
		c.t.Fatalf("diagnostics for %s: null, want a list", uri)
	}
	return p.Diagnostics
}

func publishedURI(m msg) string {
	var p struct {
		URI string `json:"uri"`
	}
	json.Unmarshal(m.Params, &p)
	return p.URI
}

func (c *client) codeActions(uri string, r lspRange) []codeAction {
	c.t.Helper()
	resp := c.call("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": uri},
		"range":        r,
		"context":      map[string]any{"diagnostics": []any{}},
	})
	if resp.Error != nil {
		c.t.Fatalf("codeAction: %v", resp.Error.Message)
	}
	var actions []codeAction
	if err := json.Unmarshal(resp.Result, &actions); err != nil || actions == nil {
		c.t.Fatalf("codeAction result %s: want a list (%v)", resp.Result, err)
	}
	return actions
}

func (c *client) open(path string) string {
	c.t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		c.t.Fatal(err)
	}
	uri := fileURI(path)
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri, "languageId": "go", "version": 1, "text": string(text),
	}})
	return uri
}

// save writes text to path and tells the server, as an editor does.
func (c *client) save(path, text string) {
	c.t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		c.t.Fatal(err)
	}
	uri := fileURI(path)
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 2},
		"contentChanges": []any{map[string]any{"text": text}},
	})
	c.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": uri}})
}

func fileURI(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

// applyEdits applies LSP edits to text, reading positions as UTF-16 code
// units on lines ended by \n.
func applyEdits(t *testing.T, text string, edits []textEdit) string {
	t.Helper()
	lines := strings.SplitAfter(text, "\n")
	offset := func(p position) int {
		if p.Line >= len(lines) {
			t.Fatalf("edit position %+v beyond the text's %d lines", p, len(lines))
		}
		off := 0
		for _, l := range lines[:p.Line] {
			off += len(l)
		}
		units := 0
		for i, r := range lines[p.Line] {
			if units == p.Character {
				return off + i
			}
			if units > p.Character || r == '\n' {
				break
			}
			units += utf16.RuneLen(r)
		}
		if units != p.Character {
			t.Fatalf("edit position %+v is not on a character boundary of %q", p, lines[p.Line])
		}
		return off + len(strings.TrimSuffix(lines[p.Line], "\n"))
	}
	type span struct {
		start, end int
		text       string
	}
	var spans []span
	for _, e := range edits {
		spans = append(spans, span{offset(e.Range.Start), offset(e.Range.End), e.NewText})
	}
	slices.SortFunc(spans, func(a, b span) int { return b.start - a.start })
	for i, s := range spans {
		if s.end < s.start || i > 0 && s.end > spans[i-1].start {
			t.Fatalf("edits overlap or are inverted: %+v", edits)
		}
		text = text[:s.start] + s.text + text[s.end:]
	}
	return text
}

// utf16Col returns the UTF-16 column of byte offset i in line.
func utf16Col(line string, i int) int {
	return len(utf16.Encode([]rune(line[:i])))
}

// The tests that analyze the example module share one copy of it and
// one run of the real command's -fix on another copy.

const exampleDir = "../../../../testdata/example"

var (
	fixOnce   sync.Once
	fixedDir  string // the example (with intl) after `mcperrlint -fix ./...`
	fixErr    error
	repoRoot  string
	tmpParent string
)

// TestMain removes what the shared fixtures left behind.
func TestMain(m *testing.M) {
	code := m.Run()
	testbin.Cleanup()
	if tmpParent != "" {
		os.RemoveAll(tmpParent)
	}
	os.Exit(code)
}

// copyExample copies testdata/example, plus testdata/intl as package
// intl, into a new directory whose replace directive still finds this
// repository.
func copyExample(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := copyExampleTo(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

func copyExampleTo(dir string) error {
	root, err := filepath.Abs("../../../..")
	if err != nil {
		return err
	}
	repoRoot = root
	if err := os.CopyFS(dir, os.DirFS(exampleDir)); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(dir, "intl"), 0o755); err != nil {
		return err
	}
	intl, err := os.ReadFile("testdata/intl/intl.go")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "intl", "intl.go"), intl, 0o644); err != nil {
		return err
	}
	gomod := filepath.Join(dir, "go.mod")
	data, err := os.ReadFile(gomod)
	if err != nil {
		return err
	}
	return os.WriteFile(gomod, []byte(strings.ReplaceAll(string(data), "=> ../..", "=> "+root)), 0o644)
}

// fixedByCommand returns the content of rel after the real command's
// `-fix ./...` on a copy of the example: what an editor must end with.
func fixedByCommand(t *testing.T, rel string) string {
	t.Helper()
	fixOnce.Do(func() {
		tmpParent, fixErr = os.MkdirTemp("", "mcperrlint-lsp-test")
		if fixErr != nil {
			return
		}
		bin := testbin.Mcperrlint(t)
		fixedDir = filepath.Join(tmpParent, "fixed")
		if fixErr = copyExampleTo(fixedDir); fixErr != nil {
			return
		}
		cmd := exec.Command(bin, "-fix", "./...")
		cmd.Dir = fixedDir
		if out, err := cmd.CombinedOutput(); err != nil {
			fixErr = fmt.Errorf("mcperrlint -fix: %v\n%s", err, out)
		}
	})
	if fixErr != nil {
		t.Fatal(fixErr)
	}
	data, err := os.ReadFile(filepath.Join(fixedDir, rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
