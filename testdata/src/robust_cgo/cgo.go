// Package robust_cgo uses cgo beside a tool handler: the analyzer sees
// the cgo-processed files, and its positions must still be the user's.
package robust_cgo

// static int twice(int x) { return 2 * x; }
import "C"

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type args struct {
	Days int `json:"days"`
}

func handler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return nil, fmt.Errorf("bad arguments: %w", err) // want `tool handler returns an argument decoding error`
	}
	if a.Days < 1 {
		return nil, fmt.Errorf("days must be positive, got %d", a.Days) // want `tool handler returns an argument validation error`
	}
	n := C.twice(C.int(a.Days))
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprint(int(n))}}}, nil
}

func register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "cgo"}, handler)
}
