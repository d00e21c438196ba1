// Package clock is a tool of the registry that checks nothing.
package clock

import (
	"context"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"example.com/mcpgo121/field/registry/tools"
)

func init() { tools.Register(Clock{}) }

// Clock tells the time.
type Clock struct{}

// Definition describes the tool.
func (Clock) Definition() mcp.Tool { return mcp.NewTool("clock") }

// Execute answers the time.
func (Clock) Execute(ctx context.Context, args map[string]any) (*mcp.CallToolResult, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(time.Now().String()), nil
}
