// Package returns_converted builds a go-sdk server whose middleware turns
// every tool error into a result, and an mcp-go server with none: only
// the mcp-go handler is reported.
package returns_converted

import (
	"context"
	"encoding/json"

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

func decode(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
	var in struct{ N int }
	if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
		return nil, err // converted by asResults
	}
	return &gosdk.CallToolResult{}, nil
}

func search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q, err := req.RequireString("query") // want `^note: the arguments are decoded here$`
	if err != nil {
		return nil, err // want `tool handler returns an argument decoding error as a protocol error`
	}
	return mcp.NewToolResultText(q), nil
}

// New builds the servers.
func New() (*gosdk.Server, *server.MCPServer) {
	s := gosdk.NewServer(&gosdk.Implementation{Name: "x"}, nil)
	s.AddReceivingMiddleware(asResults)
	s.AddTool(&gosdk.Tool{Name: "decode"}, decode)
	m := server.NewMCPServer("x", "1.0.0")
	m.AddTool(mcp.NewTool("search"), search)
	return s, m
}
