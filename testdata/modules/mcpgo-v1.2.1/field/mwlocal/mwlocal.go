// Package mwlocal builds its server with a middleware that turns every
// tool handler's error into a tool result: its handlers are correct,
// whatever they return (issue 17, part 1).
package mwlocal

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

// New builds the server.
func New() *server.MCPServer {
	s := server.NewMCPServer("x", "1.0.0", server.WithToolHandlerMiddleware(errorsAsResults))
	s.AddTool(mcp.NewTool("search"), search)
	return s
}

func search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q, err := req.RequireString("query")
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(q), nil
}
