// Package summaries_converting builds an mcp-go server whose middleware
// turns every tool handler's error into a tool result: the argument
// errors its handlers return reach the model, and are not reported. The
// go-sdk server it builds has no such middleware: its handler is.
package summaries_converting

import (
	"context"
	"encoding/json"
	"errors"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

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

func greet(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return nil, err // silenced by the server's middleware
	}
	if len(name) > 64 {
		return nil, errors.New("name is longer than 64 bytes") // silenced too
	}
	return mcp.NewToolResultText("hello " + name), nil
}

// New builds the mcp-go server, with the middleware installed by Use.
func New() *server.MCPServer {
	s := server.NewMCPServer("x", "1.0.0")
	s.Use(errorsAsResults)
	s.AddTool(mcp.NewTool("greet"), greet)
	return s
}

func decode(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
	var args struct{ Name string }
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err // want "argument decoding error"
	}
	return &gosdk.CallToolResult{}, nil
}

// NewGoSDK builds the go-sdk server, with no middleware.
func NewGoSDK() *gosdk.Server {
	s := gosdk.NewServer(&gosdk.Implementation{Name: "x"}, nil)
	s.AddTool(&gosdk.Tool{Name: "decode"}, decode)
	return s
}
