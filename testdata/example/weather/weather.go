// Package weather is a small MCP server on the official go-sdk. Its
// forecast handler hides argument errors from the model in three ways
// mcperrlint reports; its alerts handler does it right.
package weather

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type forecastArgs struct {
	City string `json:"city"`
	Days int    `json:"days"`
	From string `json:"from"`
}

// Forecast is a raw handler: every error it returns becomes a JSON-RPC
// protocol error, which the model never sees.
func Forecast(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args forecastArgs
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, fmt.Errorf("invalid arguments: %w", err) // decode
	}
	if args.City == "" {
		return nil, errors.New("city is required") // validate
	}
	if args.Days < 1 || args.Days > 14 {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "days must be between 1 and 14"} // invalid-params
	}
	from, err := time.Parse(time.DateOnly, args.From)
	if err != nil {
		return nil, err // validate: a parse of an argument string
	}
	text, err := lookup(ctx, args.City, from, args.Days)
	if err != nil {
		return nil, fmt.Errorf("weather service: %w", err) // an API failure: reported only with -tool-errors
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
}

// Alerts does it right: argument problems come back as tool errors.
func Alerts(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct {
		Region string `json:"region"`
	}
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return toolError("invalid arguments: " + err.Error()), nil
	}
	if args.Region == "" {
		return toolError("region is required"), nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "no alerts for " + args.Region}}}, nil
}

func toolError(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}

func lookup(ctx context.Context, city string, from time.Time, days int) (string, error) {
	return fmt.Sprintf("%s from %s: sunny for %d days", city, from.Format(time.DateOnly), days), ctx.Err()
}

// Register adds the tools to a server.
func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "forecast", InputSchema: map[string]any{"type": "object"}}, Forecast)
	s.AddTool(&mcp.Tool{Name: "alerts", InputSchema: map[string]any{"type": "object"}}, Alerts)
}
