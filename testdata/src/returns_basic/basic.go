// Package returns_basic holds go-sdk handlers that return argument errors
// as protocol errors, checked with the default configuration.
package returns_basic

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"returns_basic/args"
)

type input struct {
	N int `json:"n"`
}

func decode(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in input
	if err := json.Unmarshal(req.Params.Arguments, &in); err != nil { // want `^note: the arguments are decoded here$`
		return nil, err // want `^tool handler returns an argument decoding error as a protocol error; the model never sees it: return a CallToolResult with IsError$`
	}
	return &mcp.CallToolResult{}, nil
}

func validate(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in input
	if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
	}
	if in.N < 0 { // want `^note: the argument is checked here$`
		return nil, errors.New("n must not be negative") // want `^tool handler returns an argument validation error as a protocol error; the model never sees it: return a CallToolResult with IsError$`
	}
	return &mcp.CallToolResult{}, nil
}

func invalidParams(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if len(req.Params.Arguments) == 0 {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "no arguments"} // want `^tool handler returns an InvalidParams protocol error; the model never sees it: return a CallToolResult with IsError$`
	}
	return &mcp.CallToolResult{}, nil
}

func fetch(ctx context.Context, n int) (string, error) { return "", nil }

// toolError returns an error with no argument origin: left out unless
// -tool-errors, and then in Off.
func toolError(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, err := fetch(ctx, 1)
	if err != nil {
		return nil, fmt.Errorf("fetch: %w", err)
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
}

func partial() *mcp.CallToolResult { return &mcp.CallToolResult{} }

// noFix computes the result beside the error by a call, which the fix
// would drop.
func noFix(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in input
	if err := json.Unmarshal(req.Params.Arguments, &in); err != nil { // want `^note: the arguments are decoded here$`
		return partial(), err // want `argument decoding error as a protocol error; .* \(no fix: the result beside the error is computed by a call, which the fix would drop\)$`
	}
	return &mcp.CallToolResult{}, nil
}

// crossPackage returns the error of a decoding function of another
// package: the note names that function and the line of its return.
func crossPackage(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q, err := args.Parse(req)
	if err != nil {
		return nil, err // want "^tool handler returns an argument decoding error as a protocol error; .* \\[note: the arguments are decoded in `[^`]*Parse`, at line 21\\]$"
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: q.Text}}}, nil
}

// checkName is a function a raw handler tail-calls: its errors are the
// handler's.
func checkName(ctx context.Context, name string) (*mcp.CallToolResult, error) {
	if name == "" { // want `^note: the argument is checked here$`
		return nil, errors.New("name is required") // want "^`checkName` returns an argument validation error as a protocol error \\(a tool handler forwards it\\); the model never sees it: return a CallToolResult with IsError$"
	}
	return &mcp.CallToolResult{}, nil
}

func named(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in struct{ Name string }
	if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
	}
	return checkName(ctx, in.Name)
}

type typedIn struct {
	Limit int `json:"limit"`
}

// typed is a typed handler: a plain error is a tool error, a
// *jsonrpc.Error a protocol error.
func typed(ctx context.Context, req *mcp.CallToolRequest, in typedIn) (*mcp.CallToolResult, any, error) {
	if in.Limit > 10 {
		return nil, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "limit too large"} // want `^typed tool handler returns an InvalidParams protocol error; the model never sees it: return a plain error, which the SDK turns into a tool error$`
	}
	if in.Limit < 0 {
		return nil, nil, errors.New("limit is negative") // a plain error: a tool error
	}
	return &mcp.CallToolResult{}, nil, nil
}

// Register registers the tools.
func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "decode"}, decode)
	s.AddTool(&mcp.Tool{Name: "validate"}, validate)
	s.AddTool(&mcp.Tool{Name: "invalid"}, invalidParams)
	s.AddTool(&mcp.Tool{Name: "fetch"}, toolError)
	s.AddTool(&mcp.Tool{Name: "nofix"}, noFix)
	s.AddTool(&mcp.Tool{Name: "cross"}, crossPackage)
	s.AddTool(&mcp.Tool{Name: "named"}, named)
	mcp.AddTool(s, &mcp.Tool{Name: "typed"}, typed)
}
