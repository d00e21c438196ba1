// Package mcpgo_typed holds functions given to mcp-go's typed wrappers.
// NewTypedToolHandler passes their errors through as protocol errors;
// NewStructuredToolHandler turns them into tool errors.
package mcpgo_typed

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

func typed(ctx context.Context, req mcp.CallToolRequest, args Args) (*mcp.CallToolResult, error) {
	if args.Name == "" {
		return nil, errors.New("name is required") // want `tool handler returns an argument validation error as a protocol error`
	}
	if args.Age < 0 {
		return nil, fmt.Errorf("age %d: %w", args.Age, errors.New("negative")) // want `argument validation error`
	}
	return mcp.NewToolResultText("hi " + args.Name), nil
}

type Out struct{ Greeting string }

func structured(ctx context.Context, req mcp.CallToolRequest, args Args) (Out, error) {
	if args.Name == "" {
		return Out{}, errors.New("name is required") // wrapped by the SDK: not reported
	}
	return Out{Greeting: "hi"}, nil
}

// sameShape has the typed signature but is never given to
// NewTypedToolHandler: it is not a handler.
func sameShape(ctx context.Context, req mcp.CallToolRequest, args Args) (*mcp.CallToolResult, error) {
	if args.Name == "" {
		return nil, errors.New("name is required")
	}
	return nil, nil
}

func register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("typed"), mcp.NewTypedToolHandler(typed))
	s.AddTool(mcp.NewTool("structured"), mcp.NewStructuredToolHandler(structured))
	_ = sameShape
}
