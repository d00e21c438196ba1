// Package server registers the tools of a server whose decoding, checks
// and tool bodies live in other packages of its module (toolkit, model,
// impl). Each want comment here is found through the summary of a
// function of another package.
package server

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/gosdk18/impl"
	"example.com/gosdk18/model"
	"example.com/gosdk18/toolkit"
)

var logger = log.Default()

// Register installs the tools.
func Register(s *mcp.Server) {
	schema := map[string]any{"type": "object"}
	s.AddTool(&mcp.Tool{Name: "forecast", InputSchema: schema}, forecast)
	s.AddTool(&mcp.Tool{Name: "lookup", InputSchema: schema}, lookup)
	s.AddTool(&mcp.Tool{Name: "forecast_days", InputSchema: schema}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args model.ForecastArgs
		if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
			return toolkit.ToolError(err.Error())
		}
		return impl.Forecast(ctx, args) // want "argument validation error"
	})
	s.AddTool(&mcp.Tool{Name: "refresh", InputSchema: schema}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args model.ForecastArgs
		if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
			return toolkit.ToolError(err.Error())
		}
		return impl.Refresh(ctx, args) // an API failure: not reported
	})
	s.AddTool(&mcp.Tool{Name: "stations", InputSchema: schema}, impl.Stations)
	s.AddTool(&mcp.Tool{Name: "stations_near", InputSchema: schema}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return impl.Stations(ctx, req) // reported in impl, not again here
	})
	s.AddTool(&mcp.Tool{Name: "star", InputSchema: schema}, toolkit.Safe(impl.Star))
}

func forecast(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args model.ForecastArgs
	if err := toolkit.DecodeArgs(req, &args); err != nil {
		return nil, fmt.Errorf("decode: %w", err) // want "argument decoding error"
	}
	if err := args.Normalize(); err != nil {
		return nil, err // want "argument validation error"
	}
	if err := model.CheckDays(args.Days); err != nil {
		return nil, toolkit.LogAndReturnError(logger, "days", err) // want "argument validation error"
	}
	start, err := model.ParseStart(args.From, time.Now())
	if err != nil {
		return nil, err // want "argument validation error"
	}
	report, err := fetch(ctx, args.City, start)
	if err != nil {
		return nil, toolkit.LogAndReturnError(logger, "fetch", err) // an API failure: not reported
	}
	return toolkit.Text(report), nil
}

func lookup(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args map[string]any
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return toolkit.ToolError("arguments: " + err.Error()) // a tool error already
	}
	city, err := toolkit.Required[string](args, "city")
	if err != nil {
		return nil, err // want "argument decoding error"
	}
	if city == "" {
		return nil, toolkit.MissingArgument("city") // want "argument validation error"
	}
	report, err := fetch(ctx, city, time.Now())
	if err != nil {
		return nil, err
	}
	return toolkit.Text(report), nil
}

func fetch(ctx context.Context, city string, start time.Time) (string, error) {
	return city + " " + start.Format(time.DateOnly), ctx.Err()
}
