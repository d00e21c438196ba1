// Package returns_directive is registered by a package whose servers turn
// its errors into tool results, as its directive says: nothing is
// reported, and every return that would be is in Off.
//
//mcperrlint:converted-by example.com/x
package returns_directive

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func fetch(ctx context.Context) error { return nil }

// Handle answers the tool.
func Handle(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in struct{ N int }
	if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
		return nil, err
	}
	if err := fetch(ctx); err != nil {
		return nil, fmt.Errorf("fetch: %w", err)
	}
	return &mcp.CallToolResult{}, nil
}
