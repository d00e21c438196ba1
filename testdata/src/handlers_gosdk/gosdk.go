// Package handlers_gosdk holds the go-sdk shapes handlers.Find knows a
// tool handler by. Each function it finds says so in a want comment: its
// SDK, whether its errors are raw or typed, whether it is registered in
// its own right or forwarded (and by whom), the parameters holding
// argument values, and what escapes a converting wrapper.
package handlers_gosdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Args struct {
	Owner string `json:"owner"`
}

type Out struct{}

// raw is a raw handler by its signature alone.
func raw(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^raw: go-sdk raw registered$`
	return &mcp.CallToolResult{}, nil
}

// typed is a typed handler by its signature: its input holds argument
// values.
func typed(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) { // want `^typed: go-sdk typed registered seeds in$`
	return nil, Out{}, nil
}

type server struct{}

// method is a raw handler too: the receiver is not a parameter of the
// shape.
// listed is forwarded through a method value: the receiver is its first
// parameter, which the forwarding call does not pass, so args is the
// parameter that holds what toolHandler decoded.
func (s *server) listed(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, any, error) { // want `^\(\*server\)\.listed: go-sdk raw forwarded by toolHandler\$1 seeds args$`
	return nil, nil, nil
}

func (s *server) method(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^\(\*server\)\.method: go-sdk raw registered$`
	return nil, nil
}

// notAHandler takes the request by value: no shape of go-sdk's.
func notAHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

// toolHandler is the generic wrapper that decodes the arguments and calls
// the typed function it is given: that function's errors are forwarded.
func toolHandler[In any](h func(context.Context, *mcp.CallToolRequest, In) (*mcp.CallToolResult, any, error)) mcp.ToolHandler { // want toolHandler:"forwards 0" toolHandler:"0 seeds 2"
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^toolHandler\$1: go-sdk raw registered$`
		var in In
		if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
			return nil, err
		}
		res, _, err := h(ctx, req, in)
		return res, err
	}
}

// listIssues looks typed, but the raw wrapper calls it: raw, forwarded,
// and its input holds what the wrapper decoded.
func listIssues(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, any, error) { // want `^listIssues: go-sdk raw forwarded by toolHandler\$1 seeds args$`
	return nil, nil, nil
}

// handleRepo is a plain function a raw handler tail-calls: args is
// decoded from the request.
func handleRepo(ctx context.Context, args Args) (*mcp.CallToolResult, error) { // want `^handleRepo: go-sdk raw forwarded by repo seeds args$`
	return &mcp.CallToolResult{}, nil
}

func repo(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^repo: go-sdk raw registered$`
	var args Args
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return &mcp.CallToolResult{IsError: true}, nil
	}
	res, err := handleRepo(ctx, args)
	return res, err
}

// status's result is dropped by its caller, which answers with a result
// of its own: a tool error result status returns never reaches the
// client.
func status(ctx context.Context, name string) (*mcp.CallToolResult, error) { // want `^status: go-sdk raw forwarded by statusTool result dropped by statusTool$`
	return &mcp.CallToolResult{}, nil
}

func statusTool(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^statusTool: go-sdk raw registered$`
	if _, err := status(ctx, "fixed"); err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{}, nil
}

// helper returns only an error: it is summarized, not a handler.
func helper(ctx context.Context, owner string) error { return nil }

func usesHelper(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^usesHelper: go-sdk raw registered$`
	if err := helper(ctx, "x"); err != nil {
		return nil, err
	}
	return nil, nil
}

// toolError is given an error: its summary decides, it is no handler.
func toolError(msg string, err error) (*mcp.CallToolResult, error) {
	return nil, fmt.Errorf("%s: %w", msg, err)
}

func usesToolError(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^usesToolError: go-sdk raw registered$`
	return toolError("failed", errors.New("x"))
}

// handlerFunc builds handlers in two steps, the function it is given
// called from the innermost closure: the parameter is found through both
// closures' free variables.
func handlerFunc(h func(context.Context, *mcp.CallToolRequest, Args) (*mcp.CallToolResult, error)) func(deps string) mcp.ToolHandler { // want handlerFunc:"forwards 0" handlerFunc:"0 seeds 2"
	return func(deps string) mcp.ToolHandler {
		return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^handlerFunc\$1\$1: go-sdk raw registered$`
			var args Args
			if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
				return nil, err
			}
			return h(ctx, req, args)
		}
	}
}

func nested(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, error) { // want `^nested: go-sdk raw forwarded by handlerFunc\$1\$1 seeds args$`
	return nil, nil
}

// withDeps calls the function that its parameter's function makes.
func withDeps(mk func(deps string) func(context.Context, *mcp.CallToolRequest, Args) (*mcp.CallToolResult, any, error)) mcp.ToolHandler { // want withDeps:"forwards 0" withDeps:"0 seeds 2"
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^withDeps\$1: go-sdk raw registered$`
		var args Args
		_ = json.Unmarshal(req.Params.Arguments, &args)
		res, _, err := mk("deps")(ctx, req, args)
		return res, err
	}
}

// makeSearch is a factory: the literal it returns is what withDeps calls.
func makeSearch(deps string) func(context.Context, *mcp.CallToolRequest, Args) (*mcp.CallToolResult, any, error) {
	return func(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, any, error) { // want `^makeSearch\$1: go-sdk raw forwarded by withDeps\$1 seeds args$`
		return nil, nil, nil
	}
}

// listThings is a factory of raw handlers; logged forwards what it is
// given, here what the factory returns.
func listThings(api string) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^listThings\$1: go-sdk raw registered by logged\$1$`
		return nil, nil
	}
}

func logged(h mcp.ToolHandler) mcp.ToolHandler { // want logged:"forwards 0"
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^logged\$1: go-sdk raw registered$`
		return h(ctx, req)
	}
}

// handleQuery is a tool body: it takes the request and makes a result,
// so its errors reach the client unless its caller converts them. No
// caller here: another package may call it.
func handleQuery(ctx context.Context, req *mcp.CallToolRequest, cfg string) (*mcp.CallToolResult, error) { // want `^handleQuery: go-sdk raw unregistered$`
	return nil, nil
}

// converted is a tool body whose only caller turns its errors into tool
// errors: a helper of that caller, no handler.
func converted(ctx context.Context, req *mcp.CallToolRequest, cfg string) (*mcp.CallToolResult, error) {
	return nil, nil
}

func callsConverted(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^callsConverted: go-sdk raw registered$`
	res, err := converted(ctx, req, "cfg")
	if err != nil {
		return &mcp.CallToolResult{IsError: true}, nil
	}
	return res, nil
}

// forwardedBody is a tool body whose caller returns its error.
func forwardedBody(ctx context.Context, req *mcp.CallToolRequest, cfg string) (*mcp.CallToolResult, error) { // want `^forwardedBody: go-sdk raw forwarded by callsForwardedBody$`
	return nil, nil
}

func callsForwardedBody(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^callsForwardedBody: go-sdk raw registered$`
	return forwardedBody(ctx, req, "cfg")
}

// Marked marks an error that must reach the client as a protocol error.
type Marked struct{ Err error }

func (m *Marked) Error() string { return m.Err.Error() }

// withToolErrors turns the errors of h into tool results, but for Marked
// ones, which it passes on as protocol errors.
func withToolErrors(h mcp.ToolHandler) mcp.ToolHandler { // want withToolErrors:"converts 0; escapes handlers_gosdk.Marked"
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^withToolErrors\$1: go-sdk raw registered$`
		res, err := h(ctx, req)
		if err == nil {
			return res, nil
		}
		var m *Marked
		if errors.As(err, &m) {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: err.Error()}
		}
		return &mcp.CallToolResult{IsError: true}, nil
	}
}

// marked is given only to withToolErrors: only Marked errors reach the
// client as protocol errors.
func marked(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^marked: go-sdk raw registered escapes handlers_gosdk\.Marked$`
	return nil, nil
}

// plainConvert turns every error into a tool result.
func plainConvert(h mcp.ToolHandler) mcp.ToolHandler { // want plainConvert:"converts 0"
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^plainConvert\$1: go-sdk raw registered$`
		res, err := h(ctx, req)
		if err != nil {
			return &mcp.CallToolResult{IsError: true}, nil
		}
		return res, nil
	}
}

// quiet is given only to plainConvert: no handler.
func quiet(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

// alsoRegistered is given to plainConvert and registered as it is: a
// handler.
func alsoRegistered(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^alsoRegistered: go-sdk raw registered$`
	return nil, nil
}

// recoverer is middleware of every method: it answers failures of
// tools/call with an IsError result.
func recoverer(next mcp.MethodHandler) mcp.MethodHandler { // want recoverer:"converts 0"
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		if err != nil && method == "tools/call" {
			return &mcp.CallToolResult{IsError: true}, nil
		}
		return res, err
	}
}

// tool is the interface a registry dispatches through.
type tool interface {
	Call(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error)
}

type weather struct{}

// Call is a raw handler by its signature, whoever calls it.
func (weather) Call(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^\(weather\)\.Call: go-sdk raw registered$`
	return nil, nil
}

// dispatchTo calls a method of the interface it is given.
func dispatchTo(t tool) mcp.ToolHandler { // want dispatchTo:"forwards 0.Call"
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^dispatchTo\$1: go-sdk raw registered$`
		return t.Call(ctx, req)
	}
}

func register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "raw"}, raw)
	mcp.AddTool(s, &mcp.Tool{Name: "typed"}, typed)
	srv := &server{}
	s.AddTool(&mcp.Tool{Name: "method"}, srv.method)
	s.AddTool(&mcp.Tool{Name: "listed"}, toolHandler(srv.listed))
	s.AddTool(&mcp.Tool{Name: "issues"}, toolHandler(listIssues))
	s.AddTool(&mcp.Tool{Name: "repo"}, repo)
	s.AddTool(&mcp.Tool{Name: "nested"}, handlerFunc(nested)("deps"))
	s.AddTool(&mcp.Tool{Name: "search"}, withDeps(makeSearch))
	s.AddTool(&mcp.Tool{Name: "things"}, logged(listThings("api")))
	s.AddTool(&mcp.Tool{Name: "marked"}, withToolErrors(marked))
	s.AddTool(&mcp.Tool{Name: "quiet"}, plainConvert(quiet))
	s.AddTool(&mcp.Tool{Name: "also"}, plainConvert(alsoRegistered))
	s.AddTool(&mcp.Tool{Name: "also2"}, alsoRegistered)
	s.AddTool(&mcp.Tool{Name: "weather"}, dispatchTo(weather{}))
	s.AddReceivingMiddleware(recoverer)
}

// forwardFunc adapts a body to the tool interface, as http.HandlerFunc
// does, and returns the body's errors as its own.
type forwardFunc func(ctx context.Context, args Args) (*mcp.CallToolResult, error)

func (f forwardFunc) Call(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^\(forwardFunc\)\.Call: go-sdk raw registered$` Call:"forwards 0" Call:"0 seeds 1"
	var args Args
	_ = json.Unmarshal(req.Params.Arguments, &args)
	return f(ctx, args)
}

// adapted is forwarded through the interface dispatchTo calls.
func adapted(ctx context.Context, args Args) (*mcp.CallToolResult, error) { // want `^adapted: go-sdk raw forwarded by dispatchTo\$1$`
	return nil, nil
}

func registerAdapted(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "adapted"}, dispatchTo(forwardFunc(adapted)))
}

// A literal made only in dead code is no handler: deadFactory's one
// caller, an unexported method, is called by nothing (its call commented
// out, say) and no interface of the package names it.
func deadFactory() mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, errors.New("never made")
	}
}

type installer struct{}

func (installer) install(s *mcp.Server) { s.AddTool(&mcp.Tool{Name: "dead"}, deadFactory()) }

// Factories keeps the factories above live: a handler literal made only
// in code nothing runs is no handler.
var Factories = []any{toolHandler[Args], handlerFunc, withDeps, makeSearch, listThings, logged, withToolErrors, plainConvert, dispatchTo}
