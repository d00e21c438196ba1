// Package regression_fix_import_collision reproduces fixes that collided
// in their import edits (issue 12, FuzzHandlerFixes seed
// issue12-import-collision): the typed handler's fix adds "errors" before
// "fmt", and the raw handler's fix removes the last use of "fmt", so it
// deletes that line. golangci-lint drops every fix of a file whose edits
// overlap: the insertion moves past the deleted line.
package regression_fix_import_collision

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct{ N int }

func typed(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if in.N < 0 {
		return nil, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "n must not be negative"} // want `typed tool handler returns an InvalidParams protocol error`
	}
	return &mcp.CallToolResult{}, nil, nil
}

func raw(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if len(req.Params.Arguments) == 0 {
		return nil, fmt.Errorf("arguments are required") // want `argument validation error`
	}
	return &mcp.CallToolResult{}, nil
}

func register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "typed"}, typed)
	s.AddTool(&mcp.Tool{Name: "raw"}, raw)
}
