package lsp

// This file holds the JSON-RPC 2.0 framing and the few Language Server
// Protocol types the server uses. They are written by hand on purpose:
// the server needs about a dozen types, and the Go LSP libraries bring
// logging frameworks, websocket and terminal packages into the go.mod
// that every user of the analyzer module requires (see docs/drivers.md,
// "Editors").

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// JSON-RPC and LSP error codes.
const (
	codeParseError           = -32700
	codeInvalidRequest       = -32600
	codeMethodNotFound       = -32601
	codeInvalidParams        = -32602
	codeInternalError        = -32603
	codeServerNotInitialized = -32002
)

// maxMessage bounds the body a client may announce, so that a corrupt
// header cannot make the server allocate without limit. The largest
// message is a didOpen carrying a whole file.
const maxMessage = 64 << 20

// A message is any JSON-RPC message: a request (ID and Method), a
// notification (Method only) or a response (ID and Result or Error).
// An absent "id" leaves ID nil; "id": null makes it the literal null.
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

// isNotification reports whether m expects no response.
func (m *message) isNotification() bool { return m.ID == nil }

// validID reports whether the request's id is a number, a string or
// null, the only forms JSON-RPC allows.
func (m *message) validID() bool {
	var v any
	if json.Unmarshal(m.ID, &v) != nil {
		return false
	}
	switch v.(type) {
	case float64, string, nil:
		return true
	}
	return false
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// Error makes a *rpcError an error, so handlers can return one.
func (e *rpcError) Error() string { return e.Message }

func errorf(code int, format string, args ...any) *rpcError {
	return &rpcError{Code: code, Message: fmt.Sprintf(format, args...)}
}

// A response has either a result (which may be null, as for shutdown) or
// an error, so the two are separate types: omitempty cannot tell a null
// result from no result.
type resultResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result"`
}

type errorResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   *rpcError       `json:"error"`
}

type notification struct {
	JSONRPC string `json:"jsonrpc"`
	Method  string `json:"method"`
	Params  any    `json:"params"`
}

// A conn reads and writes LSP base-protocol messages: a header of
// "Name: value" lines with a Content-Length, a blank line, then the JSON
// body. Reads happen on one goroutine; writes may come from several.
type conn struct {
	r *bufio.Reader

	mu sync.Mutex // serializes writes
	w  io.Writer
}

func newConn(r io.Reader, w io.Writer) *conn {
	return &conn{r: bufio.NewReader(r), w: w}
}

// errFraming is wrapped by read errors after which the stream cannot be
// resynchronized: the server must stop.
var errFraming = errors.New("malformed message header")

// read returns the next message's body. It returns io.EOF at a clean end
// of input, and an error wrapping errFraming when the header is broken.
func (c *conn) read() ([]byte, error) {
	length := -1
	for first := true; ; first = false {
		// ReadSlice bounds a header line by the buffer's size.
		raw, err := c.r.ReadSlice('\n')
		if err != nil {
			if err == io.EOF && first && len(raw) == 0 {
				return nil, io.EOF
			}
			return nil, fmt.Errorf("%w: reading header: %v", errFraming, err)
		}
		line := strings.TrimRight(string(raw), "\r\n")
		if line == "" {
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("%w: %q is not a header line", errFraming, line)
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				return nil, fmt.Errorf("%w: bad Content-Length %q", errFraming, value)
			}
			length = n
		}
		// Content-Type is the only other header; its one legal value
		// is utf-8 JSON, so there is nothing to check.
	}
	if length < 0 {
		return nil, fmt.Errorf("%w: no Content-Length", errFraming)
	}
	if length > maxMessage {
		return nil, fmt.Errorf("%w: Content-Length %d exceeds the %d byte limit", errFraming, length, maxMessage)
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(c.r, body); err != nil {
		return nil, fmt.Errorf("%w: reading %d byte body: %v", errFraming, length, err)
	}
	return body, nil
}

// write sends v as one message. Errors mean the client is gone; callers
// that cannot do anything about that ignore them.
func (c *conn) write(v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "Content-Length: %d\r\n\r\n", len(body))
	buf.Write(body)
	c.mu.Lock()
	defer c.mu.Unlock()
	_, err = c.w.Write(buf.Bytes())
	return err
}

func (c *conn) reply(id json.RawMessage, result any) error {
	return c.write(resultResponse{JSONRPC: "2.0", ID: orNull(id), Result: result})
}

func (c *conn) replyError(id json.RawMessage, e *rpcError) error {
	return c.write(errorResponse{JSONRPC: "2.0", ID: orNull(id), Error: e})
}

func (c *conn) notify(method string, params any) error {
	return c.write(notification{JSONRPC: "2.0", Method: method, Params: params})
}

func orNull(id json.RawMessage) json.RawMessage {
	if id == nil {
		return json.RawMessage("null")
	}
	return id
}

// LSP types, as far as the server uses them. Field names follow the
// specification (3.17).

// Position is a zero-based line and a character offset in UTF-16 code
// units, the protocol's default (and only mandatory) encoding.
type Position struct {
	Line      uint32 `json:"line"`
	Character uint32 `json:"character"`
}

// Range is a half-open span of a document.
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// Location is a range in a document named by URI.
type Location struct {
	URI   string `json:"uri"`
	Range Range  `json:"range"`
}

// Diagnostic is one finding, as the client shows it.
type Diagnostic struct {
	Range              Range                          `json:"range"`
	Severity           int                            `json:"severity,omitempty"`
	Code               string                         `json:"code,omitempty"`
	CodeDescription    *CodeDescription               `json:"codeDescription,omitempty"`
	Source             string                         `json:"source,omitempty"`
	Message            string                         `json:"message"`
	RelatedInformation []DiagnosticRelatedInformation `json:"relatedInformation,omitempty"`
}

// Diagnostic severities; warning is what gopls uses for analyzer
// findings.
const (
	severityError   = 1
	severityWarning = 2
	severityInfo    = 3
)

// severity is the LSP severity of a SARIF level.
func severity(level string) int {
	switch level {
	case "error":
		return severityError
	case "note":
		return severityInfo
	}
	return severityWarning
}

// CodeDescription links a diagnostic's code to its documentation.
type CodeDescription struct {
	Href string `json:"href"`
}

// DiagnosticRelatedInformation points at a place that explains a
// diagnostic, such as where the arguments were decoded.
type DiagnosticRelatedInformation struct {
	Location Location `json:"location"`
	Message  string   `json:"message"`
}

// TextEdit replaces Range, in the document as the client has it, by
// NewText.
type TextEdit struct {
	Range   Range  `json:"range"`
	NewText string `json:"newText"`
}

// WorkspaceEdit holds edits per document URI.
type WorkspaceEdit struct {
	Changes map[string][]TextEdit `json:"changes"`
}

// CodeAction is one fix the client offers for a diagnostic.
type CodeAction struct {
	Title       string         `json:"title"`
	Kind        string         `json:"kind"`
	Diagnostics []Diagnostic   `json:"diagnostics,omitempty"`
	IsPreferred bool           `json:"isPreferred,omitempty"`
	Edit        *WorkspaceEdit `json:"edit,omitempty"`
}

const kindQuickFix = "quickfix"

type textDocumentIdentifier struct {
	URI string `json:"uri"`
}

type didOpenParams struct {
	TextDocument struct {
		URI     string `json:"uri"`
		Version int    `json:"version"`
		Text    string `json:"text"`
	} `json:"textDocument"`
}

type didChangeParams struct {
	TextDocument   textDocumentIdentifier `json:"textDocument"`
	ContentChanges []struct {
		Range *Range `json:"range"`
		Text  string `json:"text"`
	} `json:"contentChanges"`
}

type didSaveParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
}

type didCloseParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
}

type codeActionParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Range        Range                  `json:"range"`
	Context      struct {
		Diagnostics []Diagnostic `json:"diagnostics"`
		Only        []string     `json:"only"`
	} `json:"context"`
}

type publishDiagnosticsParams struct {
	URI         string       `json:"uri"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

// Message types of window/showMessage.
const (
	messageError   = 1
	messageWarning = 2
)

type showMessageParams struct {
	Type    int    `json:"type"`
	Message string `json:"message"`
}
