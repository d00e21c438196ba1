package robust_bugs

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Wrong fix: a generic helper whose first result is a type parameter is
// forwarded with both results (viaRun returns them), so the fix is offered
// in run, but it returns &mcp.CallToolResult{...} where an R is expected:
// the fixed code does not compile. The diagnostic is right; no fix should
// be offered when the result type is not the SDK's result pointer.
func run[R any](ctx context.Context, req *mcp.CallToolRequest) (R, error) {
	var zero R
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return zero, err // want "`run` returns an argument decoding error as a protocol error \\(a tool handler forwards it\\)"
	}
	return zero, nil
}

func viaRun(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return run[*mcp.CallToolResult](ctx, req)
}
