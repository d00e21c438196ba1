package handlers

// Cases beyond the basic ones, taken from the definitions of "decode" and
// "validate" in /work/shared/SDK.md: a json.Decoder over the arguments, a
// decoding helper, strconv and url.Parse on argument strings, and a
// Validate method on the argument struct.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func registerExtras(s *mcp.Server, schema map[string]any) {
	s.AddTool(&mcp.Tool{Name: "subscribe", InputSchema: schema}, subscribe)
	s.AddTool(&mcp.Tool{Name: "webhook", InputSchema: schema}, webhook)
}

type subscribeArgs struct {
	City    string `json:"city"`
	Hours   string `json:"hours"`
	Webhook string `json:"webhook"`
}

// Validate reports whether the arguments are usable.
func (a *subscribeArgs) Validate() error {
	if a.City == "" {
		return fmt.Errorf("city is required")
	}
	return nil
}

// decodeArgs decodes a tool call's arguments strictly.
func decodeArgs(req *mcp.CallToolRequest, v any) error {
	dec := json.NewDecoder(bytes.NewReader(req.Params.Arguments))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

func subscribe(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args subscribeArgs
	if err := decodeArgs(req, &args); err != nil {
		// A decoding helper of the package: its summary says it decodes.
		return nil, fmt.Errorf("decode: %w", err) // want "argument decoding error"
	}
	if err := args.Validate(); err != nil {
		return nil, err // want "argument validation error"
	}
	hours, err := strconv.Atoi(args.Hours)
	if err != nil {
		return nil, fmt.Errorf("hours: %w", err) // want "argument validation error"
	}
	f, err := fetch(ctx, args.City)
	if err != nil {
		return nil, fmt.Errorf("fetch: %w", err)
	}
	return textResult(fmt.Sprintf("%s, every %d hours", f, hours)), nil
}

func webhook(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args subscribeArgs
	dec := json.NewDecoder(bytes.NewReader(req.Params.Arguments))
	if err := dec.Decode(&args); err != nil {
		return nil, err // want "argument decoding error"
	}
	u, err := url.Parse(args.Webhook)
	if err != nil {
		return nil, fmt.Errorf("webhook: %w", err) // want "argument validation error"
	}
	if u.Scheme != "https" {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "webhook must use https"}}}, nil
	}
	return textResult("subscribed " + u.String()), nil
}
