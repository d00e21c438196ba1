package argassert_mcpgo

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// gitlab-mcp's shape: every handler is registered through a wrapper that
// turns its errors into tool results. Its returns are right, but a
// wrapper converts returned errors, not panics: an assertion on an
// argument in the wrapped handler is reported all the same.
func guard(h server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := h(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}

func project(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := req.GetArguments()["project_id"].(string) // want `tool handler asserts the type of argument "project_id" with .\(string\)`
	if id == "" {
		return nil, fmt.Errorf("project_id must not be empty")
	}
	return mcp.NewToolResultText(id), nil
}

func registerGuarded(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("project"), guard(project))
}
