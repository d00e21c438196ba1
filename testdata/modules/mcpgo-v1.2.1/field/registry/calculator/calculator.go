// Package calculator is a tool of the registry whose Execute checks its
// arguments.
package calculator

import (
	"context"
	"errors"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"

	"example.com/mcpgo121/field/registry/tools"
)

func init() { tools.Register(&Calculator{}) }

// Calculator evaluates a number.
type Calculator struct{}

// Definition describes the tool.
func (c *Calculator) Definition() mcp.Tool { return mcp.NewTool("calculator") }

// Execute checks the expression and answers it.
func (c *Calculator) Execute(ctx context.Context, args map[string]any) (*mcp.CallToolResult, error) {
	expr, ok := args["expression"].(string)
	if !ok || expr == "" {
		return nil, errors.New("expression is required")
	}
	n, err := strconv.Atoi(expr)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(strconv.Itoa(n * 2)), nil
}
