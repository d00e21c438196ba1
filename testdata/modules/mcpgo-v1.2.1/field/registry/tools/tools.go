// Package tools is a registry of tools that its users call through an
// interface (issue 17, part 2).
package tools

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

// A Tool is one tool of the registry.
type Tool interface {
	Definition() mcp.Tool
	Execute(ctx context.Context, args map[string]any) (*mcp.CallToolResult, error)
}

var registered []Tool

// Register adds a tool; tools register themselves from their init.
func Register(t Tool) { registered = append(registered, t) }

// All returns the registered tools.
func All() []Tool { return registered }
