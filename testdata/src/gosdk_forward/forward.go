// Package gosdk_forward holds functions whose errors raw handlers forward:
// their errors reach the client as protocol errors too.
package gosdk_forward

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Args struct {
	Owner string `json:"owner"`
	Repo  string `json:"repo"`
}

// toolHandler is the canonical generic wrapper: it decodes the arguments
// into a type parameter and calls the typed function it was given.
func toolHandler[In any](h func(context.Context, *mcp.CallToolRequest, In) (*mcp.CallToolResult, any, error)) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var in In
		if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
			return nil, err // want `tool handler returns an argument decoding error`
		}
		res, _, err := h(ctx, req, in)
		return res, err
	}
}

// listIssues looks typed but is called by the raw wrapper above, not
// registered with mcp.AddTool: its plain errors become protocol errors.
func listIssues(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, any, error) {
	if args.Owner == "" {
		return nil, nil, errors.New("owner is required") // want "`listIssues` returns an argument validation error as a protocol error \\(a tool handler forwards it\\)"
	}
	if err := fetch(ctx, args.Owner); err != nil {
		return nil, nil, fmt.Errorf("fetch: %w", err) // an API failure: not reported
	}
	return &mcp.CallToolResult{}, nil, nil
}

func fetch(ctx context.Context, owner string) error { return nil }

// handleRepo is a plain function a raw handler tail-calls.
func handleRepo(ctx context.Context, args Args) (*mcp.CallToolResult, error) {
	if args.Repo == "" {
		return nil, fmt.Errorf("repo is required") // want "`handleRepo` returns an argument validation error"
	}
	return &mcp.CallToolResult{}, nil
}

func repo(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args Args
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
	}
	res, err := handleRepo(ctx, args)
	return res, err
}

// parseArgs decodes for its caller, which returns the error as its own.
// It returns no tool result: its summary says it decodes, and the
// handler's return is reported, where the fix goes.
func parseArgs(req *mcp.CallToolRequest) (Args, error) {
	var args Args
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return Args{}, fmt.Errorf("parse: %w", err)
	}
	return args, nil
}

func issue(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args, err := parseArgs(req)
	if err != nil {
		return nil, err // want "tool handler returns an argument decoding error"
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: args.Owner}}}, nil
}

// A wrapper that turns errors into IsError results: its callee's errors
// never reach the client as protocol errors.
func safe(h func(context.Context, Args) (string, error)) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args Args
		if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
		}
		text, err := h(ctx, args)
		if err != nil {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
	}
}

func star(ctx context.Context, args Args) (string, error) {
	if args.Repo == "" {
		return "", errors.New("repo is required") // not reported: safe wraps it
	}
	return "ok", nil
}

func register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "list_issues"}, toolHandler(listIssues))
	s.AddTool(&mcp.Tool{Name: "repo"}, repo)
	s.AddTool(&mcp.Tool{Name: "issue"}, issue)
	s.AddTool(&mcp.Tool{Name: "star"}, safe(star))
}

// Live keeps the functions above live: a handler literal made only in
// code nothing runs is no handler.
var Live = []any{toolHandler[Args]}
