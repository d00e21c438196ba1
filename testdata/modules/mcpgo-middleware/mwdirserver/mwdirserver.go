// Package mwdirserver builds the server of package mwdirhandler's
// handlers, with a middleware that turns their errors into tool results.
package mwdirserver

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/mcpgomw/mwdirhandler"
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
	s.AddTool(mcp.NewTool("search"), mwdirhandler.Search)
	return s
}
