// Package server registers a tool that reads its arguments through the
// params package's parser object.
package server

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/mcpgo028/field/params"
)

// Register installs the tools.
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("count"), count)
}

func count(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	p := params.NewParser(req)
	n, err := p.Int("n", true)
	if err != nil {
		return nil, err // want "argument decoding error"
	}
	return mcp.NewToolResultText(fmt.Sprint(n)), nil
}
