package handlers

import (
	"context"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// RegisterAssertions installs tools that assert their arguments' types,
// as servers on this version commonly do.
func RegisterAssertions(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("upper"), upper)
}

func upper(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text := req.Params.Arguments["text"].(string)    // want `tool handler asserts the type of argument "text" with .\(string\), which panics`
	times := req.Params.Arguments["times"].(float64) // want `argument "times" with .\(float64\)`
	if sep, ok := req.Params.Arguments["sep"].(string); ok {
		return mcp.NewToolResultText(strings.Repeat(strings.ToUpper(text)+sep, int(times))), nil
	}
	return mcp.NewToolResultText(strings.Repeat(strings.ToUpper(text), int(times))), nil
}
