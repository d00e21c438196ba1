// Package app registers every tool of the registry with one closure that
// calls the tool through its interface: an argument error of any tool
// reaches the client through the closure's return, where the one fix for
// all of them belongs.
package app

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	_ "example.com/mcpgo121/field/registry/calculator"
	_ "example.com/mcpgo121/field/registry/clock"
	"example.com/mcpgo121/field/registry/tools"
)

// New builds the server.
func New() *server.MCPServer {
	s := server.NewMCPServer("registry", "1.0.0")
	for _, t := range tools.All() {
		s.AddTool(t.Definition(), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			res, err := t.Execute(ctx, req.GetArguments())
			if err != nil {
				return nil, fmt.Errorf("tool execution failed: %w", err) // want `argument decoding error`
			}
			return res, nil
		})
	}
	return s
}

// Clocks registers only tools that check nothing: silent.
func Clocks(s *server.MCPServer, ts []interface {
	Definition() mcp.Tool
	Now(ctx context.Context) (*mcp.CallToolResult, error)
}) {
	for _, t := range ts {
		s.AddTool(t.Definition(), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return t.Now(ctx)
		})
	}
}
