// Package composed registers tool functions through wrappers nested in
// each other: an adapter from a legacy signature that returns the
// function's error as it is, inside a guard of another package that
// converts every error and recovers every panic (not reported), or
// inside a logging pass-through (reported).
package composed

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/mcpgo121/field/composed/guard"
)

type legacyFunc func(args map[string]any) (*mcp.CallToolResult, error)

func adapt(f legacyFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return f(req.GetArguments())
	}
}

func echo(args map[string]any) (*mcp.CallToolResult, error) {
	msg, ok := args["message"].(string)
	if !ok || msg == "" {
		return nil, errors.New("message is required") // the guard converts it
	}
	n := args["count"].(float64) // the guard recovers the panic
	return mcp.NewToolResultText(fmt.Sprint(msg, n)), nil
}

func echoLogged(args map[string]any) (*mcp.CallToolResult, error) {
	msg, ok := args["message"].(string)
	if !ok || msg == "" {
		return nil, errors.New("message is required") // want "argument decoding error"
	}
	n := args["count"].(float64) // want "asserts the type of argument"
	return mcp.NewToolResultText(fmt.Sprint(msg, n)), nil
}

// Register installs echo guarded, and echoLogged behind a logger only.
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("echo"), guard.Guard(adapt(echo)))
	s.AddTool(mcp.NewTool("echo_logged"), guard.Logged(adapt(echoLogged)))
}
