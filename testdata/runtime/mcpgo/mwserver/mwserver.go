// Package mwserver builds an mcp-go server whose tool handler middleware
// turns a handler's error into a tool result with IsError set, and
// registers package mwhandler's handlers on it.
package mwserver

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/runtime/mcpgo/mwhandler"
)

// Server returns the server with its middleware and tools.
func Server() *server.MCPServer {
	s := server.NewMCPServer("x", "1.0.0", server.WithToolHandlerMiddleware(errorsAsResults))
	s.AddTool(mcp.NewTool("search", mcp.WithString("query", mcp.Required())), mwhandler.Search)
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
