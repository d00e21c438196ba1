// Package mwhandler holds tool handlers that return argument errors as Go
// errors. They are correct: package mwserver registers them only on a
// server whose tool handler middleware turns every handler error into a
// tool result with IsError set. Nothing here is to be reported. The line
// the end-to-end test calls ends in a comment "runtime: SERVER/TOOL".
package mwhandler

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

// Search answers a search.
func Search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	query, err := req.RequireString("query")
	if err != nil {
		return nil, err // runtime: mcpgo-mw/search
	}
	return mcp.NewToolResultText("results for " + query), nil
}
