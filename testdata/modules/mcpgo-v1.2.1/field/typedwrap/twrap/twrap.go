// Package twrap holds generic typed wrappers of mcp-go's typed functions
// for another package's registrations.
package twrap

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

// Convert answers every error of h with an IsError result.
func Convert[T any](h mcp.TypedToolHandlerFunc[T]) mcp.TypedToolHandlerFunc[T] {
	return func(ctx context.Context, req mcp.CallToolRequest, args T) (*mcp.CallToolResult, error) {
		res, err := h(ctx, req, args)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}

// Forward passes every error of h on.
func Forward[T any](h mcp.TypedToolHandlerFunc[T]) mcp.TypedToolHandlerFunc[T] {
	return func(ctx context.Context, req mcp.CallToolRequest, args T) (*mcp.CallToolResult, error) {
		return h(ctx, req, args)
	}
}
