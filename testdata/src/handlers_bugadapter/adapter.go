// Package handlers_bugadapter holds a body given to a wrapper through an
// interface, by an adapter whose method turns the body's errors into tool
// results: the body is no handler, whatever the wrapper does with the
// interface's errors.
package handlers_bugadapter

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Args struct {
	Owner string `json:"owner"`
}

type tool interface {
	Call(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error)
}

// dispatchTo returns the errors of the interface's method.
func dispatchTo(t tool) mcp.ToolHandler { // want dispatchTo:"forwards 0.Call"
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `dispatchTo\$1: go-sdk raw registered$`
		return t.Call(ctx, req)
	}
}

// bodyFunc adapts a body to tool and converts the body's errors.
type bodyFunc func(ctx context.Context, args Args) (*mcp.CallToolResult, error)

func (f bodyFunc) Call(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `\(bodyFunc\).Call: go-sdk raw registered$` Call:"converts 0"
	var args Args
	_ = json.Unmarshal(req.Params.Arguments, &args)
	res, err := f(ctx, args)
	if err != nil {
		return &mcp.CallToolResult{IsError: true}, nil
	}
	return res, nil
}

// converted's errors never reach the client as errors: no handler.
func converted(ctx context.Context, args Args) (*mcp.CallToolResult, error) {
	return nil, nil
}

func register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "converted"}, dispatchTo(bodyFunc(converted)))
}

// Live keeps register live: a literal made only in dead code is no handler.
var Live = []any{register}
