// Package tooltablelog is tooltable's twin whose registrar stores a
// logging wrapper that passes each error on: the bodies' argument errors
// reach the client as protocol errors, and are reported in the bodies,
// where the fix belongs.
package tooltablelog

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Tool is a tool definition and its handler.
type Tool struct {
	Definition mcp.Tool
	Handler    func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error)
}

var tools []*Tool

func registerTool(ts ...*Tool) {
	for _, t := range ts {
		tools = append(tools, logTool(t))
	}
}

func logTool(t *Tool) *Tool {
	return &Tool{Definition: t.Definition, Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := t.Handler(ctx, req)
		if err != nil {
			log.Printf("%s: %v", t.Definition.Name, err)
		}
		return res, err
	}}
}

// Serve registers every tool of the table.
func Serve(s *server.MCPServer) {
	for _, t := range tools {
		s.AddTool(t.Definition, t.Handler)
	}
}

var fileRead = &Tool{
	Definition: mcp.NewTool("file_read"),
	Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		path, err := req.RequireString("path")
		if err != nil {
			return nil, err // want "argument decoding error"
		}
		return mcp.NewToolResultText(path), nil
	},
}

func init() { registerTool(fileRead) }
