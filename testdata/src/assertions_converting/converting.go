// Package assertions_converting builds a server whose middleware turns
// every tool handler's error into a tool result. A panic is no error: an
// assertion that panics in a handler registered as it is is reported; one
// in a handler whose wrapper recovers the panic into its error is not, the
// middleware turning that error into a tool result.
package assertions_converting

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func errorsAsResults(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}

// panicsAsErrors recovers the panics of h into its error.
func panicsAsErrors(h server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("panic: %v", r)
			}
		}()
		return h(ctx, req)
	}
}

func greet(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetArguments()["name"].(string) // recovered into an error, which the server converts
	return mcp.NewToolResultText("hello " + name), nil
}

func shout(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text := req.GetArguments()["text"].(string) // want `tool handler asserts the type of argument "text" with .\(string\)`
	return mcp.NewToolResultText(text + "!"), nil
}

// New builds the server.
func New() *server.MCPServer {
	s := server.NewMCPServer("x", "1.0.0")
	s.Use(errorsAsResults)
	s.AddTool(mcp.NewTool("greet"), panicsAsErrors(greet))
	s.AddTool(mcp.NewTool("shout"), shout)
	return s
}
