// Package handlers holds tool handlers of go-sdk v1.0.0, the oldest
// release in the matrix: the fixes write the CallToolResult literal, which
// every v1 release declares.
package handlers

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type greetArgs struct {
	Name string `json:"name"`
}

// Register installs the tools.
func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "greet", InputSchema: nil}, greet)
	mcp.AddTool(s, &mcp.Tool{Name: "shout"}, shout) // want "schema validation failures"
}

func greet(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args greetArgs
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, fmt.Errorf("invalid arguments: %w", err) // want "argument decoding error"
	}
	if args.Name == "" {
		return nil, fmt.Errorf("name is required") // want "argument validation error"
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "hello " + args.Name}}}, nil
}

func shout(ctx context.Context, req *mcp.CallToolRequest, args greetArgs) (*mcp.CallToolResult, any, error) {
	if args.Name == "" {
		return nil, nil, fmt.Errorf("name is required") // a tool error: the SDK sets IsError
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: args.Name + "!"}}}, nil, nil
}
