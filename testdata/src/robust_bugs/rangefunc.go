package robust_bugs

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Regression: with a return inside a range-over-func loop, the SSA
// builder routes every return of the function through result slots that
// the synthesized yield closure also stores into; that once hid every
// return of the handler, the decode error before the loop included.
// Known gap: the returns inside the loop body itself are not classified
// yet (TODO(rangefunc-body)): they are stored by the yield closure, whose
// values need classifying in the closure's own context.
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

func rangeOverFuncDecode(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	for name := range maps.Keys(map[string]bool{"a": true}) {
		var a map[string]int
		if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err) // TODO(rangefunc-body): want `tool handler returns an argument decoding error`
		}
	}
	return &mcp.CallToolResult{}, nil
}
