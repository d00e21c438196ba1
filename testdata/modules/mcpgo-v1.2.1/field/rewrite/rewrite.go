// Package rewrite returns decoding errors rewritten by helpers of
// another package, which keep their origin whatever message they make.
package rewrite

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"

	"example.com/mcpgo121/field/rewrite/utils"
)

type params struct {
	Name string `json:"name"`
}

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var p params
	if err := req.BindArguments(&p); err != nil {
		return nil, utils.ParseJSONUnmarshalError(err) // want "argument decoding error"
	}
	if err := os.WriteFile(p.Name, nil, 0o600); err != nil {
		return nil, utils.ParseJSONUnmarshalError(err) // an I/O failure rewritten: not an argument error
	}
	return mcp.NewToolResultText(p.Name), nil
}

func describe(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return nil, utils.Describe(err) // want "argument decoding error"
	}
	if _, err := os.Stat(name); err != nil {
		return nil, utils.Describe(err) // an I/O failure rewritten: not an argument error
	}
	return mcp.NewToolResultText(name), nil
}
