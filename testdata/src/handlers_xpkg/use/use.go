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
