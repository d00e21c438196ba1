// Package app calls the registry's tools through their interface, where
// the only tool checks its arguments in a method it promotes from an
// embedded type of another package.
package app

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	_ "example.com/mcpgo121/field/promoted/tool"
	"example.com/mcpgo121/field/registry/tools"
)

// New builds the server.
func New() *server.MCPServer {
	s := server.NewMCPServer("promoted", "1.0.0")
	for _, t := range tools.All() {
		s.AddTool(t.Definition(), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			res, err := t.Execute(ctx, req.GetArguments())
			if err != nil {
				return nil, err // want `argument validation error`
			}
			return res, nil
		})
	}
	return s
}
