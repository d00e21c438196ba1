package unflagged_basic

import (
	"context"

	. "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// dotted calls the builder by its bare name: the fix renames it.
func dotted(ctx context.Context, req CallToolRequest) (*CallToolResult, error) {
	_, err := load(req.Params.Name) // want `^note: the error comes from here$`
	if err != nil {
		return NewToolResultText(err.Error()), nil // want "^tool handler answers .*: use `NewToolResultError`$"
	}
	return NewToolResultText("ok"), nil
}

// RegisterDotted registers the tool.
func RegisterDotted(s *server.MCPServer) {
	s.AddTool(NewTool("dotted"), dotted)
}
