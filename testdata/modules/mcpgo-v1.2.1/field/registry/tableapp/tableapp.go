// Package tableapp registers the table's tools with one closure that calls
// the body from the table's field: the argument errors of the bodies
// reach the client through the closure's return.
package tableapp

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/mcpgo121/field/registry/mathtools"
)

// New builds the server.
func New() *server.MCPServer {
	s := server.NewMCPServer("table", "1.0.0")
	for name := range mathtools.Tools {
		s.AddTool(mcp.NewTool(name), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			res, err := mathtools.Tools[name].Handler(ctx, req.GetArguments())
			if err != nil {
				return nil, err // want `argument decoding error`
			}
			return res, nil
		})
	}
	return s
}
