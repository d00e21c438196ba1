package gosdk_raw

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type limitInput struct {
	Query string `json:"query"`
	Limit int    `json:"limit"`
}

type queryInput struct {
	limitInput
	Parameters map[string]any `json:"parameters"`
}

func clampLimit(n int) int { return min(max(n, 1), 100) }

// query checks a field promoted from an embedded struct, and later stores
// into a field of the same variable a value computed from another of its
// fields: the check is still of a decoded argument.
func query(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var input queryInput
	if err := json.Unmarshal(req.Params.Arguments, &input); err != nil {
		return nil, fmt.Errorf("parsing input: %w", err) // want `argument decoding error`
	}
	if input.Query == "" {
		return nil, errors.New("query is required") // want `argument validation error`
	}
	input.Limit = clampLimit(input.Limit)
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprint(input.Limit, input.Query)}}}, nil
}
