package robust_broken_types

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A well-typed handler beside the broken one.
func fine(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if len(req.Params.Arguments) == 0 {
		return nil, errors.New("no arguments")
	}
	return &mcp.CallToolResult{}, nil
}
