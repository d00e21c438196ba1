// Package use passes its bodies to the wrappers of package wrap: what
// becomes of their errors is what wrap's Wrapper facts say.
package use

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"handlers_xpkg/wrap"
)

type Args struct {
	Owner string `json:"owner"`
}

// search is forwarded by wrap.NewTool's handler: args holds what it
// decoded.
func search(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, error) { // want `^search: go-sdk raw forwarded by another package seeds args$`
	return nil, nil
}

// status's result is dropped by wrap.ErrorOnly's handler.
func status(ctx context.Context, name string) (*mcp.CallToolResult, error) { // want `^status: go-sdk raw forwarded by another package result dropped by wrap\.ErrorOnly$`
	return nil, nil
}

// marked is given only to wrap.WithToolErrors: only Marked errors reach
// the client as protocol errors.
func marked(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^marked: go-sdk raw registered escapes handlers_xpkg/wrap\.Marked$`
	return nil, nil
}

// quiet is given only where wrap.Both converts: only its Marked errors
// would escape, and Both lets none escape, so it is no handler.
func quiet(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

// loud is given where wrap.Both forwards: a handler in its own right.
func loud(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^loud: go-sdk raw registered by another package$`
	return nil, nil
}

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "search"}, wrap.NewTool("search", search))
	s.AddTool(&mcp.Tool{Name: "status"}, wrap.ErrorOnly(status))
	s.AddTool(&mcp.Tool{Name: "marked"}, wrap.WithToolErrors(marked)) // want `^WithToolErrors converts \[0\] escapes \[handlers_xpkg/wrap\.Marked\]$`
	s.AddTool(&mcp.Tool{Name: "both"}, wrap.Both(loud, quiet))        // want `^Both converts \[1\] escapes \[\]$`
}

// forwardAdapter adapts a body to wrap.Tool and returns its errors.
type forwardAdapter func(ctx context.Context, args Args) (*mcp.CallToolResult, error)

func (f forwardAdapter) Call(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^\(forwardAdapter\)\.Call: go-sdk raw registered$` Call:"forwards 0"
	return f(ctx, Args{})
}

// convertAdapter adapts a body to wrap.Tool and turns its errors into
// tool results.
type convertAdapter func(ctx context.Context, args Args) (*mcp.CallToolResult, error)

func (f convertAdapter) Call(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^\(convertAdapter\)\.Call: go-sdk raw registered$` Call:"converts 0"
	res, err := f(ctx, Args{})
	if err != nil {
		return &mcp.CallToolResult{IsError: true}, nil
	}
	return res, nil
}

// dispatched is forwarded through wrap.Dispatch and forwardAdapter.
func dispatched(ctx context.Context, args Args) (*mcp.CallToolResult, error) { // want `^dispatched: go-sdk raw forwarded by another package$`
	return nil, nil
}

// shielded's errors convertAdapter turns into tool results: no handler.
func shielded(ctx context.Context, args Args) (*mcp.CallToolResult, error) {
	return nil, nil
}

// RegisterDispatched registers both through wrap.Dispatch.
func RegisterDispatched(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "dispatched"}, wrap.Dispatch(forwardAdapter(dispatched)))
	s.AddTool(&mcp.Tool{Name: "shielded"}, wrap.Dispatch(convertAdapter(shielded)))
}
