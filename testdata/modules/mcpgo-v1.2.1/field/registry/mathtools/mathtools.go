// Package mathtools fills the table with tools that check their arguments.
package mathtools

import (
	"context"
	"fmt"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"

	"example.com/mcpgo121/field/registry/table"
)

// Tools is the table, by name.
var Tools = map[string]table.Tool{
	"double": {Name: "double", Handler: double},
	"echo": {Name: "echo", Handler: func(ctx context.Context, args map[string]any) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(fmt.Sprint(args["text"])), nil
	}},
}

func double(ctx context.Context, args map[string]any) (*mcp.CallToolResult, error) {
	s, ok := args["n"].(string)
	if !ok {
		return nil, fmt.Errorf("n must be a string")
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(strconv.Itoa(2 * n)), nil
}
