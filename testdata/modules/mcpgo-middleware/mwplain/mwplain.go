// Package mwplain builds another server, with no middleware, and
// registers a handler of its own on it: that handler is reported, and
// mwhandler's, which this server does not register, stays silenced.
package mwplain

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// New builds the server.
func New() *server.MCPServer {
	s := server.NewMCPServer("plain", "1.0.0")
	s.AddTool(mcp.NewTool("echo"), echo)
	return s
}

func echo(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, err := req.RequireString("text")
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(text), nil
}
