// Package mwhandler holds handlers that package mwserver registers on a
// server whose middleware turns their errors into tool results. Analyzed
// on its own, as go vet and golangci-lint analyze it, it cannot know that:
// its reports are dropped by the drivers that see the whole program (the
// standalone command), not by the analyzer (issue 17, part 1).
package mwhandler

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

// Handler answers the tools.
type Handler struct{}

// Search answers the search tool.
func (h *Handler) Search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q, err := req.RequireString("query")
	if err != nil {
		return nil, err // reported by go vet, not by the standalone command: see TestMiddlewareElsewhere
	}
	return mcp.NewToolResultText(q), nil
}
