// Package mcpssa_inert holds test entry points that the SSA form of its
// test variant can leave out, and others it must keep (package mcpssa).
package mcpssa_inert

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// labels is a package-level map: whether its keys are fixed depends on
// every function that writes it.
var labels = map[string]string{"a": "A"}

func translate(key, fallback string) string { return fallback }

func lookup(key string) (string, error) {
	if v, ok := labels[key]; ok {
		return v, nil
	}
	return "", errors.New("no label")
}

// body has a tool body's signature: whether it is a handler depends on how
// the package uses it.
func body(ctx context.Context, req *mcp.CallToolRequest, limit int) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

func makeHandler(t func(string, string) string) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return body(ctx, req, 1)
	}
}

// wrap forwards the errors of the function it is given.
func wrap(f func(context.Context) error) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, f(ctx)
	}
}

func register(s *mcp.Server, h mcp.ToolHandler) { s.AddTool(&mcp.Tool{Name: "t"}, h) }
