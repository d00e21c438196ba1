// Package wrap defines wrappers that build raw go-sdk handlers around the
// functions they are given; its Wrapper facts say what those handlers do
// with each function's errors, for the packages that pass bodies here.
package wrap

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// NewTool decodes the arguments and returns the body's result and error
// as its own.
func NewTool[In any](name string, body func(context.Context, *mcp.CallToolRequest, In) (*mcp.CallToolResult, error)) mcp.ToolHandler { // want NewTool:"forwards 1" NewTool:"1 seeds 2"
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `NewTool\$1: go-sdk raw registered$`
		var in In
		if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
			return nil, err
		}
		return body(ctx, req, in)
	}
}

// ErrorOnly returns the body's error but a result of its own.
func ErrorOnly(body func(ctx context.Context, name string) (*mcp.CallToolResult, error)) mcp.ToolHandler { // want ErrorOnly:"forwards 0"
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `ErrorOnly\$1: go-sdk raw registered$`
		if _, err := body(ctx, req.Params.Name); err != nil {
			return nil, err
		}
		return &mcp.CallToolResult{}, nil
	}
}

// Marked marks an error that must reach the client as a protocol error.
type Marked struct{ Err error }

func (m *Marked) Error() string { return m.Err.Error() }

// WithToolErrors turns the errors of h into tool results, but for Marked
// ones.
func WithToolErrors(h mcp.ToolHandler) mcp.ToolHandler { // want WithToolErrors:"converts 0; escapes handlers_xpkg/wrap.Marked"
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `WithToolErrors\$1: go-sdk raw registered$`
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

// Both forwards its first function and converts its second.
func Both(first, second mcp.ToolHandler) mcp.ToolHandler { // want Both:"forwards 0" Both:"converts 1"
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `Both\$1: go-sdk raw registered$`
		if _, err := second(ctx, req); err != nil {
			return &mcp.CallToolResult{IsError: true}, nil
		}
		return first(ctx, req)
	}
}

// Retry calls the body at two returns, once with decoded arguments and
// once with none: the fact lists both calls, sorted, the same bytes on
// every run.
func Retry[In any](body func(context.Context, *mcp.CallToolRequest, In) (*mcp.CallToolResult, error)) mcp.ToolHandler { // want Retry:"forwards 0" Retry:"0 seeds none; 0 seeds 2"
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `Retry\$1: go-sdk raw registered$`
		var in In
		if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
			var zero In
			return body(ctx, req, zero)
		}
		return body(ctx, req, in)
	}
}

// Tool is what Dispatch calls.
type Tool interface {
	Call(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error)
}

// Dispatch returns the errors of its tool's Call method: what a body
// given through an adapter becomes is what the adapter's method does.
func Dispatch(t Tool) mcp.ToolHandler { // want Dispatch:"forwards 0.Call"
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^Dispatch\$1: go-sdk raw registered$`
		return t.Call(ctx, req)
	}
}
