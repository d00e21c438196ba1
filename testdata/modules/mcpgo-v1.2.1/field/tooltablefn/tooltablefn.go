// Package tooltablefn builds its table of tools in a function, registers
// each through the converting wrapper, and also exports the unwrapped
// table, which another package reads only for the tools' names. Nothing to
// report: the one registration converts, and reading a table is not
// registering it.
package tooltablefn

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Tool is a tool definition and its handler.
type Tool struct {
	Definition mcp.Tool
	Handler    func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error)
}

func wrapTool(t *Tool) *Tool {
	return &Tool{Definition: t.Definition, Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := t.Handler(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}}
}

// Tools returns the tools, unwrapped.
func Tools() []*Tool {
	return []*Tool{
		{Definition: mcp.NewTool("greet"), Handler: greet},
		{Definition: mcp.NewTool("count"), Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			n, err := req.RequireInt("n")
			if err != nil {
				return nil, err // converted by wrapTool
			}
			return mcp.NewToolResultText(string(rune('0' + n))), nil
		}},
	}
}

// Serve registers every tool, wrapped.
func Serve(s *server.MCPServer) {
	for _, t := range Tools() {
		s.AddTool(t.Definition, wrapTool(t).Handler)
	}
}

func greet(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return nil, err // converted by wrapTool
	}
	return mcp.NewToolResultText("hello " + name), nil
}
