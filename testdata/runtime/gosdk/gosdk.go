// Package gosdk is an MCP server on the official go-sdk whose tools answer
// bad arguments with protocol errors, each in a way mcperrlint reports
// and fixes. Each reported return ends in a comment "runtime: SERVER/TOOL"
// naming the call that reaches it; the end-to-end test in cmd/mcperrlint
// calls it through the SDK's own client before and after mcperrlint -fix.
package gosdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/runtime/gosdk/wrap"
)

// Server returns the server with every tool registered.
func Server() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "gosdk", Version: "1.0.0"}, nil)
	object := map[string]any{"type": "object"}
	s.AddTool(&mcp.Tool{Name: "forecast", InputSchema: object}, forecast)
	mcp.AddTool(s, &mcp.Tool{Name: "schedule"}, schedule)
	wrap.Add(s, "convert", convert)
	s.AddTool(&mcp.Tool{Name: "lookup", InputSchema: object}, withTelemetry("lookup", lookup))
	return s
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// forecast is a raw handler that decodes its arguments itself.
func forecast(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct {
		City string `json:"city"`
		Days int    `json:"days"`
	}
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, fmt.Errorf("invalid arguments: %w", err) // runtime: gosdk/forecast
	}
	return text(fmt.Sprintf("%s: sunny for %d days", args.City, args.Days)), nil
}

type scheduleArgs struct {
	Days int `json:"days"`
}

// checkDays builds an InvalidParams error, which a typed handler passes
// through as a protocol error.
func checkDays(days int) error {
	if days < 1 || days > 14 {
		return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("days must be between 1 and 14, got %d", days)}
	}
	return nil
}

// schedule is a typed handler.
func schedule(ctx context.Context, req *mcp.CallToolRequest, args scheduleArgs) (*mcp.CallToolResult, any, error) {
	if err := checkDays(args.Days); err != nil {
		return nil, nil, err // runtime: gosdk/schedule
	}
	return text(fmt.Sprintf("scheduled for %d days", args.Days)), nil, nil
}

// convert is a tool body behind the project's wrapper, which returns its
// error as the raw handler's.
func convert(ctx context.Context, req *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, error) {
	unit, _ := args["unit"].(string)
	if unit != "celsius" && unit != "fahrenheit" {
		return nil, fmt.Errorf("unit must be celsius or fahrenheit, got %q", unit) // runtime: gosdk/convert
	}
	return text(unit), nil
}

// lookup is a raw handler registered behind a telemetry wrapper that
// records its error and returns it.
func lookup(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct {
		ID int `json:"id"`
	}
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil || args.ID <= 0 {
		return nil, errors.New("id must be a positive integer") // runtime: gosdk/lookup
	}
	return text(fmt.Sprint("item ", args.ID)), nil
}

// failures counts the errors of the tools.
var failures atomic.Int64

func record(name string, err error) {
	failures.Add(1)
}

// withTelemetry records the errors of h and returns them unchanged: a
// result h returns, IsError or not, passes through.
func withTelemetry(name string, h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := h(ctx, req)
		if err != nil {
			record(name, err)
			return nil, err
		}
		return res, nil
	}
}
