// Package tools registers list tools whose argument handling lives in the
// params package: each want comment is found through a summary of one of
// its functions.
package tools

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/mcpgo121/params"
)

// Register installs the tools.
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("list_issues"), listIssues)
	s.AddTool(mcp.NewTool("get_issue"), getIssue)
}

func listIssues(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	owner, err := params.RequiredParam[string](req, "owner")
	if err != nil {
		return nil, err // want "argument decoding error"
	}
	page, err := params.OptionalPaginationParams(req)
	if err != nil {
		return nil, fmt.Errorf("paging: %w", err) // want "argument decoding error"
	}
	return mcp.NewToolResultText(fmt.Sprintf("%s page %d", owner, page.Page)), nil
}

func getIssue(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	number, err := params.RequiredParam[float64](req, "number")
	if err != nil {
		return params.ToolError(err) // a tool error already
	}
	if number < 1 {
		return nil, fmt.Errorf("number must be positive") // want "argument validation error"
	}
	issue, err := fetchIssue(ctx, int(number))
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(issue), nil
}

func fetchIssue(ctx context.Context, n int) (string, error) {
	return fmt.Sprint(n), ctx.Err()
}
