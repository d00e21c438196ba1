// Package handlers is a weather MCP server written against the real
// github.com/modelcontextprotocol/go-sdk v1.4.1. It is analysistest input for
// mcperrlint: a return line that should be reported carries a want comment,
// every other return line must stay silent.
//
// The API used here is the same in v1.4.1 and v1.8.0. In v1.4.1 the SDK itself
// still answers a typed handler's schema-invalid arguments with a protocol
// error (fixed in v1.5.0); that is not a property of any line in this file.
package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"net/url"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Register installs every tool of this server.
func Register(s *mcp.Server) {
	schema := map[string]any{"type": "object"}
	s.AddTool(&mcp.Tool{Name: "forecast", Description: "Weather forecast for a city", InputSchema: schema}, withLogging(forecast))
	s.AddTool(&mcp.Tool{Name: "forecast_strict", InputSchema: schema}, forecastStrict)
	s.AddTool(&mcp.Tool{Name: "history", InputSchema: schema}, history)
	s.AddTool(&mcp.Tool{Name: "alerts", InputSchema: schema}, alerts)
	s.AddTool(&mcp.Tool{Name: "convert", InputSchema: schema}, convert)
	s.AddTool(&mcp.Tool{Name: "stations", InputSchema: schema}, dispatch)
	registerExtras(s, schema)
	s.AddTool(&mcp.Tool{Name: "station_info", InputSchema: schema}, dispatch)
	s.AddTool(&mcp.Tool{Name: "now", InputSchema: schema}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args struct {
			City string `json:"city"`
		}
		if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
			return nil, fmt.Errorf("decode now arguments: %w", err) // want "argument decoding error"
		}
		if args.City == "" {
			return nil, errors.New("city is required") // want "argument validation error"
		}
		f, err := fetch(ctx, args.City)
		if err != nil {
			return nil, err
		}
		return textResult(f.String()), nil
	})

	mcp.AddTool(s, &mcp.Tool{Name: "greet", Description: "Greets someone"}, greet) // want `go-sdk v1.4.1 returns schema validation failures of typed tools' arguments as protocol errors; the model never sees them: upgrade github.com/modelcontextprotocol/go-sdk to v1.5.0 or later \(2 mcp.AddTool calls in this package\)`
	mcp.AddTool(s, &mcp.Tool{Name: "plan_trip"}, func(ctx context.Context, req *mcp.CallToolRequest, in TripIn) (*mcp.CallToolResult, TripOut, error) {
		if in.From == in.To {
			return nil, TripOut{}, fmt.Errorf("from and to must differ, both are %q", in.From)
		}
		if in.Days <= 0 {
			return nil, TripOut{}, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "days must be positive"} // want "InvalidParams protocol error"
		}
		f, err := fetch(ctx, in.To)
		if err != nil {
			return nil, TripOut{}, fmt.Errorf("fetch: %w", err)
		}
		return nil, TripOut{Summary: f.String()}, nil
	})
}

type forecastArgs struct {
	City  string `json:"city"`
	Date  string `json:"date"`
	Units string `json:"units"`
}

// Forecast is what the weather backend returns.
type Forecast struct {
	City  string  `json:"city"`
	TempC float64 `json:"temp_c"`
}

func (f *Forecast) String() string { return fmt.Sprintf("%s: %.1f°C", f.City, f.TempC) }

// backend is the weather service's HTTP client.
var backend = &http.Client{Timeout: 10 * time.Second}

// fetch calls the weather backend. Its errors are API failures, not argument
// problems, whatever the city is.
func fetch(ctx context.Context, city string) (*Forecast, error) {
	u := "https://weather.example.com/v1/forecast?city=" + url.QueryEscape(city)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	resp, err := backend.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("backend: %s", resp.Status)
	}
	var f Forecast
	if err := json.NewDecoder(resp.Body).Decode(&f); err != nil {
		return nil, fmt.Errorf("decode forecast: %w", err)
	}
	return &f, nil
}

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// withLogging is middleware-like: it forwards whatever the wrapped handler
// returns, and is not itself the place where an argument error is made.
func withLogging(next mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		start := time.Now()
		defer func() { log.Printf("tool %s took %v", req.Params.Name, time.Since(start)) }()
		return next(ctx, req)
	}
}

// forecast is a raw handler with the bare decode error.
func forecast(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args forecastArgs
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err // want "argument decoding error"
	}
	if args.City == "" {
		return nil, errors.New("name is required") // want "argument validation error"
	}
	f, err := fetch(ctx, args.City)
	if err != nil {
		return nil, fmt.Errorf("fetch: %w", err)
	}
	return textResult(f.String()), nil
}

// forecastStrict wraps the decode error and checks the enum and the date.
func forecastStrict(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args forecastArgs
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, fmt.Errorf("invalid arguments: %w", err) // want "argument decoding error"
	}
	day, err := time.Parse("2006-01-02", args.Date)
	if err != nil {
		return nil, fmt.Errorf("date: %w", err) // want "argument validation error"
	}
	switch args.Units {
	case "", "metric", "imperial":
	default:
		return nil, fmt.Errorf("units must be metric or imperial, got %q", args.Units) // want "argument validation error"
	}
	f, err := fetch(ctx, args.City)
	if err != nil {
		return nil, fmt.Errorf("fetch forecast for %s: %w", day.Format(time.DateOnly), err)
	}
	return textResult(f.String()), nil
}

// history builds the InvalidParams protocol error itself.
func history(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct {
		City string `json:"city"`
		Days int    `json:"days"`
	}
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "bad"} // want "InvalidParams protocol error"
	}
	if args.Days > 30 {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "at most 30 days of history"} // want "InvalidParams protocol error"
	}
	f, err := fetch(ctx, args.City)
	if err != nil {
		return nil, err
	}
	return textResult(f.String()), nil
}

// alerts already does the right thing: argument problems are tool execution
// errors, and only the backend failure is a Go error.
func alerts(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct {
		Region string `json:"region"`
	}
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "invalid arguments: " + err.Error()}}}, nil
	}
	if args.Region == "" {
		res := &mcp.CallToolResult{}
		res.SetError(errors.New("region is required"))
		return res, nil
	}
	f, err := fetch(ctx, args.Region)
	if err != nil {
		return nil, fmt.Errorf("fetch alerts: %w", err)
	}
	return textResult(f.String()), nil
}

// convert has no arguments to decode; its only error is internal.
func convert(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.Session == nil {
		return nil, errors.New("no session")
	}
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "x"}}}, nil
}

// dispatch serves several tools; an unknown tool name stays a protocol error.
func dispatch(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch req.Params.Name {
	case "stations":
		return textResult("KSFO, KOAK"), nil
	case "station_info":
		return textResult("KSFO: San Francisco International"), nil
	default:
		return nil, fmt.Errorf("unknown tool %q", req.Params.Name)
	}
}

// GreetIn is the typed input of the greet tool.
type GreetIn struct {
	Name string `json:"name"`
}

// GreetOut is the typed output of the greet tool.
type GreetOut struct {
	Greeting string `json:"greeting"`
}

// greet is a typed handler: the SDK turns a plain error into a tool
// execution error, but passes a *jsonrpc.Error through as a protocol error.
func greet(ctx context.Context, req *mcp.CallToolRequest, in GreetIn) (*mcp.CallToolResult, GreetOut, error) {
	if in.Name == "" {
		return nil, GreetOut{}, errors.New("name is required")
	}
	if len(in.Name) > 64 {
		return nil, GreetOut{}, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "bad"} // want "InvalidParams protocol error"
	}
	return nil, GreetOut{Greeting: "Hello, " + in.Name}, nil
}

// TripIn is the typed input of the plan_trip tool.
type TripIn struct {
	From string `json:"from"`
	To   string `json:"to"`
	Days int    `json:"days"`
}

// TripOut is the typed output of the plan_trip tool.
type TripOut struct {
	Summary string `json:"summary"`
}
