// Package tool_errors is analyzed with -tool-errors: errors with
// no argument origin are reported too, as tool-error.
package tool_errors

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"tool_errors/results"
)

func fetch(ctx context.Context, city string) (string, error) { return city, nil }

func weather(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct{ City string }
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err // want `tool handler returns an argument decoding error as a protocol error`
	}
	text, err := fetch(ctx, args.City)
	if err != nil {
		return nil, fmt.Errorf("weather service: %w", err) // want `tool handler returns an error as a protocol error; the model never sees it: return a CallToolResult with IsError`
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
}

// A forwarded error is reported where it is made, not where it is forwarded.
func forward(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return weather(ctx, req) // forwarding: reported at the callee, not here
}

// Unknown tools stay protocol errors, in strict mode too.
func dispatch(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch req.Params.Name {
	case "weather":
		return weather(ctx, req)
	default:
		return nil, fmt.Errorf("unknown tool %q", req.Params.Name)
	}
}

// A project's tool-error helper in another package is a correct return,
// in every mode.
func viaHelper(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct{ City string }
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return results.ToolErrorf("arguments: %v", err)
	}
	if args.City == "" {
		return results.ToolError("city is required")
	}
	text, err := fetch(ctx, args.City)
	if err != nil {
		return results.ToolErrorf("weather service: %v", err)
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
}

// A Store is the backend a handler factory is given.
type Store interface {
	Get(ctx context.Context, id string) (string, error)
}

// Calling a method of an interface the factory was given is no forwarding:
// its error is the handler's own.
func getter(s Store) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := ctx.Err(); err != nil {
			return nil, err // want `tool handler returns an error as a protocol error`
		}
		v, err := s.Get(ctx, "id")
		if err != nil {
			return nil, err // want `tool handler returns an error as a protocol error`
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: v}}}, nil
	}
}

// Live keeps the functions above live: a handler literal made only in
// code nothing runs is no handler.
var Live = []any{getter}
