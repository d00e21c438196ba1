// Package regression_fix_last_read reproduces a broken fix that
// FuzzHandlerFixes found: the fix replaces the whole return statement, so
// a local variable read only there (the result beside the error, or a
// field of the protocol error that the fix does not carry over) was left
// unused, and the fixed code failed with "declared and not used". No fix
// may be offered then; when the variable is read elsewhere, it is.
package regression_fix_last_read

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type args struct {
	City string `json:"city"`
	Days int    `json:"days"`
}

// The result variable is read only by the return the fix replaces.
func onlyRead(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		var res *mcp.CallToolResult
		return res, err // want `argument decoding error`
	}
	return &mcp.CallToolResult{}, nil
}

// Two returns read it, and each fix drops one read: applying both would
// leave it unused, so neither is offered.
func twoReturns(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var res *mcp.CallToolResult
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return res, err // want `argument decoding error`
	}
	if a.Days < 1 {
		return res, errors.New("days must be positive") // want `argument validation error`
	}
	return &mcp.CallToolResult{}, nil
}

// An assignment is not a read; the fix would leave code unused.
func assignedNotRead(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a args
	var detail json.RawMessage
	detail = json.RawMessage(`{"field":"city"}`)
	if a.City == "" {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "city is required", Data: detail} // want `InvalidParams protocol error`
	}
	return &mcp.CallToolResult{}, nil
}

// Read again after the return: the fix is offered.
func readElsewhere(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := &mcp.CallToolResult{}
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return res, err // want `argument decoding error`
	}
	return res, nil
}

// A write through the variable reads it: the fix is offered.
func fieldWrite(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := &mcp.CallToolResult{}
	res.IsError = false
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return res, err // want `argument decoding error`
	}
	return &mcp.CallToolResult{}, nil
}

// The message is read by the fix, which keeps it: the fix is offered.
func messageKept(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a args
	msg := "days must be positive"
	if a.Days < 1 {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: msg} // want `InvalidParams protocol error`
	}
	return &mcp.CallToolResult{}, nil
}
