// Package servers_basic builds servers of both SDKs, with and without
// middleware that turns tool errors, or panics, into results.
package servers_basic

import (
	"context"
	"fmt"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// asResults answers a failed tools/call with an IsError result.
func asResults(next gosdk.MethodHandler) gosdk.MethodHandler {
	return func(ctx context.Context, method string, req gosdk.Request) (gosdk.Result, error) {
		res, err := next(ctx, method, req)
		if err != nil && method == "tools/call" {
			return &gosdk.CallToolResult{IsError: true}, nil
		}
		return res, err
	}
}

// logged passes every error on.
func logged(next gosdk.MethodHandler) gosdk.MethodHandler {
	return func(ctx context.Context, method string, req gosdk.Request) (gosdk.Result, error) {
		return next(ctx, method, req)
	}
}

// errorsAsResults turns every tool error into a result.
func errorsAsResults(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}

// recovering answers a panic with a tool result, and passes errors on.
func recovering(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		defer func() {
			if r := recover(); r != nil {
				res, err = mcp.NewToolResultError(fmt.Sprint(r)), nil
			}
		}()
		return next(ctx, req)
	}
}

func tool(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
	return &gosdk.CallToolResult{}, nil
}

func search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ok"), nil
}

// GoSDK builds a go-sdk server whose middleware converts errors, and one
// whose middleware does not.
func GoSDK() (*gosdk.Server, *gosdk.Server) {
	converted := gosdk.NewServer(&gosdk.Implementation{Name: "a"}, nil) // want `^server go-sdk converts=true recovers=false$`
	converted.AddReceivingMiddleware(asResults)
	converted.AddTool(&gosdk.Tool{Name: "t"}, tool)
	plain := gosdk.NewServer(&gosdk.Implementation{Name: "b"}, nil) // want `^server go-sdk converts=false recovers=false$`
	plain.AddReceivingMiddleware(logged)
	plain.AddTool(&gosdk.Tool{Name: "t"}, tool)
	return converted, plain
}

// MCPGo builds mcp-go servers: with a converting middleware as an
// option, with a recovering one installed by Use, and with none.
func MCPGo() []*server.MCPServer {
	opt := server.NewMCPServer("a", "1.0.0", server.WithToolHandlerMiddleware(errorsAsResults)) // want `^server mcp-go converts=true recovers=false$`
	opt.AddTool(mcp.NewTool("search"), search)
	used := server.NewMCPServer("b", "1.0.0") // want `^server mcp-go converts=false recovers=true$`
	used.Use(recovering)
	used.AddTool(mcp.NewTool("search"), search)
	none := server.NewMCPServer("c", "1.0.0", server.WithToolCapabilities(true)) // want `^server mcp-go converts=false recovers=false$`
	none.AddTool(mcp.NewTool("search"), search)
	return []*server.MCPServer{opt, used, none}
}
