// Package nested checks argument values nested in lists of objects
// against fixed tables of another package.
package nested

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"

	"example.com/mcpgo121/field/nested/dto"
)

func filter(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if raw, ok := req.GetArguments()["principal_filter"]; ok {
		if items, ok := raw.([]any); ok {
			for _, item := range items {
				m, ok := item.(map[string]any)
				if !ok {
					continue
				}
				if lvl, ok := m["scopeLevel"].(string); ok {
					if !dto.AllowedScopeLevels[lvl] {
						return nil, fmt.Errorf("invalid scope level: %s", lvl) // want "argument validation error"
					}
				}
				if kind, ok := m["kind"].(string); ok {
					if _, known := dto.Kinds[kind]; !known {
						return nil, fmt.Errorf("unknown kind: %s", kind) // want "argument validation error"
					}
				}
				if name, ok := m["name"].(string); ok && dto.Seen[name] {
					return nil, fmt.Errorf("%s was seen before", name) // run-time state, not an argument check
				}
			}
		}
	}
	return mcp.NewToolResultText("ok"), nil
}
