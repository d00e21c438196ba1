package robust_bugs

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Wrong fix: a generic helper whose first result is a type parameter was
// forwarded with both results (viaRun returns them), so the fix was offered
// in run, returning &mcp.CallToolResult{...} where an R is expected: the
// fixed code did not compile. Now run, which returns no tool result of
// its own type, is summarized, and viaRun's return is reported, with no
// fix since it returns a call's results.
func run[R any](ctx context.Context, req *mcp.CallToolRequest) (R, error) {
	var zero R
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return zero, err
	}
	return zero, nil
}

func viaRun(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return run[*mcp.CallToolResult](ctx, req) // want "tool handler returns an argument decoding error"
}
