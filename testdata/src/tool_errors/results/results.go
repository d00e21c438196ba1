// Package results holds a project's tool-result helpers, in a package of
// their own: their summaries say their error result is always nil.
package results

import (
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ToolError returns msg as a tool execution error.
func ToolError(msg string) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: msg}}}, nil
}

// ToolErrorf formats a tool execution error.
func ToolErrorf(format string, args ...any) (*mcp.CallToolResult, error) {
	return ToolError(fmt.Sprintf(format, args...))
}
