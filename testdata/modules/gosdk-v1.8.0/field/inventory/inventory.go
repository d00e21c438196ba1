// Package inventory adapts tool bodies with a signature of the project's
// own into raw go-sdk handlers, in the style of github-mcp-server before
// its fix: the closure decodes the arguments and returns the body's error
// as its own, so the body's argument errors become protocol errors. They
// are reported in the package that declares the bodies.
package inventory

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Body is a tool's implementation, given the decoded arguments.
type Body func(ctx context.Context, req *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, any, error)

// A Tool is a tool and its raw handler.
type Tool struct {
	Tool    *mcp.Tool
	Handler mcp.ToolHandler
}

// NewTool returns the tool t, answered by body.
func NewTool(t *mcp.Tool, body Body) Tool {
	return Tool{Tool: t, Handler: func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args map[string]any
		if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
			return nil, fmt.Errorf("failed to parse arguments: %w", err) // want "argument decoding error"
		}
		res, _, err := body(ctx, req, args)
		return res, err
	}}
}

// Register adds the tools to s.
func Register(s *mcp.Server, tools ...Tool) {
	for _, t := range tools {
		s.AddTool(t.Tool, t.Handler)
	}
}

// NewWithDeps returns the tool t, answered by the body that makeBody
// makes from the server's dependencies at call time (github-mcp-server's
// NewServerToolWithDeps).
func NewWithDeps(t *mcp.Tool, deps any, makeBody func(deps any) Body) Tool {
	return Tool{Tool: t, Handler: func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args map[string]any
		if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
			return nil, fmt.Errorf("failed to parse arguments: %w", err) // want "argument decoding error"
		}
		res, _, err := makeBody(deps)(ctx, req, args)
		return res, err
	}}
}
