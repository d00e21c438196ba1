// Package summaries_converting_partial builds two mcp-go servers, one
// with a middleware that converts errors (an option of the constructor)
// and one without: a handler may be registered on the second, and its
// argument errors are reported.
package summaries_converting_partial

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func errorsAsResults(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}

func greet(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return nil, err // want "argument decoding error"
	}
	return mcp.NewToolResultText("hello " + name), nil
}

// New builds the servers.
func New() (*server.MCPServer, *server.MCPServer) {
	converting := server.NewMCPServer("x", "1.0.0", server.WithToolHandlerMiddleware(errorsAsResults))
	converting.AddTool(mcp.NewTool("greet"), greet)
	plain := server.NewMCPServer("y", "1.0.0")
	plain.AddTool(mcp.NewTool("greet"), greet)
	return converting, plain
}
