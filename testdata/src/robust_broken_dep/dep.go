// Package robust_broken_dep is valid itself, but imports a package that
// does not type-check: the linter must name the dependency's error, and
// not crash.
package robust_broken_dep

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	_ "robust_broken_types"
)

func handler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a map[string]any
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{}, nil
}
