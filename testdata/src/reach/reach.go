// Package reach holds the shapes of registration that Reach follows: each
// handler-shaped function says, in its want comment, whether the
// package's registrations run it with its errors reaching the SDK (raw),
// only where they are converted, or not at all (no comment).
package reach

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type handler = func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error)

// Tool is a table entry of the project's own.
type Tool struct {
	Def     mcp.Tool
	Handler handler
}

func direct(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `direct: raw`
	return nil, nil
}

func converted(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `converted: converted`
	return nil, nil
}

func logged(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `logged: raw`
	return nil, nil
}

func viaServerTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `viaServerTool: raw`
	return nil, nil
}

type args struct{ N int }

func typed(ctx context.Context, req mcp.CallToolRequest, a args) (*mcp.CallToolResult, error) { // want `typed: raw`
	return nil, nil
}

// unregistered is registered by no call of this package: another package
// may, so Reach says nothing of it.
func unregistered(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

// convert answers every error of t's handler with an IsError result.
func convert(t *Tool) *Tool {
	return &Tool{Def: t.Def, Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `convert\$1: raw`
		res, err := t.Handler(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}}
}

// logErrors passes every error of t's handler on.
func logErrors(t *Tool) *Tool {
	return &Tool{Def: t.Def, Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `logErrors\$1: raw`
		res, err := t.Handler(ctx, req)
		if err != nil {
			log.Print(err)
		}
		return res, err
	}}
}

var tools []*Tool

func init() {
	tools = append(tools, convert(&Tool{Handler: converted}), logErrors(&Tool{Handler: logged}))
}

// Register installs every tool.
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("direct"), direct)
	for _, t := range tools {
		s.AddTool(t.Def, t.Handler)
	}
	s.AddTools(server.ServerTool{Tool: mcp.NewTool("st"), Handler: viaServerTool})
	s.AddTool(mcp.NewTool("typed"), mcp.NewTypedToolHandler(typed))
}
