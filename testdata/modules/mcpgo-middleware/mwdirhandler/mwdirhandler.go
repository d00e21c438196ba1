// Package mwdirhandler is mwhandler with the directive that tells every
// driver, go vet and golangci-lint among them, what the standalone
// command sees: package mwdirserver, which registers these handlers,
// turns their errors into tool results.
//
//mcperrlint:converted-by example.com/mcpgomw/mwdirserver
package mwdirhandler

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

// Search answers the search tool.
func Search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q, err := req.RequireString("query")
	if err != nil {
		return nil, err // converted by mwdirserver's middleware: no driver reports it
	}
	return mcp.NewToolResultText(q), nil
}
