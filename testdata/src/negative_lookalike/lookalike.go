// Package negative_lookalike declares types named like the SDKs' but from
// another package: they are not MCP handlers.
package negative_lookalike

import (
	"context"
	"encoding/json"
	"errors"
)

type CallToolRequest struct {
	Params struct{ Arguments json.RawMessage }
}

type CallToolResult struct{ IsError bool }

type ToolHandler func(context.Context, *CallToolRequest) (*CallToolResult, error)

func handle(ctx context.Context, req *CallToolRequest) (*CallToolResult, error) {
	var args map[string]any
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err
	}
	if len(args) == 0 {
		return nil, errors.New("no arguments")
	}
	return &CallToolResult{}, nil
}

var _ ToolHandler = handle
