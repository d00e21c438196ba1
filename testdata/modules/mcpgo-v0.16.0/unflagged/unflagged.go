// Package unflagged holds tool handlers of mcp-go v0.16.0 that answer a
// failure with a result that is not marked as an error (reported by
// default). This release has no NewToolResultError: the fix
// writes the CallToolResult literal with IsError.
package unflagged

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Register installs the tools.
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("read"), read)
	s.AddTool(mcp.NewTool("remove"), remove)
	s.AddTool(mcp.NewTool("fallback"), fallback)
}

func path(req mcp.CallToolRequest) string {
	p, _ := req.Params.Arguments["path"].(string)
	return p
}

func read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := os.ReadFile(path(req))
	if err != nil {
		return mcp.NewToolResultText(fmt.Sprintf("Error: %v", err)), nil // want `tool handler answers a failure with a result built from the error's text but without IsError; the client and the model read it as a success: return a CallToolResult with IsError`
	}
	return mcp.NewToolResultText(string(data)), nil
}

func remove(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := os.Remove(path(req)); err != nil {
		return &mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent(err.Error())}}, nil // want `set .IsError: true. in the literal`
	}
	return mcp.NewToolResultText("removed"), nil
}

// A fallback answer after logging the error does not carry it.
func fallback(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := os.ReadFile(path(req))
	if err != nil {
		log.Printf("read: %v", err)
		return mcp.NewToolResultText("no data yet"), nil
	}
	return mcp.NewToolResultText(string(data)), nil
}
