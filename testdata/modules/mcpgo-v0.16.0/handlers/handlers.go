// Package handlers holds tool handlers of mcp-go v0.16.0, the oldest
// release in the matrix: its arguments are a map read with type
// assertions, and it has no NewToolResultError, so the fixes write the
// CallToolResult literal that this version declares.
package handlers

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Register installs the tools.
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("greet"), greet)
	s.AddTools(server.ServerTool{Tool: mcp.NewTool("repeat"), Handler: repeat})
}

func greet(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, ok := req.Params.Arguments["name"].(string)
	if !ok {
		return nil, errors.New("name must be a string") // want "argument decoding error"
	}
	if name == "" {
		return nil, fmt.Errorf("name %q is empty", name) // want "argument validation error"
	}
	return mcp.NewToolResultText("hello " + name), nil
}

func repeat(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	times, ok := req.Params.Arguments["times"].(float64)
	if !ok || times < 1 {
		return nil, fmt.Errorf("times must be a positive number") // want "argument"
	}
	return mcp.NewToolResultText(fmt.Sprint(times)), nil
}
