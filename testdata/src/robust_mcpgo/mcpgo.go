// Package robust_mcpgo holds odd but valid mcp-go handler shapes.
package robust_mcpgo

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Args struct {
	Name string `json:"name"`
	Age  int    `json:"age"`
}

var srv = server.NewMCPServer("robust", "1.0")

// Registered in init, through ServerTool struct fields and AddTools.
func init() {
	srv.AddTools(
		server.ServerTool{Tool: mcp.NewTool("a"), Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			name, err := req.RequireString("name")
			if err != nil {
				return nil, err // want `tool handler returns an argument decoding error`
			}
			return mcp.NewToolResultText(name), nil
		}},
		server.ServerTool{Tool: mcp.NewTool("b"), Handler: (&tools{}).greet},
	)
}

type tools struct{}

func (t *tools) greet(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	age, err := req.RequireInt("age")
	if err != nil {
		return nil, fmt.Errorf("age: %w", err) // want `tool handler returns an argument decoding error`
	}
	if age < 0 {
		return nil, errors.New("age must not be negative") // want `tool handler returns an argument validation error`
	}
	return mcp.NewToolResultText("hi"), nil
}

// (Method values given to NewTypedToolHandler: see robust_bugs.)

// A generic function instantiated for NewTypedToolHandler.
func typedGeneric[T any](ctx context.Context, req mcp.CallToolRequest, args T) (*mcp.CallToolResult, error) {
	s, ok := any(args).(fmt.Stringer)
	if !ok {
		return nil, errors.New("arguments are not printable") // want `tool handler returns an argument decoding error`
	}
	return mcp.NewToolResultText(s.String()), nil
}

// The typed signature in a variable of the typed function type, never
// given to NewTypedToolHandler: not a handler.
var unregistered mcp.TypedToolHandlerFunc[Args] = func(ctx context.Context, req mcp.CallToolRequest, args Args) (*mcp.CallToolResult, error) {
	if args.Name == "" {
		return nil, errors.New("name is required")
	}
	return nil, nil
}

// Session tools and a handler that forwards to a handler kept in a map.
var byName = map[string]server.ToolHandlerFunc{}

func dispatch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	h, ok := byName[req.Params.Name]
	if !ok {
		return nil, fmt.Errorf("unknown tool %q", req.Params.Name) // request-level: stays a protocol error
	}
	return h(ctx, req)
}

func registerMore() {
	srv.AddTool(mcp.NewTool("g"), mcp.NewTypedToolHandler(typedGeneric[Args]))
	srv.AddTool(mcp.NewTool("dispatch"), dispatch)
	_ = srv.AddSessionTool("s1", mcp.NewTool("s"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		raw, ok := req.GetArguments()["n"].(float64)
		if !ok {
			return nil, errors.New("n must be a number") // want `tool handler returns an argument decoding error`
		}
		return mcp.NewToolResultText(fmt.Sprint(raw)), nil
	})
	_ = unregistered
}

// A handler that panics on a bad argument and recovers into a tool result.
func recovers(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = mcp.NewToolResultError(fmt.Sprint(r)), nil
		}
	}()
	name := req.GetString("name", "")
	if name == "" {
		panic("name is required")
	}
	return mcp.NewToolResultText(name), nil
}

// Live keeps the functions above live: a handler literal made only in
// code nothing runs is no handler.
var Live = []any{registerMore}
