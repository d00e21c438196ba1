// Package assertions_unconverted is assertions_converting without the
// middleware: the error a wrapper recovers a panic into reaches the
// client as a protocol error, and the assertion is reported.
package assertions_unconverted

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

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
	name := req.GetArguments()["name"].(string) // want `asserts the type of argument "name" with .\(string\)`
	return mcp.NewToolResultText("hello " + name), nil
}

// New builds the server.
func New() *server.MCPServer {
	s := server.NewMCPServer("x", "1.0.0")
	s.AddTool(mcp.NewTool("greet"), panicsAsErrors(greet))
	return s
}
