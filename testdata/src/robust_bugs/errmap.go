package robust_bugs

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var argErrors = map[string]error{
	"days": errors.New("days must be between 1 and 14"),
}

var errDays = errors.New("days must be between 1 and 14")

// False negative: an error looked up in a package-level map of errors
// under an argument check is as much an argument error as the sentinel
// errDays (which is reported), but errorigin.originOf handles loads of
// globals (*ssa.UnOp) and not map lookups (*ssa.Lookup), so the lookup
// counts as an unknown origin.
func fromErrorMap(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return &mcp.CallToolResult{IsError: true}, nil
	}
	if a.Days < 1 {
		return nil, errDays // want `tool handler returns an argument validation error`
	}
	if a.Days > 14 {
		return nil, argErrors["days"] // want `tool handler returns an argument validation error`
	}
	return &mcp.CallToolResult{}, nil
}
