// Package lspbench measures what an editor waits for under mcperrlint
// lsp: it drives the server over stdio as an editor does (LSP framing,
// initialize, didOpen), then saves a file again and again, and times each
// save until the server publishes the file's diagnostics. It is shared by
// scripts/lspbench and scripts/bench.
//
// The server analyzes a package when one of its files is opened or
// saved (not on didChange), after its -debounce if one is set, and
// after every analysis it publishes the diagnostics of each file of the
// package, changed or not. So the first publishDiagnostics for the file after a didSave
// marks the end of that save's analysis, debounce included, as the
// editor sees it. The server reports a package it cannot analyze with
// window/showMessage; an error there fails the run.
package lspbench

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/mod/modfile"
)

// Config says what to measure.
type Config struct {
	// Server is the server's command line, such as
	// {"/path/to/mcperrlint", "lsp"}.
	Server []string

	// File is the Go file to open and save. It is modified on disk
	// during the run and restored at its end, also when the run fails
	// or ctx is cancelled.
	File string

	// Saves is the number of timed saves.
	Saves int

	// Env is the server's environment; nil means this process's.
	Env []string

	// Timeout bounds the wait for each analysis.
	Timeout time.Duration

	// Log, if set, receives the server's messages to the user and its
	// standard error as they come.
	Log io.Writer
}

// A Result is what one run measured.
type Result struct {
	File        string // the file, named by its module's path
	Diagnostics int    // the file's diagnostics after the open

	Open  time.Duration   // from didOpen to the first diagnostics
	Saves []time.Duration // from each didSave to the next diagnostics

	Mem []Mem // the server's memory after the open and some saves
}

// Mem is the server's memory after an analysis.
type Mem struct {
	Save         int   // after this save; 0 for after the open
	RSSKB, HWMKB int64 // VmRSS and VmHWM (its peak so far); -1 if unknown
}

// Run runs the server, opens cfg.File, saves it cfg.Saves times and
// returns the timings. It restores the file before it returns.
func Run(ctx context.Context, cfg Config) (res *Result, err error) {
	if cfg.Saves < 1 {
		return nil, fmt.Errorf("lspbench: Saves = %d, want ≥ 1", cfg.Saves)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 5 * time.Minute
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	file, err := filepath.Abs(cfg.File)
	if err != nil {
		return nil, err
	}
	orig, restore, err := preserve(file)
	if err != nil {
		return nil, err
	}
	defer func() { err = errors.Join(err, restore()) }()

	res = &Result{File: moduleName(file)}
	c, err := start(cfg, filepath.Dir(file))
	if err != nil {
		return nil, err
	}
	defer func() { err = errors.Join(err, c.stop()) }()

	root := moduleRoot(filepath.Dir(file))
	if _, err := c.call(ctx, cfg.Timeout, "initialize", map[string]any{
		"processId":    os.Getpid(),
		"rootUri":      fileURI(root),
		"capabilities": map[string]any{},
		"clientInfo":   map[string]any{"name": "lspbench"},
	}); err != nil {
		return nil, err
	}
	if err := c.notify("initialized", map[string]any{}); err != nil {
		return nil, err
	}

	uri := fileURI(file)
	begin := time.Now()
	if err := c.notify("textDocument/didOpen", map[string]any{
		"textDocument": map[string]any{"uri": uri, "languageId": "go", "version": 1, "text": string(orig)},
	}); err != nil {
		return nil, err
	}
	at, n, err := c.waitDiagnostics(ctx, cfg.Timeout, uri)
	if err != nil {
		return nil, fmt.Errorf("waiting for the diagnostics of %s after didOpen: %w", file, err)
	}
	res.Open, res.Diagnostics = at.Sub(begin), n
	res.Mem = append(res.Mem, c.mem(0))

	base := string(orig)
	if !strings.HasSuffix(base, "\n") && base != "" {
		base += "\n"
	}
	for i := 1; i <= cfg.Saves; i++ {
		// The editor sends the change as it is typed, then writes the
		// file, then says it saved it. A different comment each time,
		// so that every save changes the file.
		text := base + fmt.Sprintf("// lspbench %d\n", i)
		if err := c.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": uri, "version": i + 1},
			"contentChanges": []any{map[string]any{"text": text}},
		}); err != nil {
			return nil, err
		}
		if err := os.WriteFile(file, []byte(text), 0o666); err != nil {
			return nil, err
		}
		begin := time.Now()
		if err := c.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": uri}}); err != nil {
			return nil, err
		}
		at, _, err := c.waitDiagnostics(ctx, cfg.Timeout, uri)
		if err != nil {
			return nil, fmt.Errorf("waiting for the diagnostics of %s after save %d: %w", file, i, err)
		}
		res.Saves = append(res.Saves, at.Sub(begin))
		if i == 1 || i == 10 || i == cfg.Saves {
			res.Mem = append(res.Mem, c.mem(i))
		}
	}

	if _, err := c.call(ctx, cfg.Timeout, "shutdown", nil); err != nil {
		return nil, err
	}
	if err := c.notify("exit", nil); err != nil {
		return nil, err
	}
	return res, nil
}

// preserve returns the file's content and a function that puts back that
// content, and the permissions and modification time the file has now.
func preserve(file string) ([]byte, func() error, error) {
	fi, err := os.Stat(file)
	if err != nil {
		return nil, nil, err
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, nil, err
	}
	var once sync.Once
	var rerr error
	return data, func() error {
		once.Do(func() {
			if err := os.WriteFile(file, data, fi.Mode().Perm()); err != nil {
				rerr = fmt.Errorf("restoring %s: %v", file, err)
				return
			}
			rerr = os.Chtimes(file, time.Time{}, fi.ModTime())
		})
		return rerr
	}, nil
}

// A received message is one from the server, with when it was read.
type received struct {
	msg
	at time.Time
}

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

// A client is the editor's end of the connection.
type client struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	in     chan received // closed when the server's output ends
	stderr *tailWriter
	log    io.Writer
	id     int
	done   chan struct{} // closed when the server has exited
}

func start(cfg Config, dir string) (*client, error) {
	if len(cfg.Server) == 0 {
		return nil, errors.New("lspbench: no server command")
	}
	cmd := exec.Command(cfg.Server[0], cfg.Server[1:]...)
	cmd.Dir = dir
	cmd.Env = cfg.Env
	c := &client{cmd: cmd, in: make(chan received, 1000), stderr: &tailWriter{w: cfg.Log}, log: cfg.Log, done: make(chan struct{})}
	cmd.Stderr = c.stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	c.stdin = stdin
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	go c.read(bufio.NewReader(stdout))
	return c, nil
}

// read reads the server's messages until its output ends, then waits for
// it to exit.
func (c *client) read(r *bufio.Reader) {
	defer func() {
		close(c.in)
		c.cmd.Wait()
		close(c.done)
	}()
	for {
		length := -1
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimRight(line, "\r\n")
			if line == "" {
				break
			}
			if k, v, ok := strings.Cut(line, ":"); ok && strings.EqualFold(strings.TrimSpace(k), "Content-Length") {
				length, _ = strconv.Atoi(strings.TrimSpace(v))
			}
		}
		if length < 0 {
			fmt.Fprintf(c.stderr, "lspbench: a message without Content-Length\n")
			return
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(r, body); err != nil {
			return
		}
		at := time.Now()
		var m msg
		if err := json.Unmarshal(body, &m); err != nil {
			fmt.Fprintf(c.stderr, "lspbench: undecodable message %q: %v\n", body, err)
			continue
		}
		c.in <- received{m, at}
	}
}

func (c *client) send(v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(c.stdin, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		return fmt.Errorf("writing to the server: %v%s", err, c.stderr.tail())
	}
	return nil
}

func (c *client) notify(method string, params any) error {
	return c.send(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

// call sends a request and returns its result.
func (c *client) call(ctx context.Context, timeout time.Duration, method string, params any) (json.RawMessage, error) {
	c.id++
	id := strconv.Itoa(c.id)
	if err := c.send(map[string]any{"jsonrpc": "2.0", "id": c.id, "method": method, "params": params}); err != nil {
		return nil, err
	}
	m, err := c.wait(ctx, timeout, "the response to "+method, func(m msg) bool {
		return m.Method == "" && string(m.ID) == id
	})
	if err != nil {
		return nil, err
	}
	if m.Error != nil {
		return nil, fmt.Errorf("%s: %s (%d)", method, m.Error.Message, m.Error.Code)
	}
	return m.Result, nil
}

// waitDiagnostics waits for diagnostics of uri and returns when they
// came and how many there are.
func (c *client) waitDiagnostics(ctx context.Context, timeout time.Duration, uri string) (time.Time, int, error) {
	var n int
	m, err := c.wait(ctx, timeout, "diagnostics", func(m msg) bool {
		if m.Method != "textDocument/publishDiagnostics" {
			return false
		}
		var p struct {
			URI         string            `json:"uri"`
			Diagnostics []json.RawMessage `json:"diagnostics"`
		}
		if json.Unmarshal(m.Params, &p) != nil || p.URI != uri {
			return false
		}
		n = len(p.Diagnostics)
		return true
	})
	return m.at, n, err
}

// wait returns the first message that matches. A message the server
// shows the user is logged; an error message fails the wait: the
// server could not analyze the package, and whatever it publishes after
// is not a measure of an analysis.
func (c *client) wait(ctx context.Context, timeout time.Duration, what string, match func(msg) bool) (received, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return received{}, context.Cause(ctx)
		case <-timer.C:
			return received{}, fmt.Errorf("no %s within %v%s", what, timeout, c.stderr.tail())
		case m, ok := <-c.in:
			if !ok {
				return received{}, fmt.Errorf("the server exited while waiting for %s%s", what, c.stderr.tail())
			}
			if m.Method == "window/showMessage" {
				var p struct {
					Type    int    `json:"type"`
					Message string `json:"message"`
				}
				json.Unmarshal(m.Params, &p)
				if p.Type == 1 {
					return received{}, fmt.Errorf("the server reports an error: %s", p.Message)
				}
				fmt.Fprintf(c.log, "server says: %s\n", p.Message)
				continue
			}
			if match(m.msg) {
				return m, nil
			}
		}
	}
}

// mem reads the server's memory from /proc.
func (c *client) mem(save int) Mem {
	m := Mem{Save: save, RSSKB: -1, HWMKB: -1}
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", c.cmd.Process.Pid))
	if err != nil {
		return m // not Linux: unknown
	}
	for line := range strings.Lines(string(data)) {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		kb, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil {
			continue
		}
		switch f[0] {
		case "VmRSS:":
			m.RSSKB = kb
		case "VmHWM:":
			m.HWMKB = kb
		}
	}
	return m
}

// stop closes the server's input, which ends it, and kills it if it has
// not exited a few seconds later.
func (c *client) stop() error {
	c.stdin.Close()
	select {
	case <-c.done:
		return nil
	case <-time.After(10 * time.Second):
		c.cmd.Process.Kill()
		<-c.done
		return errors.New("the server did not exit when its input closed; killed it")
	}
}

// tailWriter passes writes on to w and keeps the last few KB, to quote
// when the server fails.
type tailWriter struct {
	w  io.Writer
	mu sync.Mutex
	b  []byte
}

func (t *tailWriter) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > 4096 {
		t.b = slices.Clone(t.b[len(t.b)-4096:])
	}
	if t.w != nil {
		t.w.Write(p)
	}
	return len(p), nil
}

// tail returns what the server last wrote to its standard error, as the
// end of an error message.
func (t *tailWriter) tail() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := strings.TrimSpace(string(t.b))
	if s == "" {
		return ""
	}
	return "; the server's standard error ends:\n" + s
}

// moduleRoot returns the directory of the go.mod above dir, or dir.
func moduleRoot(dir string) string {
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

// moduleName names file by its module's path and its path in the module,
// or returns it as it is outside a module.
func moduleName(file string) string {
	root := moduleRoot(filepath.Dir(file))
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return file
	}
	rel, err := filepath.Rel(root, file)
	if err != nil {
		return file
	}
	return modfile.ModulePath(data) + "/" + filepath.ToSlash(rel)
}

func fileURI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/x
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// Print writes the result for people.
func (r *Result) Print(w io.Writer) {
	ms := func(d time.Duration) string { return fmt.Sprintf("%.2fs", d.Seconds()) }
	fmt.Fprintf(w, "%s: first diagnostics %s after didOpen (%d in the file)\n", r.File, ms(r.Open), r.Diagnostics)
	med, p90, max := r.Stats()
	fmt.Fprintf(w, "  %d saves, didSave to diagnostics: median %s, p90 %s, max %s, min %s\n",
		len(r.Saves), ms(med), ms(p90), ms(max), ms(slices.Min(r.Saves)))
	fmt.Fprintf(w, "  server memory, VmRSS (VmHWM):")
	for i, m := range r.Mem {
		if i > 0 {
			fmt.Fprint(w, ",")
		}
		fmt.Fprintf(w, " %s %s", m.when(), m.String())
	}
	fmt.Fprintln(w)
}

// Stats returns the median, 90th percentile (nearest rank) and maximum
// save latency.
func (r *Result) Stats() (median, p90, max time.Duration) {
	s := slices.Sorted(slices.Values(r.Saves))
	n := len(s)
	median = s[n/2]
	if n%2 == 0 {
		median = (s[n/2-1] + s[n/2]) / 2
	}
	p90 = s[int(math.Ceil(0.9*float64(n)))-1]
	return median, p90, s[n-1]
}

func (m Mem) when() string {
	if m.Save == 0 {
		return "after open"
	}
	return fmt.Sprintf("after save %d", m.Save)
}

func (m Mem) String() string {
	if m.RSSKB < 0 {
		return "unknown"
	}
	return fmt.Sprintf("%d MB (%d MB)", m.RSSKB>>10, m.HWMKB>>10)
}

// MarkdownHeader returns the header of the Markdown table whose rows
// MarkdownRow returns, for a run of saves saves.
func MarkdownHeader(saves int) string {
	var b bytes.Buffer
	b.WriteString("| file | first diagnostics | save: median | p90 | max | server VmRSS (VmHWM) after save 1 |")
	if saves > 10 {
		b.WriteString(" save 10 |")
	}
	if saves > 1 {
		fmt.Fprintf(&b, " save %d |", saves)
	}
	b.WriteString("\n|---|---|---|---|---|---|")
	if saves > 10 {
		b.WriteString("---|")
	}
	if saves > 1 {
		b.WriteString("---|")
	}
	return b.String()
}

// MarkdownRow returns the result as a row of the table MarkdownHeader
// begins.
func (r *Result) MarkdownRow() string {
	med, p90, max := r.Stats()
	s := func(d time.Duration) string { return fmt.Sprintf("%.2f s", d.Seconds()) }
	row := fmt.Sprintf("| `%s` | %s | %s | %s | %s |", r.File, s(r.Open), s(med), s(p90), s(max))
	for _, m := range r.Mem {
		if m.Save > 0 {
			row += " " + m.String() + " |"
		}
	}
	return row
}
