// Package thirdparse parses an argument with a function of a third-party
// module, which no summary describes: a parser by its shape, so its error
// is the argument's (reported). A function of that module that is given
// more than values (a template to expand with variables) is no parser.
package thirdparse

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/yosida95/uritemplate/v3"
)

func expand(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	tmpl, err := uritemplate.New(req.GetString("template", ""))
	if err != nil {
		return nil, err // want "argument validation error"
	}
	vars := uritemplate.Values{}
	vars.Set("id", uritemplate.String(req.GetString("id", "")))
	out, err := tmpl.Expand(vars)
	if err != nil {
		return nil, err // a method of the template, not a parser of values
	}
	return mcp.NewToolResultText(out), nil
}

// Register installs the tool.
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("expand"), expand)
}
