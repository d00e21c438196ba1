// Package handlers is a weather MCP server written against the real
// github.com/mark3labs/mcp-go v1.2.1. It is analysistest input for
// mcperrlint: a return line that should be reported carries a want comment,
// every other return line must stay silent.
//
// In mcp-go a server.ToolHandlerFunc's returned error becomes a JSON-RPC
// -32603 error; mcp.NewTypedToolHandler passes its function's error through;
// mcp.NewStructuredToolHandler turns it into an IsError result.
package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// NewServer builds the server with every tool registered.
func NewServer() *server.MCPServer {
	s := server.NewMCPServer("weather", "1.0.0",
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
		server.ServerTool{Tool: mcp.NewTool("echo"), Handler: mcp.NewTypedToolHandler(echo)},
		server.ServerTool{Tool: mcp.NewTool("units"), Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			units := req.GetString("units", "metric")
			switch units {
			case "metric", "imperial":
				return mcp.NewToolResultText(units), nil
			default:
				return nil, fmt.Errorf("unknown units %q", units) // want "argument validation error"
			}
		}},
	)
	s.AddTool(mcp.NewTool("convert"), mcp.NewStructuredToolHandler(func(ctx context.Context, req mcp.CallToolRequest, args ConvertArgs) (ConvertResult, error) {
		if args.Amount <= 0 {
			return ConvertResult{}, errors.New("amount must be positive")
		}
		if args.From == "" || args.To == "" {
			return ConvertResult{}, fmt.Errorf("from and to are required")
		}
		return ConvertResult{Value: args.Amount * 1.1}, nil
	}))
	s.AddTool(mcp.NewTool("shout"), mcp.NewTypedToolHandler(func(ctx context.Context, req mcp.CallToolRequest, args EchoArgs) (*mcp.CallToolResult, error) {
		if args.Message == "" {
			return nil, errors.New("message is required") // want "argument validation error"
		}
		return mcp.NewToolResultText(strings.ToUpper(args.Message)), nil
	}))
	return s
}

// RegisterSession adds a per-session tool.
func RegisterSession(s *server.MCPServer, sessionID string) error {
	return s.AddSessionTool(sessionID, mcp.NewTool("my_city", mcp.WithString("city")), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		city, err := req.RequireString("city")
		if err != nil {
			return nil, fmt.Errorf("city: %w", err) // want "argument decoding error"
		}
		return mcp.NewToolResultText(city), nil
	})
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
	city, err := req.RequireString("city")
	if err != nil {
		return nil, err // want "argument decoding error"
	}
	days := req.GetInt("days", 1)
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
	n, ok := req.GetArguments()["n"].(float64)
	if !ok {
		return nil, errors.New("n must be a number") // want "argument decoding error"
	}
	factor, err := req.RequireFloat("factor")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("factor", err), nil
	}
	if factor == 0 {
		return mcp.NewToolResultErrorf("factor must not be zero"), nil
	}
	return mcp.NewToolResultText(fmt.Sprint(n * factor)), nil
}

type searchArgs struct {
	Query string `json:"query"`
	Limit int    `json:"limit"`
}

func search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args searchArgs
	if err := req.BindArguments(&args); err != nil {
		return nil, fmt.Errorf("bind arguments: %w", err) // want "argument decoding error"
	}
	if args.Query == "" {
		return mcp.NewToolResultError("query is required"), nil
	}
	if args.Limit > 100 {
		return nil, fmt.Errorf("%w: limit too large", mcp.ErrInvalidParams) // want "InvalidParams protocol error"
	}
	f, err := fetch(ctx, args.Query)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(f.City), nil
}

// alerts already does the right thing.
func alerts(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	region, err := req.RequireString("region")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	f, err := fetch(ctx, region)
	if err != nil {
		return nil, fmt.Errorf("fetch alerts: %w", err)
	}
	return mcp.NewToolResultText(f.City), nil
}

// EchoArgs is the typed input of the echo and shout tools.
type EchoArgs struct {
	Message string `json:"message"`
	Times   int    `json:"times"`
}

// echo is a mcp.TypedToolHandlerFunc: its errors pass through as protocol errors.
func echo(ctx context.Context, req mcp.CallToolRequest, args EchoArgs) (*mcp.CallToolResult, error) {
	if args.Times > 10 {
		return nil, fmt.Errorf("times must be at most 10, got %d", args.Times) // want "argument validation error"
	}
	return mcp.NewToolResultText(strings.Repeat(args.Message, args.Times)), nil
}

// ConvertArgs is the typed input of the convert tool.
type ConvertArgs struct {
	Amount float64 `json:"amount"`
	From   string  `json:"from"`
	To     string  `json:"to"`
}

// ConvertResult is the structured output of the convert tool.
type ConvertResult struct {
	Value float64 `json:"value"`
}
