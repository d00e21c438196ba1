// Package tooltable registers a table of tool structs, filled from init
// through a registrar that stores each tool wrapped in a wrapper that turns
// every error into an IsError result; the server then wraps each stored
// tool again, to give it a client, and registers that. Every argument error
// reaches the model as a tool result: nothing to report, although each
// body has a handler's signature.
package tooltable

import (
	"context"
	"os"

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
		tools = append(tools, wrapTool(t))
	}
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

type clientKey struct{}

func withClient(t *Tool, c any) *Tool {
	return &Tool{Definition: t.Definition, Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return t.Handler(context.WithValue(ctx, clientKey{}, c), req)
	}}
}

// Serve registers every tool of the table, each with the client.
func Serve(s *server.MCPServer, c any) {
	for _, t := range tools {
		s.AddTool(t.Definition, withClient(t, c).Handler)
	}
}

var fileRead = &Tool{
	Definition: mcp.NewTool("file_read"),
	Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		path, err := req.RequireString("path")
		if err != nil {
			return nil, err // converted by wrapTool
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(string(data)), nil
	},
}

var envCreate = &Tool{
	Definition: mcp.NewTool("env_create"),
	Handler:    envCreateHandler,
}

func envCreateHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return nil, err // converted by wrapTool
	}
	if name == "" {
		return nil, errEmptyName // converted by wrapTool
	}
	return mcp.NewToolResultText(name), nil
}

var errEmptyName = os.ErrInvalid

func init() { registerTool(fileRead, envCreate) }
