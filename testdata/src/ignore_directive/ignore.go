// Package ignore_directive checks //mcperrlint:ignore, which needs a reason.
package ignore_directive

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct{ N int }
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err //mcperrlint:ignore the gateway in front of us maps this to a tool error
	}
	if args.N < 0 {
		//mcperrlint:ignore legacy clients depend on -32603 here
		return nil, errors.New("n must not be negative")
	}
	if args.N > 10 {
		/* want `mcperrlint:ignore directive has no reason, so it suppresses nothing` */ //mcperrlint:ignore
		return nil, errors.New("n is too large") // want `argument validation error`
	}
	if args.N == 5 {
		return nil, errors.New("five") // want `argument validation error`
	}
	return &mcp.CallToolResult{}, nil
}

// ignored is excluded as a whole.
//
//mcperrlint:ignore this tool is only called by our own test harness
func ignored(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct{ N int }
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{}, nil
}

// Not a directive: another word follows the prefix.
func lookalike(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct{ N int }
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err /* want `argument decoding error` */ //mcperrlint:ignored-by-nobody
	}
	return &mcp.CallToolResult{}, nil
}

// A directive that suppresses nothing is reported, so that it does not
// outlive the code it was written for.
func stale(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct{ N int }
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return &mcp.CallToolResult{IsError: true}, nil /* want `mcperrlint:ignore directive suppresses nothing` */ //mcperrlint:ignore this used to return the decode error
	}
	return &mcp.CallToolResult{}, nil
}

// A directive on an API failure suppresses what -tool-errors reports: it
// is not unused in runs without the flag.
func api(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := ctx.Err(); err != nil {
		return nil, err //mcperrlint:ignore the transport retries cancelled calls itself
	}
	return &mcp.CallToolResult{}, nil
}
