// Package robust_bugs_tool_errors holds the robust_bugs cases with
// -tool-errors: untraced returns were once reported as tool errors, even
// returns whose error is a literal nil. TestRobustRegressions runs it with
// ToolErrors set.
package robust_bugs_tool_errors

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type args struct {
	City string `json:"city"`
	Days int    `json:"days"`
}

// False positive (and a wrong category): the deferred closure may store
// into the error result slot, so every return's error is an untraced load
// (tool-error), even `return ..., nil`, where the error is nil: the
// closure assigns err only while panicking.
func withRecover(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("internal error: %v", r)
		}
	}()
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return nil, err // want `tool handler returns an argument decoding error`
	}
	return &mcp.CallToolResult{}, nil
}

// The same with a range-over-func loop, whose yield closure stores into
// the result slots.
func rangeOverFunc(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a map[string]int
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return nil, err // want `tool handler returns an argument decoding error`
	}
	for k, v := range maps.All(a) {
		if v < 0 {
			return nil, fmt.Errorf("%s must not be negative", k) // TODO(rangefunc-body): want `tool handler returns an argument validation error`
		}
	}
	return &mcp.CallToolResult{}, nil
}
