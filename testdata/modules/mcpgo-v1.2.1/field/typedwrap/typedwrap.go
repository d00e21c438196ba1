// Package typedwrap wraps typed mcp-go functions in generic typed wrappers
// before NewTypedToolHandler: a converting one (not reported) and a
// forwarding one (reported), of this package and of another.
package typedwrap

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/mcpgo121/field/typedwrap/twrap"
)

func tConvert[T any](h mcp.TypedToolHandlerFunc[T]) mcp.TypedToolHandlerFunc[T] {
	return func(ctx context.Context, req mcp.CallToolRequest, args T) (*mcp.CallToolResult, error) {
		res, err := h(ctx, req, args)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}

func tForward[T any](h mcp.TypedToolHandlerFunc[T]) mcp.TypedToolHandlerFunc[T] {
	return func(ctx context.Context, req mcp.CallToolRequest, args T) (*mcp.CallToolResult, error) {
		return h(ctx, req, args)
	}
}

type A struct{ Name string }

func f(ctx context.Context, req mcp.CallToolRequest, a A) (*mcp.CallToolResult, error) {
	if a.Name == "" {
		return nil, errors.New("name is required") // tConvert converts it
	}
	return nil, nil
}

func g(ctx context.Context, req mcp.CallToolRequest, a A) (*mcp.CallToolResult, error) {
	if a.Name == "" {
		return nil, errors.New("name is required") // want "argument validation error"
	}
	return nil, nil
}

// Register installs the tools.
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("f"), mcp.NewTypedToolHandler(tConvert(f)))
	s.AddTool(mcp.NewTool("g"), mcp.NewTypedToolHandler(tForward(g)))
	s.AddTool(mcp.NewTool("h"), mcp.NewTypedToolHandler(twrap.Convert(h)))
	s.AddTool(mcp.NewTool("k"), mcp.NewTypedToolHandler(twrap.Forward(k)))
}

func h(ctx context.Context, req mcp.CallToolRequest, a A) (*mcp.CallToolResult, error) {
	if a.Name == "" {
		return nil, errors.New("name is required") // twrap.Convert converts it
	}
	return mcp.NewToolResultText(a.Name), nil
}

func k(ctx context.Context, req mcp.CallToolRequest, a A) (*mcp.CallToolResult, error) {
	if a.Name == "" {
		return nil, errors.New("name is required") // want "argument validation error"
	}
	return mcp.NewToolResultText(a.Name), nil
}
