package robust_broken_syntax

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func fine(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}
