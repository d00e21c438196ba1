package lspbench_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcperrlint/mcperrlint/scripts/internal/lspbench"
)

// The test binary is also the server: with LSPBENCH_FAKE set it runs
// fakeServer instead of the tests.
func TestMain(m *testing.M) {
	if mode, ok := os.LookupEnv("LSPBENCH_FAKE"); ok {
		os.Exit(fakeServer(mode))
	}
	os.Exit(m.Run())
}

// fakeServer answers like mcperrlint lsp, publishing one diagnostic per
// open or save, after checking that the file on disk is the text the
// editor last sent. mode "crash N" exits at the Nth save without
// publishing; "hang N" publishes nothing from the Nth save on.
func fakeServer(mode string) int {
	kind, n, _ := strings.Cut(mode, " ")
	fail, _ := strconv.Atoi(n)
	r := bufio.NewReader(os.Stdin)
	w := os.Stdout
	send := func(v any) {
		body, _ := json.Marshal(v)
		fmt.Fprintf(w, "Content-Length: %d\r\n\r\n%s", len(body), body)
	}
	var text string
	saves := 0
	for {
		length := -1
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return 1
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
			return 1
		}
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params struct {
				TextDocument struct {
					URI  string `json:"uri"`
					Text string `json:"text"`
				} `json:"textDocument"`
				ContentChanges []struct {
					Text string `json:"text"`
				} `json:"contentChanges"`
			} `json:"params"`
		}
		if err := json.Unmarshal(body, &m); err != nil {
			return 1
		}
		uri := m.Params.TextDocument.URI
		publish := func() {
			path := strings.TrimPrefix(uri, "file://")
			if disk, err := os.ReadFile(path); err != nil || string(disk) != text {
				send(map[string]any{"jsonrpc": "2.0", "method": "window/showMessage", "params": map[string]any{"type": 1, "message": "disk differs from the editor"}})
				return
			}
			send(map[string]any{"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": map[string]any{
				"uri": "file:///other.go", "diagnostics": []any{}}})
			send(map[string]any{"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": map[string]any{
				"uri": uri, "diagnostics": []any{map[string]any{"message": "x"}}}})
		}
		switch m.Method {
		case "initialize":
			send(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": map[string]any{"capabilities": map[string]any{}}})
		case "shutdown":
			send(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": nil})
		case "exit":
			return 0
		case "textDocument/didOpen":
			text = m.Params.TextDocument.Text
			publish()
		case "textDocument/didChange":
			text = m.Params.ContentChanges[0].Text
		case "textDocument/didSave":
			saves++
			switch {
			case kind == "crash" && saves == fail:
				return 3
			case kind == "hang" && saves >= fail:
			default:
				publish()
			}
		}
	}
}

// setup writes a file to save and returns its path, content and
// modification time.
func setup(t *testing.T) (string, string, time.Time) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n"), 0o666)
	file := filepath.Join(dir, "a.go")
	const text = "package a\n\nfunc F() {}" // no final newline
	if err := os.WriteFile(file, []byte(text), 0o640); err != nil {
		t.Fatal(err)
	}
	mtime := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	if err := os.Chtimes(file, time.Time{}, mtime); err != nil {
		t.Fatal(err)
	}
	return file, text, mtime
}

func config(t *testing.T, file, mode string, saves int) lspbench.Config {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return lspbench.Config{
		Server:  []string{exe},
		File:    file,
		Saves:   saves,
		Env:     append(os.Environ(), "LSPBENCH_FAKE="+mode),
		Timeout: 30 * time.Second,
	}
}

func checkRestored(t *testing.T, file, text string, mtime time.Time) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != text {
		t.Errorf("file not restored: %q, want %q", data, text)
	}
	fi, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	if !fi.ModTime().Equal(mtime) || fi.Mode().Perm() != 0o640 {
		t.Errorf("file has mode %v and time %v, want %v and %v", fi.Mode().Perm(), fi.ModTime(), os.FileMode(0o640), mtime)
	}
}

func TestRun(t *testing.T) {
	file, text, mtime := setup(t)
	res, err := lspbench.Run(context.Background(), config(t, file, "ok", 12))
	if err != nil {
		t.Fatal(err)
	}
	checkRestored(t, file, text, mtime)
	if res.File != "example.com/m/a.go" || res.Diagnostics != 1 || len(res.Saves) != 12 {
		t.Errorf("result %+v, want example.com/m/a.go, 1 diagnostic, 12 saves", res)
	}
	var after []int
	for _, m := range res.Mem {
		after = append(after, m.Save)
	}
	if fmt.Sprint(after) != "[0 1 10 12]" {
		t.Errorf("memory read after saves %v, want [0 1 10 12]", after)
	}
	header, row := lspbench.MarkdownHeader(12), res.MarkdownRow()
	if cols := func(s string) int { return strings.Count(strings.SplitN(s, "\n", 2)[0], "|") }; cols(header) != cols(row) {
		t.Errorf("Markdown header and row differ in columns:\n%s\n%s", header, row)
	}
}

func TestRestoredAfterCrash(t *testing.T) {
	file, text, mtime := setup(t)
	_, err := lspbench.Run(context.Background(), config(t, file, "crash 3", 5))
	if err == nil || !strings.Contains(err.Error(), "after save 3") {
		t.Errorf("Run: %v, want an error at save 3", err)
	}
	checkRestored(t, file, text, mtime)
}

func TestRestoredAfterCancel(t *testing.T) {
	file, text, mtime := setup(t)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(500*time.Millisecond, cancel)
	_, err := lspbench.Run(ctx, config(t, file, "hang 2", 5))
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Run: %v, want %v", err, context.Canceled)
	}
	checkRestored(t, file, text, mtime)
}

func TestStats(t *testing.T) {
	var r lspbench.Result
	for i := 1; i <= 20; i++ {
		r.Saves = append(r.Saves, time.Duration(i)*time.Second)
	}
	med, p90, max := r.Stats()
	if med != 10500*time.Millisecond || p90 != 18*time.Second || max != 20*time.Second {
		t.Errorf("Stats = %v, %v, %v; want 10.5s, 18s, 20s", med, p90, max)
	}
}
