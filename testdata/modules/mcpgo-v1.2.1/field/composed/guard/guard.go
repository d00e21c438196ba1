// Package guard turns every error and every panic of the tool handlers it
// is given into tool execution errors.
package guard

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Guard returns h with its errors and panics answered as IsError results.
func Guard(h server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		defer func() {
			if r := recover(); r != nil {
				res, err = mcp.NewToolResultError(fmt.Sprint("tool panicked: ", r)), nil
			}
		}()
		res, err = h(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}

// Logged returns h with its errors logged and passed on as they are.
func Logged(h server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := h(ctx, req)
		if err != nil {
			fmt.Println("tool failed:", err)
		}
		return res, err
	}
}
