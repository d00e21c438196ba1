// Package invoker registers tools whose work is a handler-shaped method of
// an interface: a closure that answers the method's error with a tool
// result (not reported), or one that returns it as it is (reported).
package invoker

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type invoker interface {
	Invoke(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error)
}

type search struct{}

func (search) Invoke(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q, err := req.RequireString("query")
	if err != nil {
		return nil, err // the registered closure converts it
	}
	if len(q) > 100 {
		return nil, fmt.Errorf("query too long: %d", len(q)) // the registered closure converts it
	}
	return mcp.NewToolResultText(q), nil
}

type fetch struct{ base string }

func (f *fetch) Invoke(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id, err := req.RequireInt("id")
	if err != nil {
		return nil, err // the registered closure converts it
	}
	return mcp.NewToolResultText(fmt.Sprint(f.base, id)), nil
}

type lookup struct{}

func (lookup) Invoke(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	key, err := req.RequireString("key")
	if err != nil {
		return nil, err // want "argument decoding error"
	}
	return mcp.NewToolResultText(key), nil
}

type pinger interface {
	Invoke(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error)
	Ping() error
}

func toolError(msg string) *mcp.CallToolResult { return mcp.NewToolResultError(msg) }

func register(s *server.MCPServer, name string, inv invoker) {
	s.AddTool(mcp.NewTool(name), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := inv.Invoke(ctx, req)
		if err != nil {
			return toolError("invocation failed: " + err.Error()), nil
		}
		return res, nil
	})
}

func registerRaw(s *server.MCPServer, name string, inv pinger) {
	s.AddTool(mcp.NewTool(name), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return inv.Invoke(ctx, req)
	})
}

type lookupPinger struct{ lookup }

func (lookupPinger) Ping() error { return nil }

// Register installs the tools.
func Register(s *server.MCPServer) {
	register(s, "search", search{})
	register(s, "fetch", &fetch{base: "x"})
	registerRaw(s, "lookup", lookupPinger{})
}
