// Package assertions_recovered builds a server whose middleware recovers
// every tool handler's panic into a tool result: an assertion that panics
// is answered with one, and is not reported, unless a wrapper turned the
// panic into an error first, which the middleware passes on.
package assertions_recovered

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func recoverAsResult(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		defer func() {
			if r := recover(); r != nil {
				res, err = mcp.NewToolResultError(fmt.Sprint(r)), nil
			}
		}()
		return next(ctx, req)
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
	name := req.GetArguments()["name"].(string) // the middleware recovers the panic
	return mcp.NewToolResultText("hello " + name), nil
}

func shout(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text := req.GetArguments()["text"].(string) // want `asserts the type of argument "text" with .\(string\)`
	return mcp.NewToolResultText(text + "!"), nil
}

// New builds the server.
func New() *server.MCPServer {
	s := server.NewMCPServer("x", "1.0.0", server.WithToolHandlerMiddleware(recoverAsResult))
	s.AddTool(mcp.NewTool("greet"), greet)
	s.AddTool(mcp.NewTool("shout"), panicsAsErrors(shout))
	return s
}
