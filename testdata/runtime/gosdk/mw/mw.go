// Package mw is a go-sdk server whose receiving middleware turns the error
// of a tools/call handler into a tool result with IsError set: its raw
// handlers may return argument errors as Go errors, and the model still
// sees them. Nothing here is to be reported. The lines the end-to-end test
// calls end in a comment "runtime: SERVER/TOOL".
package mw

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Server returns the server with its middleware and tools.
func Server() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "gosdk-mw", Version: "1.0.0"}, nil)
	s.AddReceivingMiddleware(errorsAsResults)
	s.AddTool(&mcp.Tool{Name: "greet", InputSchema: map[string]any{"type": "object"}}, greet)
	return s
}

// errorsAsResults answers tools/call with an IsError result when the
// handler fails, except for the SDK's own protocol errors (unknown tool).
func errorsAsResults(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		var wire *jsonrpc.Error
		if err != nil && method == "tools/call" && !errors.As(err, &wire) {
			r := &mcp.CallToolResult{}
			r.SetError(err)
			return r, nil
		}
		return res, err
	}
}

func greet(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct {
		Name string `json:"name"`
	}
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err // runtime: gosdk-mw/greet#decode
	}
	if args.Name == "" {
		return nil, errors.New("name is required") // runtime: gosdk-mw/greet
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "hello " + args.Name}}}, nil
}
