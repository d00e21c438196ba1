// Package robust_broken_types does not type-check: the linter must say
// where, and not crash.
package robust_broken_types

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type args struct {
	Days int `json:"days"`
}

func handler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return nil, err
	}
	var days string = a.Days // type error: int is not a string
	return undefinedResult(days), nil
}
