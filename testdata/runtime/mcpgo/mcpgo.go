// Package mcpgo is an MCP server on mark3labs/mcp-go whose tools answer
// bad arguments with protocol errors, each in a way mcperrlint reports
// and fixes. Each reported return ends in a comment "runtime: SERVER/TOOL"
// naming the call that reaches it; the end-to-end test in cmd/mcperrlint
// calls it through the SDK's own client before and after mcperrlint -fix.
package mcpgo

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Server returns the server with every tool registered.
func Server() *server.MCPServer {
	s := server.NewMCPServer("mcpgo", "1.0.0", server.WithToolCapabilities(true))
	s.AddTool(mcp.NewTool("search", mcp.WithString("query", mcp.Required())), search)
	s.AddTool(mcp.NewTool("scale", mcp.WithNumber("n", mcp.Required())), scale)
	s.AddTool(mcp.NewTool("echo", mcp.WithString("text")), mcp.NewTypedToolHandler(echo))
	return s
}

// search is a raw handler that requires an argument.
func search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	query, err := req.RequireString("query")
	if err != nil {
		return nil, err // runtime: mcpgo/search
	}
	return mcp.NewToolResultText("results for " + query), nil
}

// scale is a raw handler that asserts an argument's type.
func scale(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n, ok := req.GetArguments()["n"].(float64)
	if !ok {
		return nil, fmt.Errorf("n must be a number, got %v", req.GetArguments()["n"]) // runtime: mcpgo/scale
	}
	return mcp.NewToolResultText(fmt.Sprint(n * 2)), nil
}

type echoArgs struct {
	Text string `json:"text"`
}

// echo is given to mcp.NewTypedToolHandler, which passes its error through.
func echo(ctx context.Context, req mcp.CallToolRequest, args echoArgs) (*mcp.CallToolResult, error) {
	if args.Text == "" {
		return nil, fmt.Errorf("text must not be empty") // runtime: mcpgo/echo
	}
	return mcp.NewToolResultText(args.Text), nil
}
