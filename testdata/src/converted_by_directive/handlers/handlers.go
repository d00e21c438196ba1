// want package:"converted by converted_by_directive/server"

// Package handlers is registered by package server, whose middleware
// turns its errors into tool results, as the directive says: nothing
// here is reported, and the ignore directive below is not unused.
//
//mcperrlint:converted-by converted_by_directive/server
package handlers

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Handle answers the tool.
func Handle(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct{ N int }
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err
	}
	if args.N < 0 {
		return nil, errors.New("n must not be negative") //mcperrlint:ignore written before the middleware
	}
	return &mcp.CallToolResult{}, nil
}
