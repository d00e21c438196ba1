// Package robust_broken_syntax does not parse: the linter must say where,
// and not crash. (This file is deliberately not gofmt-able.)
package robust_broken_syntax

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a map[string]any
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{, nil
}
