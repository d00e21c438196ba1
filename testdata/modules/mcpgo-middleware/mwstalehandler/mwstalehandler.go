// Package mwstalehandler claims, with the directive, that package
// mwstaleserver converts its handlers' errors; it does not (its
// middleware was removed), and mwstaleserver's analysis says so.
//
//mcperrlint:converted-by example.com/mcpgomw/mwstaleserver
package mwstalehandler

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

// Search answers the search tool.
func Search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q, err := req.RequireString("query")
	if err != nil {
		return nil, err // silenced by the directive, which mwstaleserver's report calls false
	}
	return mcp.NewToolResultText(q), nil
}
