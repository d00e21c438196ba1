// Package sdkversion_none sees go-sdk but calls no mcp.AddTool.
package sdkversion_none

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func raw(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

// Register registers the tool.
func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "raw"}, raw)
}
