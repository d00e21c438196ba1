// Package robust_bugs holds cases the robustness tests found the analyzer
// getting wrong, with the expectation the README promises; each file says
// what was wrong and why. TestRobustRegressions keeps them fixed.
package robust_bugs

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type args struct {
	City string `json:"city"`
	Days int    `json:"days"`
}

// False negative: a deferred recover that assigns the named error result
// only runs its assignment while panicking, so the decode error returned
// on the ordinary path still reaches the client. Because the deferred
// closure stores into the result slot, argflow.isLocal rejects the slot
// and every return of the handler becomes an untraced load (ToolError):
// silent by default, and the wrong category (tool-error) with -tool-errors.
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
