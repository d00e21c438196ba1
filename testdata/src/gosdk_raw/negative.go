package gosdk_raw

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// backend is a database or remote API: what it returns is not an
// argument value, whatever it was asked.
type backend interface {
	Lookup(ctx context.Context, id string) (string, error)
}

var db backend

// Errors with no argument origin are tool errors too by the spec, but not
// what the default mode reports.
func apiFailure(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct{ ID string }
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
	}
	v, err := db.Lookup(ctx, args.ID)
	if err != nil {
		return nil, fmt.Errorf("lookup: %w", err)
	}
	if v == "" { // a backend result, not an argument value
		return nil, errors.New("not found")
	}
	if _, err := os.ReadFile(v); err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{}, nil
}

// Unknown tools stay protocol errors.
func dispatch(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch req.Params.Name {
	case "search":
		return search(ctx, req)
	default:
		return nil, fmt.Errorf("unknown tool %q", req.Params.Name)
	}
}

// Pure forwarding in middleware.
func withLogging(next mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return next(ctx, req)
	}
}

// Returns in nested function literals that are not handlers.
func nested(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	parse := func() error {
		var v map[string]any
		if err := json.Unmarshal(req.Params.Arguments, &v); err != nil {
			return err
		}
		return nil
	}
	if err := parse(); err != nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
	}
	return &mcp.CallToolResult{}, nil
}

// A result that already carries IsError.
func correct(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args map[string]any
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		res := &mcp.CallToolResult{}
		res.SetError(err)
		return res, nil
	}
	return &mcp.CallToolResult{}, nil
}

// Other JSON-RPC codes for non-argument failures.
func internal(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if ctx.Err() != nil {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "cancelled"}
	}
	return &mcp.CallToolResult{}, nil
}

// Decoding something that is not the arguments.
func notArguments(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var cfg map[string]any
	data, err := os.ReadFile("config.json")
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, &cfg); err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{}, nil
}

// Dispatch on the tool name and session state is not argument validation.
func meta(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.Params.Name == "" {
		return nil, errors.New("missing tool name")
	}
	if req.Session == nil {
		return nil, errors.New("no session")
	}
	return &mcp.CallToolResult{}, nil
}
