// Package wrap is a project's own tool wrapper for go-sdk servers: the raw
// handler it makes decodes the arguments and returns the error of the tool
// body it is given as its own, so a body's argument errors reach the
// client as protocol errors unless the body returns them as tool results.
package wrap

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Body is a tool's implementation, given the decoded arguments.
type Body func(ctx context.Context, req *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, error)

// Add registers the tool name on s, answered by body.
func Add(s *mcp.Server, name string, body Body) {
	s.AddTool(&mcp.Tool{Name: name, InputSchema: map[string]any{"type": "object"}}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args map[string]any
		if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
		}
		return body(ctx, req, args)
	})
}
