// Package receiving builds its server with receiving middleware that
// answers a failed tools/call with a tool result with IsError set: its
// raw handlers are correct, whatever they return (issue 17, part 1).
package receiving

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func toolErrors(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		if err != nil && method == "tools/call" {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
		}
		return res, err
	}
}

// New builds the server.
func New() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "x", Version: "1.0.0"}, nil)
	s.AddReceivingMiddleware(toolErrors)
	s.AddTool(&mcp.Tool{Name: "greet"}, greet)
	return s
}

func greet(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct{ Name string }
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "hello " + args.Name}}}, nil
}
