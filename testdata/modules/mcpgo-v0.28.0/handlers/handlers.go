// Package handlers is a weather MCP server written against the real
// github.com/mark3labs/mcp-go v0.28.0. It is analysistest input for
// mcperrlint: a return line that should be reported carries a want comment,
// every other return line must stay silent.
//
// v0.28.0 predates the CallToolRequest accessors: req.Params is an anonymous
// struct whose Arguments field is a map[string]any, there is no RequireString,
// BindArguments, GetArguments, NewTypedToolHandler, NewStructuredToolHandler,
// mcp.ErrInvalidParams or NewToolResultErrorf. NewToolResultError and
// NewToolResultErrorFromErr exist.
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

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// NewServer builds the server with every tool registered.
func NewServer() *server.MCPServer {
	s := server.NewMCPServer("weather", "0.1.0",
		server.WithToolCapabilities(true),
		server.WithToolHandlerMiddleware(logging),
	)
	s.AddTool(mcp.NewTool("forecast",
		mcp.WithDescription("Weather forecast for a city"),
		mcp.WithString("city", mcp.Required(), mcp.Description("City name")),
		mcp.WithNumber("days", mcp.Min(1), mcp.Max(14)),
	), forecast)
	s.AddTool(mcp.NewTool("scale", mcp.WithNumber("n", mcp.Required())), scale)
	s.AddTools(
		server.ServerTool{Tool: mcp.NewTool("search", mcp.WithString("query", mcp.Required())), Handler: search},
		server.ServerTool{Tool: mcp.NewTool("alerts", mcp.WithString("region")), Handler: alerts},
		server.ServerTool{Tool: mcp.NewTool("units"), Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			units := mcp.ParseString(req, "units", "metric")
			switch units {
			case "metric", "imperial":
				return mcp.NewToolResultText(units), nil
			default:
				return nil, fmt.Errorf("unknown units %q", units) // want "argument validation error"
			}
		}},
	)
	return s
}

// logging is middleware: it forwards whatever the wrapped handler returns.
func logging(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		log.Printf("calling %s", req.Params.Name)
		return next(ctx, req)
	}
}

// Forecast is what the weather backend returns.
type Forecast struct {
	City  string  `json:"city"`
	TempC float64 `json:"temp_c"`
}

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

func forecast(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	city, ok := req.Params.Arguments["city"].(string)
	if !ok {
		return nil, errors.New("city must be a string") // want "argument decoding error"
	}
	days := mcp.ParseInt(req, "days", 1)
	if days < 1 || days > 14 {
		return nil, fmt.Errorf("days must be between 1 and 14, got %d", days) // want "argument validation error"
	}
	f, err := fetch(ctx, city)
	if err != nil {
		return nil, fmt.Errorf("fetch forecast: %w", err)
	}
	return mcp.NewToolResultText(fmt.Sprintf("%s: %.1f°C for %d days", f.City, f.TempC, days)), nil
}

func scale(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n, ok := req.Params.Arguments["n"].(float64)
	if !ok {
		return nil, errors.New("n must be a number") // want "argument decoding error"
	}
	factor, ok := req.Params.Arguments["factor"].(float64)
	if !ok {
		return mcp.NewToolResultError("factor must be a number"), nil
	}
	return mcp.NewToolResultText(fmt.Sprint(n * factor)), nil
}

type searchArgs struct {
	Query string `json:"query"`
	Limit int    `json:"limit"`
}

// search decodes the argument map the way code did before BindArguments.
func search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	raw, err := json.Marshal(req.Params.Arguments)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("arguments", err), nil
	}
	var args searchArgs
	if err := json.Unmarshal(raw, &args); err != nil {
		return nil, fmt.Errorf("decode arguments: %w", err) // want "argument decoding error"
	}
	if args.Query == "" {
		return mcp.NewToolResultError("query is required"), nil
	}
	if args.Limit > 100 {
		return nil, fmt.Errorf("limit must be at most 100, got %d", args.Limit) // want "argument validation error"
	}
	f, err := fetch(ctx, args.Query)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(f.City), nil
}

// alerts already does the right thing.
func alerts(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	region, _ := req.Params.Arguments["region"].(string)
	if region == "" {
		return mcp.NewToolResultError("region is required"), nil
	}
	f, err := fetch(ctx, region)
	if err != nil {
		return nil, fmt.Errorf("fetch alerts: %w", err)
	}
	return mcp.NewToolResultText(f.City), nil
}
