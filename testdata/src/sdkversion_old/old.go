// Package sdkversion_old registers typed go-sdk tools with mcp.AddTool,
// whose releases before v1.5.0 answer arguments that fail the tool's input
// schema with a protocol error themselves.
package sdkversion_old

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type in struct {
	N int `json:"n"`
}

func typed(ctx context.Context, req *mcp.CallToolRequest, args in) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{}, nil, nil
}

func raw(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

// Register registers the tools.
func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "raw"}, raw)      // the method, not the function of the advisory
	mcp.AddTool(s, &mcp.Tool{Name: "a"}, typed) // want `^go-sdk v1\.4\.1 returns schema validation failures of typed tools' arguments as protocol errors; the model never sees them: upgrade github\.com/modelcontextprotocol/go-sdk to v1\.5\.0 or later \(2 mcp\.AddTool calls in this package\)$`
	mcp.AddTool(s, &mcp.Tool{Name: "b"}, typed)
}
