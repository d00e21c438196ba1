// Package unflagged_off answers a failure with a result that is not marked
// as an error: with -unflagged-errors=false, nothing is reported.
package unflagged_off

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("read"), read)
}

func load(name string) (string, error) {
	if name == "" {
		return "", errors.New("nothing to load")
	}
	return name, nil
}

func read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := load(req.Params.Name)
	if err != nil {
		return mcp.NewToolResultText(fmt.Sprintf("Error: %v", err)), nil // silent with -unflagged-errors=false
	}
	return mcp.NewToolResultText(data), nil
}
