// Package typedlib holds a typed tool handler that another package's
// typed handler also calls directly (gke-mcp's describe calling
// listK8SEvents): importing its summary must not crash.
package typedlib

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Args are the arguments of ListEvents.
type Args struct{ Name string }

// ListEvents is a typed handler.
func ListEvents(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, any, error) {
	if in.Name == "" {
		return nil, nil, errors.New("name is required")
	}
	return &mcp.CallToolResult{}, nil, nil
}
