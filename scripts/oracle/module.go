package main

import (
	"bytes"
	"fmt"
	"go/format"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Generate draws a module of the flavor with n tools from seed.
func Generate(fl Flavor, seed uint64, n, perPkg int, oracleDir string) (*Module, error) {
	r := rand.New(rand.NewPCG(seed, uint64(len(fl.Name))))
	m := &Module{Flavor: fl, Files: map[string][]byte{}, wrapCheck: map[SDK]int{}}
	m.Packages = genTools(r, fl, n, perPkg)
	for _, p := range m.Packages {
		for _, t := range p.Tools {
			normalize(t)
		}
	}
	gomod, err := os.ReadFile(filepath.Join(oracleDir, "testdata", fl.Name, "go.mod"))
	if err != nil {
		return nil, err
	}
	gosum, err := os.ReadFile(filepath.Join(oracleDir, "testdata", fl.Name, "go.sum"))
	if err != nil {
		return nil, err
	}
	m.Files["go.mod"] = append(gomod, []byte("\nrequire example.com/statuslib v0.0.0\n\nreplace example.com/statuslib => ./statuslib\n")...)
	m.Files["go.sum"] = gosum
	m.Files["statuslib/go.mod"] = []byte("module example.com/statuslib\n\ngo 1.26.0\n")
	m.Files["statuslib/status.go"] = []byte(statuslibSrc)
	m.emitBackend()
	m.emitWrap(mcpGo)
	m.emitWrap(goSDK)
	for _, p := range m.Packages {
		m.emitPackage(p)
	}
	m.emitDriver()
	for name, src := range m.Files {
		if !strings.HasSuffix(name, ".go") {
			continue
		}
		out, err := format.Source(src)
		if err != nil {
			return nil, fmt.Errorf("%s: %v\n%s", name, err, numbered(src))
		}
		m.Files[name] = out
	}
	return m, nil
}

func numbered(src []byte) string {
	var b strings.Builder
	for i, l := range strings.Split(string(src), "\n") {
		fmt.Fprintf(&b, "%4d %s\n", i+1, l)
	}
	return b.String()
}

// normalize gives each step its argument key and puts the struct decode
// every struct frame needs first.
func normalize(t *Tool) {
	structural := t.Frame == rawStruct || t.Frame2 == rawStruct
	if structural && (len(t.Steps) == 0 || t.Steps[0].Kind != stDecode) {
		t.Steps = append([]step{{Kind: stDecode}}, t.Steps...)
	}
	for i := range t.Steps {
		s := &t.Steps[i]
		s.Key = "k" + strconv.Itoa(i)
		if s.Getter == "" && s.Kind != stDecode {
			s.Getter = gCommaOK
			if structural || t.Frame == typedFrame {
				s.Getter = gField
			}
		}
	}
}

const statuslibSrc = `// Package statuslib is a third-party-like module: its parse function
// fails on a string it does not know.
package statuslib

import "fmt"

// A Status is a work item's state.
type Status int

// ParseStatus parses s.
func ParseStatus(s string) (Status, error) {
	switch s {
	case "open":
		return 1, nil
	case "closed":
		return 2, nil
	}
	return 0, fmt.Errorf("statuslib: unknown status %q", s)
}
`

func (m *Module) emitBackend() {
	m.backendCheck, m.backendAPI = m.id(), m.id()
	m.Files["backend/backend.go"] = []byte(fmt.Sprintf(`// Package backend is the API client the tools call. The API is behind a
// transport, as a remote one is: it answers a path with "fail" in it
// with an error status.
package backend

import (
	"fmt"
	"strings"
)

// A Transport sends a request to the API.
type Transport interface {
	Do(path string) (status int, body string)
}

// DefaultTransport is the API.
var DefaultTransport Transport = fakeAPI{}

type fakeAPI struct{}

func (fakeAPI) Do(path string) (int, string) {
	if strings.Contains(path, "fail") {
		return 502, "upstream failed"
	}
	return 200, "ok"
}

// Lookup asks the API for key.
func Lookup(key string) error {
	status, body := DefaultTransport.Do("/lookup/" + key)
	if status != 200 {
		return fmt.Errorf("backend: lookup %%q: %%d %%s", key, status, body)
	}
	return nil
}

// A Client calls the API.
type Client struct {
	transport Transport
}

// NewClient returns a client of the API.
func NewClient() *Client { return &Client{transport: DefaultTransport} }

// Call calls the API with params, which must have a teamRefId.
func (c *Client) Call(params map[string]any) (string, error) {
	team, ok := params["teamRefId"]
	if !ok {
		return "", fmt.Errorf("teamRefId is required")%s
	}
	acc, _ := params["accountId"].(string)
	status, body := c.transport.Do(fmt.Sprintf("/accounts/%%s/teams/%%v", acc, team))
	if status != 200 {
		return "", fmt.Errorf("api: account %%s team %%v: %%d %%s", acc, team, status, body)%s
	}
	return body, nil
}
`, marker(m.backendCheck), marker(m.backendAPI)))
}

// rawWrapperSrc are the raw-handler wrappers, in the package wrap
// (exported) or a server's package (not).
func rawWrapperSrc(s SDK, exported bool) string {
	tx := textFor(s)
	name := func(n string) string {
		if exported {
			return strings.ToUpper(n[:1]) + n[1:]
		}
		return n
	}
	sig := fmt.Sprintf("func(ctx context.Context, req %s) (*mcp.CallToolResult, error)", tx.req)
	namedSig := fmt.Sprintf("func(ctx context.Context, req %s) (res *mcp.CallToolResult, err error)", tx.req)
	h := tx.handler
	var b strings.Builder
	fmt.Fprintf(&b, `// %[1]s turns every error of h into an IsError result.
func %[1]s(h %[2]s) %[2]s {
	return %[3]s {
		res, err := h(ctx, req)
		if err != nil {
			return toolErr(err.Error()), nil
		}
		return res, nil
	}
}

// %[4]s returns the error of h unchanged.
func %[4]s(h %[2]s) %[2]s {
	return %[3]s {
		res, err := h(ctx, req)
		if err != nil {
			return nil, err
		}
		return res, nil
	}
}

// %[5]s wraps the error of h.
func %[5]s(h %[2]s) %[2]s {
	return %[3]s {
		res, err := h(ctx, req)
		if err != nil {
			return nil, fmt.Errorf("tool failed: %%w", err)
		}
		return res, nil
	}
}

// %[6]s recovers a panic of h and turns it and every error into an
// IsError result.
func %[6]s(h %[2]s) %[2]s {
	return %[7]s {
		defer func() {
			if r := recover(); r != nil {
				res, err = toolErr(fmt.Sprint("panic: ", r)), nil
			}
		}()
		res, err = h(ctx, req)
		if err != nil {
			return toolErr(err.Error()), nil
		}
		return res, nil
	}
}

// %[8]s recovers a panic of h into an IsError result.
func %[8]s(h %[2]s) %[2]s {
	return %[7]s {
		defer func() {
			if r := recover(); r != nil {
				res, err = toolErr(fmt.Sprint("panic: ", r)), nil
			}
		}()
		return h(ctx, req)
	}
}

// %[9]s recovers a panic of h into an error.
func %[9]s(h %[2]s) %[2]s {
	return %[7]s {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("panic: %%v", r)
			}
		}()
		return h(ctx, req)
	}
}

// %[10]s logs the error of h.
func %[10]s(h %[2]s) %[2]s {
	return %[3]s {
		res, err := h(ctx, req)
		logger.Printf("tool: %%v", err)
		return res, err
	}
}

`, name("convert"), h, sig, name("forward"), name("annotateErr"), name("guard"), namedSig, name("recoverPanic"), name("recoverErr"), name("logged"))
	// adapt: a legacy function of the arguments map.
	if s == mcpGo {
		fmt.Fprintf(&b, `// %[1]s makes a handler of a function of the arguments map.
func %[1]s(f func(map[string]any) (*mcp.CallToolResult, error)) %[2]s {
	return %[3]s {
		return f(req.GetArguments())
	}
}

`, name("adapt"), h, sig)
	} else {
		fmt.Fprintf(&b, `// %[1]s makes a handler of a function of the arguments map.
func %[1]s(f func(map[string]any) (*mcp.CallToolResult, error)) %[2]s {
	return %[3]s {
		var m map[string]any
		if err := json.Unmarshal(req.Params.Arguments, &m); err != nil {
			return toolErr(err.Error()), nil
		}
		return f(m)
	}
}

`, name("adapt"), h, sig)
	}
	// Typed wrappers, generic.
	if s == goSDK {
		fmt.Fprintf(&b, `// %[1]s turns every error of h into an IsError result.
func %[1]s[In, Out any](h mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		res, out, err := h(ctx, req, in)
		if err != nil {
			return toolErr(err.Error()), out, nil
		}
		return res, out, nil
	}
}

// %[2]s returns the error of h unchanged.
func %[2]s[In, Out any](h mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		return h(ctx, req, in)
	}
}

// %[3]s recovers a panic of h into an IsError result.
func %[3]s[In, Out any](h mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (res *mcp.CallToolResult, out Out, err error) {
		defer func() {
			if r := recover(); r != nil {
				res, err = toolErr(fmt.Sprint("panic: ", r)), nil
			}
		}()
		return h(ctx, req, in)
	}
}

// %[4]s logs the error of h.
func %[4]s[In, Out any](h mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		res, out, err := h(ctx, req, in)
		logger.Printf("tool: %%v", err)
		return res, out, err
	}
}

`, name("tConvert"), name("tForward"), name("tRecover"), name("tLog"))
	} else {
		fmt.Fprintf(&b, `// %[1]s turns every error of h into an IsError result.
func %[1]s[T any](h mcp.TypedToolHandlerFunc[T]) mcp.TypedToolHandlerFunc[T] {
	return func(ctx context.Context, req mcp.CallToolRequest, args T) (*mcp.CallToolResult, error) {
		res, err := h(ctx, req, args)
		if err != nil {
			return toolErr(err.Error()), nil
		}
		return res, nil
	}
}

// %[2]s returns the error of h unchanged.
func %[2]s[T any](h mcp.TypedToolHandlerFunc[T]) mcp.TypedToolHandlerFunc[T] {
	return func(ctx context.Context, req mcp.CallToolRequest, args T) (*mcp.CallToolResult, error) {
		return h(ctx, req, args)
	}
}

// %[3]s recovers a panic of h into an IsError result.
func %[3]s[T any](h mcp.TypedToolHandlerFunc[T]) mcp.TypedToolHandlerFunc[T] {
	return func(ctx context.Context, req mcp.CallToolRequest, args T) (res *mcp.CallToolResult, err error) {
		defer func() {
			if r := recover(); r != nil {
				res, err = toolErr(fmt.Sprint("panic: ", r)), nil
			}
		}()
		return h(ctx, req, args)
	}
}

// %[4]s logs the error of h.
func %[4]s[T any](h mcp.TypedToolHandlerFunc[T]) mcp.TypedToolHandlerFunc[T] {
	return func(ctx context.Context, req mcp.CallToolRequest, args T) (*mcp.CallToolResult, error) {
		res, err := h(ctx, req, args)
		logger.Printf("tool: %%v", err)
		return res, err
	}
}

`, name("tConvert"), name("tForward"), name("tRecover"), name("tLog"))
	}
	// Server middleware.
	if s == mcpGo {
		fmt.Fprintf(&b, `// %[1]s is tool handler middleware that turns every error into an
// IsError result.
func %[1]s(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return %[3]s {
		res, err := next(ctx, req)
		if err != nil {
			return toolErr(err.Error()), nil
		}
		return res, nil
	}
}

// %[2]s is tool handler middleware that logs errors.
func %[2]s(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return %[3]s {
		res, err := next(ctx, req)
		logger.Printf("tool: %%v", err)
		return res, err
	}
}

`, name("convertMiddleware"), name("logMiddleware"), sig)
	} else {
		fmt.Fprintf(&b, `// %[1]s is receiving middleware that turns a tools/call error into an
// IsError result.
func %[1]s(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		if err != nil && method == "tools/call" {
			return toolErr(err.Error()), nil
		}
		return res, err
	}
}

// %[2]s is receiving middleware that logs errors.
func %[2]s(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		logger.Printf("%%s: %%v", method, err)
		return res, err
	}
}

// %[3]s is receiving middleware that recovers a tools/call panic into an
// IsError result.
func %[3]s(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (res mcp.Result, err error) {
		defer func() {
			if r := recover(); r != nil {
				res, err = toolErr(fmt.Sprint("panic: ", r)), nil
			}
		}()
		return next(ctx, method, req)
	}
}

`, name("convertCalls"), name("logCalls"), name("recoverCalls"))
	}
	return b.String()
}

// resultHelpers are toolErr and okResult.
func resultHelpers(s SDK, exported bool) string {
	te, ok := "toolErr", "okResult"
	if exported {
		te, ok = "ToolErr", "OKResult"
	}
	if s == mcpGo {
		return fmt.Sprintf(`func %s(text string) *mcp.CallToolResult { return mcp.NewToolResultError(text) }

func %s(text string) *mcp.CallToolResult { return mcp.NewToolResultText(text) }

var logger = log.New(io.Discard, "", 0)

`, te, ok)
	}
	return fmt.Sprintf(`func %s(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

func %s(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

var logger = log.New(io.Discard, "", 0)

`, te, ok)
}

func (m *Module) emitWrap(s SDK) {
	tx := textFor(s)
	var b strings.Builder
	fmt.Fprintf(&b, "// Package %s is the servers' shared wrappers, middleware and helpers\n// for %s.\npackage %s\n\n", tx.wrapPkg, s, tx.wrapPkg)
	b.WriteString(resultHelpers(s, false))
	b.WriteString(rawWrapperSrc(s, true))
	id := m.id()
	m.wrapCheck[s] = id
	fmt.Fprintf(&b, `// CheckFormat fails for a value that starts with "bad".
func CheckFormat(name, v string) error {
	if strings.HasPrefix(v, "bad") {
		return fmt.Errorf("%%s is malformed: %%q", name, v)%s
	}
	return nil
}

// Annotate wraps err with op.
func Annotate(op string, err error) error {
	return fmt.Errorf("%%s: %%w", op, err)
}

`, marker(id))
	if s == goSDK && m.Flavor.gosdkJSONRPC {
		b.WriteString(`// ConvertCallsSetError is receiving middleware that makes a tools/call
// error an IsError result with SetError.
func ConvertCallsSetError(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		if err != nil && method == "tools/call" {
			r := &mcp.CallToolResult{}
			r.SetError(err)
			return r, nil
		}
		return res, err
	}
}

`)
	}
	if s == mcpGo {
		b.WriteString(`// Bind decodes the arguments of req into v.
func Bind(req mcp.CallToolRequest, v any) error {
	return req.BindArguments(v)
}
`)
	} else {
		b.WriteString(`// Decode decodes raw arguments into v.
func Decode(raw json.RawMessage, v any) error {
	return json.Unmarshal(raw, v)
}
`)
	}
	m.Files[tx.wrapPkg+"/wrap.go"] = withImports(s, b.String())
}

var knownImports = []struct{ name, path string }{
	{"context", "context"},
	{"json", "encoding/json"},
	{"errors", "errors"},
	{"fmt", "fmt"},
	{"io", "io"},
	{"log", "log"},
	{"strconv", "strconv"},
	{"strings", "strings"},
	{"time", "time"},
	{"backend", "example.com/oracle/backend"},
	{"statuslib", "example.com/statuslib"},
}

// withImports puts the package clause's imports on src: those whose
// name it uses.
func withImports(s SDK, src string) []byte {
	head, rest, _ := strings.Cut(src, "\n\n")
	if !strings.HasPrefix(strings.TrimSpace(lastLine(head)), "package ") {
		head, rest = src[:strings.Index(src, "\n\n")], src[strings.Index(src, "\n\n")+2:]
	}
	var imps []string
	code := regexp.MustCompile(`(?m)^\s*//.*$`).ReplaceAllString(rest, "")
	uses := func(name string) bool { return regexp.MustCompile(`\b` + name + `\.`).MatchString(code) }
	for _, k := range knownImports {
		if uses(k.name) {
			imps = append(imps, fmt.Sprintf("%q", k.path))
		}
	}
	if s == mcpGo {
		imps = append(imps, `"github.com/mark3labs/mcp-go/mcp"`)
		if uses("server") {
			imps = append(imps, `"github.com/mark3labs/mcp-go/server"`)
		}
		if uses("wrap") {
			imps = append(imps, `wrap "example.com/oracle/mwrap"`)
		}
	} else {
		imps = append(imps, `"github.com/modelcontextprotocol/go-sdk/mcp"`)
		if uses("jsonrpc") {
			imps = append(imps, `"github.com/modelcontextprotocol/go-sdk/jsonrpc"`)
		}
		if uses("wrap") {
			imps = append(imps, `wrap "example.com/oracle/gwrap"`)
		}
	}
	var b bytes.Buffer
	b.WriteString(head + "\n\nimport (\n")
	for _, i := range imps {
		b.WriteString("\t" + i + "\n")
	}
	b.WriteString(")\n\n" + rest)
	return b.Bytes()
}

func lastLine(s string) string {
	if i := strings.LastIndex(s, "\n"); i >= 0 {
		return s[i+1:]
	}
	return s
}
