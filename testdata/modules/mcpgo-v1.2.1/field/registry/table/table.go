// Package table declares a table of tools whose bodies are function-typed
// struct fields, filled in other packages (issue 17, part 2).
package table

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

// A Tool is one row of the table.
type Tool struct {
	Name    string
	Handler func(ctx context.Context, args map[string]any) (*mcp.CallToolResult, error)
}
