// Package mwsame is an mcp-go server whose tool handler middleware turns
// a handler's error into a tool result with IsError set, with the
// handlers in the same package. Nothing here is to be reported. The lines
// the end-to-end test calls end in a comment "runtime: SERVER/TOOL".
package mwsame

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Server returns the server with its middleware and tools.
func Server() *server.MCPServer {
	s := server.NewMCPServer("x", "1.0.0", server.WithToolHandlerMiddleware(errorsAsResults))
	s.AddTool(mcp.NewTool("search", mcp.WithString("query", mcp.Required())), search)
	return s
}

// errorsAsResults returns a handler's error as a tool result.
func errorsAsResults(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}

func search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	query, err := req.RequireString("query")
	if err != nil {
		return nil, err // runtime: mcpgo-mwsame/search
	}
	return mcp.NewToolResultText("results for " + query), nil
}
