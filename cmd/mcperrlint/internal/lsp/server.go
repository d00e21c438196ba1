// Package lsp is a small Language Server that publishes an analyzer's
// diagnostics and offers its suggested fixes as quick fixes, for
// editors: gopls cannot load third-party analyzers.
//
// It speaks the Language Server Protocol over a byte stream (stdin and
// stdout for `mcperrlint lsp`). When a Go file is opened or saved it
// loads that file's package from disk (after a short pause, so a burst
// of saves is analyzed once), runs the analyzer with go/analysis/checker
// and publishes the diagnostics. A code action request gets each fix as
// a "quickfix" whose edits leave the file as `mcperrlint -fix` would.
package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"
)

// Options configures Serve.
type Options struct {
	// Analyzer is the analyzer to run. Required.
	Analyzer *analysis.Analyzer

	// Debounce, when positive, is how long the server waits after the
	// last open or save of a package's files before analyzing the
	// package. By default it starts at once, as gopls type-checks an
	// edited package: a save-all's notifications come within
	// milliseconds, while the first save's package is still being
	// type-checked, and that analysis then stops there, so that the
	// files are analyzed once, as saved last (see scheduler).
	Debounce time.Duration

	// Version is reported to the client in serverInfo.
	Version string

	// Level gives the severity of a diagnostic of a category, by its SARIF
	// name (error, warning or note), so that the editor shows each
	// category as the CI formats do. Nil, or another name, is warning.
	Level func(category string) string

	// Log receives internal errors the client is not told in full
	// (stacks of recovered panics, undecodable notifications). Nil
	// discards them.
	Log io.Writer

	// Analyzed, if set, is called with the file whose package was just
	// analyzed (or skipped, for a file not saved yet), after the result is
	// published: tests wait on it instead of on the clock.
	Analyzed func(path string)

	// Loaded, if set, is called with the directory of each package the
	// server loads with go list, rather than bringing a kept graph up to
	// date: tests count them.
	Loaded func(dir string)
}

// Serve runs the server on the messages read from in, writing to out,
// until the client sends exit or in ends. It returns the process exit
// code the specification asks for: 0 after a shutdown request, 1
// otherwise.
func Serve(in io.Reader, out io.Writer, opts Options) int {
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &server{
		opts:    opts,
		conn:    newConn(in, out),
		ctx:     ctx,
		docs:    make(map[string]*document),
		uris:    make(map[string]string),
		results: make(map[string]*fileResult),
		shown:   make(map[groupKey]string),
	}
	s.ws.loaded = opts.Loaded
	s.sched = newScheduler(opts.Debounce, s.analyzeGroup)
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		s.sched.run(ctx)
	}()

	code := s.loop()

	// Stop analyses in flight (go list is cancelled) and give them a
	// moment to unwind, so nothing writes after Serve returns; but exit
	// promptly even if type-checking a big package does not notice.
	cancel()
	s.sched.stop()
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
	}
	return code
}

type server struct {
	opts  Options
	conn  *conn
	ctx   context.Context
	sched *scheduler
	ws    workspace // used by the scheduler's goroutine
	wg    sync.WaitGroup

	// Touched only by the loop goroutine.
	initialized bool
	shutdown    bool

	mu      sync.Mutex
	docs    map[string]*document   // open documents by path
	uris    map[string]string      // path -> URI the client used for it
	results map[string]*fileResult // last analysis of each file, by path
	shown   map[groupKey]string    // last problem shown per package, not to repeat it
}

// A document is an open file as the client has it. When text is not
// known (an incremental change could not be applied), no fix is offered
// until the next save.
type document struct {
	text  []byte
	known bool
}

// loop reads and handles messages until exit or the end of input, and
// returns the exit code.
func (s *server) loop() int {
	exitCode := func() int {
		if s.shutdown {
			return 0
		}
		return 1
	}
	for {
		body, err := s.conn.read()
		if err == io.EOF {
			return exitCode()
		}
		if err != nil {
			// The stream cannot be resynchronized after a broken header.
			fmt.Fprintf(s.opts.Log, "mcperrlint lsp: %v; stopping\n", err)
			return 1
		}
		var m message
		if err := json.Unmarshal(body, &m); err != nil {
			if json.Valid(body) {
				s.conn.replyError(nil, errorf(codeInvalidRequest, "a message must be a JSON object: %v", err))
			} else {
				s.conn.replyError(nil, errorf(codeParseError, "message is not valid JSON: %v", err))
			}
			continue
		}
		if m.Method == "exit" {
			return exitCode()
		}
		switch {
		case m.Method == "":
			// A response: the server sends no requests, so there is
			// nothing to match it with. Anything else is invalid.
			if m.ID != nil && m.Result == nil && m.Error == nil {
				s.conn.replyError(m.ID, errorf(codeInvalidRequest, "message has neither a method nor a result"))
			}
		case m.isNotification():
			s.notification(&m)
		case !m.validID():
			s.conn.replyError(nil, errorf(codeInvalidRequest, "request id %s is not a number or a string", m.ID))
		default:
			result, err := s.request(&m)
			if err != nil {
				s.conn.replyError(m.ID, err)
			} else {
				s.conn.reply(m.ID, result)
			}
		}
	}
}

// request answers one request; it never panics.
func (s *server) request(m *message) (result any, rerr *rpcError) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(s.opts.Log, "mcperrlint lsp: panic handling %s: %v\n", m.Method, r)
			result, rerr = nil, errorf(codeInternalError, "internal error handling %s: %v", m.Method, r)
		}
	}()
	switch {
	case s.shutdown:
		return nil, errorf(codeInvalidRequest, "the server is shutting down; only exit is accepted")
	case m.Method == "initialize":
		if s.initialized {
			return nil, errorf(codeInvalidRequest, "initialize was already received")
		}
		var params map[string]any
		if err := unmarshalParams(m.Params, &params); err != nil {
			return nil, err
		}
		s.initialized = true
		return s.capabilities(), nil
	case !s.initialized:
		return nil, errorf(codeServerNotInitialized, "the server is not initialized; send initialize first")
	case m.Method == "shutdown":
		s.shutdown = true
		s.sched.stop()
		return nil, nil
	case m.Method == "textDocument/codeAction":
		var p codeActionParams
		if err := unmarshalParams(m.Params, &p); err != nil {
			return nil, err
		}
		return s.codeActions(&p), nil
	}
	return nil, errorf(codeMethodNotFound, "method %q is not supported", m.Method)
}

func unmarshalParams(raw json.RawMessage, v any) *rpcError {
	if len(raw) == 0 {
		raw = json.RawMessage("{}")
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return errorf(codeInvalidParams, "invalid params: %v", err)
	}
	return nil
}

func (s *server) capabilities() any {
	return map[string]any{
		"capabilities": map[string]any{
			// Full sync: the server keeps each open document's text
			// only to tell whether it still matches what was analyzed.
			"textDocumentSync": map[string]any{
				"openClose": true,
				"change":    1,
				"save":      map[string]any{"includeText": false},
			},
			"codeActionProvider": map[string]any{"codeActionKinds": []string{kindQuickFix}},
		},
		"serverInfo": map[string]any{"name": "mcperrlint", "version": s.opts.Version},
	}
}

// notification handles a notification. Bad ones are logged and dropped:
// there is no one to answer.
func (s *server) notification(m *message) {
	if !s.initialized || s.shutdown {
		return // the specification says to drop them
	}
	var err error
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(s.opts.Log, "mcperrlint lsp: panic handling %s: %v\n", m.Method, r)
		}
	}()
	switch m.Method {
	case "textDocument/didOpen":
		var p didOpenParams
		if err = json.Unmarshal(m.Params, &p); err == nil {
			err = s.didOpen(&p)
		}
	case "textDocument/didChange":
		var p didChangeParams
		if err = json.Unmarshal(m.Params, &p); err == nil {
			err = s.didChange(&p)
		}
	case "textDocument/didSave":
		var p didSaveParams
		if err = json.Unmarshal(m.Params, &p); err == nil {
			err = s.didSave(&p)
		}
	case "textDocument/didClose":
		var p didCloseParams
		if err = json.Unmarshal(m.Params, &p); err == nil {
			if path, perr := goFilePath(p.TextDocument.URI); perr == nil {
				s.mu.Lock()
				delete(s.docs, path)
				s.mu.Unlock()
			}
		}
	}
	// Others (initialized, $/cancelRequest, $/setTrace, workspace
	// notifications) need nothing.
	if err != nil && !errors.Is(err, errNotGo) {
		fmt.Fprintf(s.opts.Log, "mcperrlint lsp: %s: %v\n", m.Method, err)
	}
}

func (s *server) didOpen(p *didOpenParams) error {
	path, err := goFilePath(p.TextDocument.URI)
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.docs[path] = &document{text: []byte(p.TextDocument.Text), known: true}
	s.uris[path] = p.TextDocument.URI
	s.mu.Unlock()
	s.sched.schedule(path)
	return nil
}

func (s *server) didChange(p *didChangeParams) error {
	path, err := goFilePath(p.TextDocument.URI)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	doc := s.docs[path]
	if doc == nil {
		return fmt.Errorf("%s is not open", p.TextDocument.URI)
	}
	for _, c := range p.ContentChanges {
		if c.Range == nil {
			doc.text, doc.known = []byte(c.Text), true
			continue
		}
		if !doc.known {
			continue
		}
		// The server asks for full text, but applying a range is
		// cheap, and keeps fixes available for clients that send them.
		m := newMapper(doc.text)
		start, err1 := m.offset(c.Range.Start)
		end, err2 := m.offset(c.Range.End)
		if err := errors.Join(err1, err2); err != nil || end < start {
			doc.known = false
			return fmt.Errorf("change to %s outside the document; no fixes until it is saved: %v", p.TextDocument.URI, err)
		}
		doc.text = slices.Concat(doc.text[:start], []byte(c.Text), doc.text[end:])
	}
	return nil
}

func (s *server) didSave(p *didSaveParams) error {
	path, err := goFilePath(p.TextDocument.URI)
	if err != nil {
		return err
	}
	s.mu.Lock()
	if doc := s.docs[path]; doc != nil && !doc.known {
		// After a save the buffer is what is on disk, which the
		// coming analysis reads.
		delete(s.docs, path)
	}
	s.uris[path] = p.TextDocument.URI
	s.mu.Unlock()
	s.sched.schedule(path)
	return nil
}

// codeActions returns the quick fixes of the diagnostics that overlap
// the requested range or that the request names in its context (editors
// send the diagnostics of the cursor's line with the cursor's position).
func (s *server) codeActions(p *codeActionParams) []CodeAction {
	actions := []CodeAction{} // [] rather than null: no actions
	if len(p.Context.Only) > 0 && !slices.ContainsFunc(p.Context.Only, func(kind string) bool {
		return kind == kindQuickFix || strings.HasPrefix(kindQuickFix, kind+".")
	}) {
		return actions
	}
	path, err := goFilePath(p.TextDocument.URI)
	if err != nil {
		return actions
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	res := s.results[path]
	if res == nil {
		return actions
	}
	if doc := s.docs[path]; doc != nil && (!doc.known || !bytes.Equal(doc.text, res.content)) {
		// The buffer has changed since the analysis: its edits
		// would land in the wrong places. The next save refreshes.
		return actions
	}
	for _, d := range res.diags {
		if d.action == nil || !overlaps(d.lsp.Range, p.Range) && !slices.ContainsFunc(p.Context.Diagnostics, d.is) {
			continue
		}
		if action := d.action(); action != nil {
			actions = append(actions, *action)
		}
	}
	return actions
}

// is reports whether the client's diagnostic c is d.
func (d diagnostic) is(c Diagnostic) bool {
	return c.Range == d.lsp.Range && c.Message == d.lsp.Message && c.Source == d.lsp.Source
}

// overlaps reports whether a and b share a position, ends included: a
// cursor just before or after a diagnostic still asks for its fix.
func overlaps(a, b Range) bool {
	return !less(a.End, b.Start) && !less(b.End, a.Start)
}

func less(a, b Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}

// analyzeGroup analyzes the package of path and publishes the result,
// unless a newer request for the package supersedes it. It runs on the
// scheduler's goroutine.
func (s *server) analyzeGroup(ctx context.Context, key groupKey, path string, superseded func() bool) {
	if s.opts.Analyzed != nil {
		defer s.opts.Analyzed(path)
	}
	if _, err := os.Stat(path); err != nil {
		return // a new file not saved yet: its save will bring it here
	}
	res := s.ws.analyze(ctx, s.opts.Analyzer, s.opts.Level, path, s.uriOf, superseded)
	if ctx.Err() != nil || res.superseded {
		return // shutting down (the result may be incomplete), or the next analysis says more
	}

	var problem string
	switch {
	case res.err != nil:
		problem = fmt.Sprintf("mcperrlint: cannot analyze the package of %s: %v", filepath.Base(path), res.err)
		problem += listProblems(res.problems)
	case len(res.problems) > 0:
		problem = fmt.Sprintf("mcperrlint: the package of %s has errors; findings may be incomplete:", filepath.Base(path))
		problem += listProblems(res.problems)
	}

	s.mu.Lock()
	repeated := problem != "" && s.shown[key] == problem
	if problem == "" {
		delete(s.shown, key)
	} else {
		s.shown[key] = problem
	}
	type publication struct {
		uri   string
		diags []Diagnostic
	}
	var pubs []publication
	for name, fr := range res.files {
		if res.err != nil {
			// Positions from before the error would be stale:
			// clear them, and their fixes.
			fr = &fileResult{}
		}
		s.results[name] = fr
		diags := []Diagnostic{} // [] rather than null clears the file
		for _, d := range fr.diags {
			diags = append(diags, d.lsp)
		}
		pubs = append(pubs, publication{s.uriOfLocked(name), diags})
	}
	s.mu.Unlock()

	if problem != "" {
		fmt.Fprintln(s.opts.Log, problem)
		if !repeated {
			typ := messageWarning
			if res.err != nil {
				typ = messageError
			}
			s.conn.notify("window/showMessage", showMessageParams{Type: typ, Message: firstLines(problem, 12)})
		}
	}
	slices.SortFunc(pubs, func(a, b publication) int { return strings.Compare(a.uri, b.uri) })
	for _, p := range pubs {
		s.conn.notify("textDocument/publishDiagnostics", publishDiagnosticsParams{URI: p.uri, Diagnostics: p.diags})
	}
}

func listProblems(problems []string) string {
	const max = 5
	var b strings.Builder
	for i, p := range problems {
		if i == max {
			fmt.Fprintf(&b, "\n(and %d more)", len(problems)-max)
			break
		}
		b.WriteString("\n" + p)
	}
	return b.String()
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = append(lines[:n], "...")
	}
	return strings.Join(lines, "\n")
}

func (s *server) uriOf(path string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.uriOfLocked(path)
}

// uriOfLocked names a file by the URI the client used for it, if it did,
// since clients differ in how they escape URIs.
func (s *server) uriOfLocked(path string) string {
	if u, ok := s.uris[path]; ok {
		return u
	}
	return pathToURI(path)
}

// errNotGo marks documents the server ignores.
var errNotGo = errors.New("not a Go file")

// goFilePath returns the path of the Go file a file URI names.
func goFilePath(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil {
		return "", fmt.Errorf("bad URI %q: %v", uri, err)
	}
	if u.Scheme != "file" {
		return "", fmt.Errorf("%w: %q is not a file URI", errNotGo, uri)
	}
	p := u.Path
	if runtime.GOOS == "windows" {
		p = strings.TrimPrefix(p, "/") // file:///C:/x
	}
	p = filepath.FromSlash(p)
	if !filepath.IsAbs(p) {
		return "", fmt.Errorf("URI %q does not name an absolute path", uri)
	}
	if filepath.Ext(p) != ".go" {
		return "", fmt.Errorf("%w: %s", errNotGo, p)
	}
	return filepath.Clean(p), nil
}

func pathToURI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/x
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}
