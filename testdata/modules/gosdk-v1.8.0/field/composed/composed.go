// Package composed registers raw go-sdk handlers through wrappers nested
// in each other: a decoding adapter inside a guard of another package
// (not reported), or inside a tracer that passes errors on (reported);
// and tools behind a converting closure over an interface's
// handler-shaped method (not reported).
package composed

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/gosdk18/field/composed/guard"
)

type params struct {
	City string `json:"city"`
	Days int    `json:"days"`
}

type body func(ctx context.Context, p params) (*mcp.CallToolResult, error)

// decoding makes a raw handler that decodes the arguments for b.
func decoding(b body) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var p params
		if err := json.Unmarshal(req.Params.Arguments, &p); err != nil {
			return nil, fmt.Errorf("invalid arguments: %w", err) // want "argument decoding error"
		}
		return b(ctx, p)
	}
}

func forecast(ctx context.Context, p params) (*mcp.CallToolResult, error) {
	if p.Days < 1 || p.Days > 14 {
		return nil, fmt.Errorf("days must be between 1 and 14, got %d", p.Days) // the guard converts it
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: p.City}}}, nil
}

func history(ctx context.Context, p params) (*mcp.CallToolResult, error) {
	if p.City == "" {
		return nil, errors.New("city is required") // want "argument validation error"
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: p.City}}}, nil
}

type invoker interface {
	Invoke(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error)
}

type alerts struct{}

func (alerts) Invoke(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var p params
	if err := json.Unmarshal(req.Params.Arguments, &p); err != nil {
		return nil, err // the registered closure converts it
	}
	if p.City == "" {
		return nil, errors.New("city is required") // the registered closure converts it
	}
	return &mcp.CallToolResult{}, nil
}

func viaInvoker(inv invoker) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := inv.Invoke(ctx, req)
		if err != nil {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "invocation failed: " + err.Error()}}}, nil
		}
		return res, nil
	}
}

// Register installs the tools.
func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "forecast"}, guard.Guard(decoding(forecast)))
	s.AddTool(&mcp.Tool{Name: "history"}, guard.Traced(decoding(history)))
	s.AddTool(&mcp.Tool{Name: "alerts"}, viaInvoker(alerts{}))
}
