// Package mwfactory builds its server with a converting middleware that a
// factory makes (server.WithToolHandlerMiddleware(recovery(logger))), beside
// one that only logs: its handlers are correct.
package mwfactory

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func recovery(logger *log.Logger) server.ToolHandlerMiddleware {
	return func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			res, err := next(ctx, req)
			if err != nil {
				logger.Printf("tool %s: %v", req.Params.Name, err)
				return mcp.NewToolResultError(err.Error()), nil
			}
			return res, nil
		}
	}
}

func logged(logger *log.Logger) server.ToolHandlerMiddleware {
	return func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			logger.Printf("tool %s", req.Params.Name)
			return next(ctx, req)
		}
	}
}

// New builds the server.
func New(logger *log.Logger) *server.MCPServer {
	s := server.NewMCPServer("x", "1.0.0",
		server.WithToolHandlerMiddleware(recovery(logger)),
		server.WithToolHandlerMiddleware(logged(logger)))
	s.AddTool(mcp.NewTool("search"), search)
	return s
}

func search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q, err := req.RequireString("query")
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(q), nil
}
