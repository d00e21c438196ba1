// Package guard turns every error and every panic of the raw tool
// handlers it is given into tool execution errors.
package guard

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Guard returns h with its errors and panics answered as IsError results.
func Guard(h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		defer func() {
			if r := recover(); r != nil {
				res, err = &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprint(r)}}}, nil
			}
		}()
		res, err = h(ctx, req)
		if err != nil {
			res = &mcp.CallToolResult{}
			res.SetError(err)
			return res, nil
		}
		return res, nil
	}
}

// Traced returns h with its errors recorded and passed on.
func Traced(h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := h(ctx, req)
		if err != nil {
			fmt.Println("tool failed:", err)
		}
		return res, err
	}
}

// TypedGuard returns h with every error, a *jsonrpc.Error among them,
// answered as an IsError result.
func TypedGuard[In, Out any](h mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		res, out, err := h(ctx, req, in)
		if err != nil {
			res = &mcp.CallToolResult{}
			res.SetError(err)
			return res, out, nil
		}
		return res, out, nil
	}
}

// TypedTraced returns h with its errors recorded and passed on.
func TypedTraced[In, Out any](h mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		res, out, err := h(ctx, req, in)
		if err != nil {
			fmt.Println("tool failed:", err)
		}
		return res, out, err
	}
}
