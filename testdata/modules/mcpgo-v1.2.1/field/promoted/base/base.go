// Package base holds a tool body that tools of the promoted registry
// embed: its Execute, promoted into each of them, checks its arguments.
package base

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
)

// Checked executes a tool that needs a positive count.
type Checked struct{}

// Execute checks the count.
func (Checked) Execute(ctx context.Context, args map[string]any) (*mcp.CallToolResult, error) {
	n, _ := args["count"].(float64)
	if n <= 0 {
		return nil, errors.New("count must be positive")
	}
	return mcp.NewToolResultText("ok"), nil
}
