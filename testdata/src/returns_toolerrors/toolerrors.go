// Package returns_toolerrors is checked with -tool-errors: an error with no
// argument origin is reported as tool-error.
package returns_toolerrors

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func fetch(ctx context.Context) (string, error) { return "", nil }

func weather(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, err := fetch(ctx)
	if err != nil {
		return nil, fmt.Errorf("weather service: %w", err) // want `^tool handler returns an error as a protocol error; the model never sees it: return a CallToolResult with IsError$`
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
}

// Register registers the tool.
func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "weather"}, weather)
}
