// Package mwlogging builds its server with middleware that logs a
// handler's error and passes it on, or wraps it: neither converts, so its
// handlers are reported.
package mwlogging

import (
	"context"
	"fmt"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func logged(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			log.Printf("tool %s: %v", req.Params.Name, err)
		}
		return res, err
	}
}

func wrapped(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			return nil, fmt.Errorf("tool %s: %w", req.Params.Name, err)
		}
		return res, nil
	}
}

// New builds the server.
func New() *server.MCPServer {
	s := server.NewMCPServer("x", "1.0.0", server.WithToolHandlerMiddleware(logged), server.WithToolHandlerMiddleware(wrapped))
	s.AddTool(mcp.NewTool("search"), search)
	return s
}

func search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q, err := req.RequireString("query")
	if err != nil {
		return nil, err // want "argument decoding error"
	}
	return mcp.NewToolResultText(q), nil
}
