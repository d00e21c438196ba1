// Package impl holds tool bodies that the server's registered closures
// call: their errors reach the client through those closures.
package impl

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/gosdk18/model"
	"example.com/gosdk18/toolkit"
)

// Forecast is the body of the forecast_days tool. It is no handler by its
// signature: the closure that calls it is reported, at its return.
func Forecast(ctx context.Context, args model.ForecastArgs) (*mcp.CallToolResult, error) {
	if err := model.CheckDays(args.Days); err != nil {
		return nil, fmt.Errorf("forecast: %w", err)
	}
	return toolkit.Text(fmt.Sprintf("%d days in %s", args.Days, args.City)), nil
}

// Refresh is the body of the refresh tool: it only fails for reasons of
// its own, which are not argument errors.
func Refresh(ctx context.Context, args model.ForecastArgs) (*mcp.CallToolResult, error) {
	if err := refresh(ctx, args.City); err != nil {
		return nil, fmt.Errorf("refresh: %w", err)
	}
	return toolkit.Text("refreshed"), nil
}

func refresh(ctx context.Context, city string) error { return ctx.Err() }

// Stations is a raw handler by its signature, reported here, in its own
// package; the closure in the server that tail-calls it is not.
func Stations(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct {
		Near string `json:"near"`
	}
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err // want "argument decoding error"
	}
	return toolkit.Text("stations near " + args.Near), nil
}

// Star returns validation errors, which toolkit.Safe turns into tool
// errors: not reported.
func Star(ctx context.Context, args model.ForecastArgs) (string, error) {
	if args.City == "" {
		return "", fmt.Errorf("city is required")
	}
	return "starred " + args.City, nil
}
