// Package config_funcs is analyzed with -decode-funcs, -validate-funcs and
// -tool-error-result-funcs naming the helpers of package lib.
package config_funcs

import (
	"context"

	"config_funcs/lib"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handle(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args lib.Args
	if err := lib.Decode(req.Params.Arguments, &args); err != nil {
		return nil, err // want `argument decoding error`
	}
	if err := args.Check(); err != nil {
		return nil, err // want `argument validation error`
	}
	if args.Name == "x" {
		return lib.ToolError("x is reserved")
	}
	return &mcp.CallToolResult{}, nil
}
