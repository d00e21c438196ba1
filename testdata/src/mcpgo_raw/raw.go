// Package mcpgo_raw holds mcp-go handlers (server.ToolHandlerFunc): every
// error they return becomes a -32603 protocol error.
package mcpgo_raw

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type forecastArgs struct {
	City string `json:"city"`
	Days int    `json:"days"`
}

func forecast(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	city, err := req.RequireString("city")
	if err != nil {
		return nil, err // want `tool handler returns an argument decoding error as a protocol error`
	}
	days, err := req.RequireInt("days")
	if err != nil {
		return nil, fmt.Errorf("days: %w", err) // want `argument decoding error`
	}
	if days < 1 || days > 14 {
		return nil, fmt.Errorf("days must be 1..14, got %d", days) // want `argument validation error`
	}
	return mcp.NewToolResultText(city), nil
}

func bind(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args forecastArgs
	if err := req.BindArguments(&args); err != nil {
		return nil, fmt.Errorf("bad arguments %v", err) // want `argument decoding error`
	}
	if args.City == "" {
		return nil, errors.New("city is required") // want `argument validation error`
	}
	return mcp.NewToolResultText(args.City), nil
}

func assert(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n, ok := req.GetArguments()["n"].(float64)
	if !ok {
		return nil, errors.New("n must be a number") // want `argument decoding error`
	}
	raw, present := req.GetArguments()["count"]
	if !present {
		return nil, errors.New("count is required") // want `argument validation error`
	}
	s := req.GetString("page", "1")
	page, err := strconv.Atoi(s)
	if err != nil {
		return nil, err // want `argument validation error`
	}
	_, _, _ = n, raw, page
	return mcp.NewToolResultText("ok"), nil
}

func invalidParams(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	limit := mcp.ParseInt(req, "limit", 10)
	if limit > 100 {
		return nil, fmt.Errorf("%w: limit too large", mcp.ErrInvalidParams) // want `tool handler returns an InvalidParams protocol error`
	}
	if ctx.Err() != nil {
		// Whatever the cause, building InvalidParams is the finding.
		return nil, mcp.ErrInvalidParams // want `InvalidParams protocol error`
	}
	return mcp.NewToolResultText("ok"), nil
}

// Negatives.
func correct(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	city, err := req.RequireString("city")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if city == "" {
		return mcp.NewToolResultErrorf("city %q is empty", city), nil
	}
	if _, err := lookup(ctx, city); err != nil {
		return nil, fmt.Errorf("lookup: %w", err) // an API failure: not reported by default
	}
	return mcp.NewToolResultText(city), nil
}

func lookup(ctx context.Context, city string) (string, error) { return city, nil }

func middleware(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return next(ctx, req)
	}
}

func register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("forecast"), forecast)
	s.AddTools(server.ServerTool{Tool: mcp.NewTool("bind"), Handler: bind})
	_ = s.AddSessionTool("session", mcp.NewTool("assert"), assert)
	s.AddTool(mcp.NewTool("ip"), middleware(invalidParams))
	s.AddTool(mcp.NewTool("correct"), correct)
}
