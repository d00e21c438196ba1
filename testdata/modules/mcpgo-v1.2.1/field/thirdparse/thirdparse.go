// Package thirdparse parses arguments with functions of third-party
// modules, which no summary describes. A package-level Parse function of
// values is a parser: its error is the argument's (reported). A function
// of the same shape but another name may read the environment or the disk
// (uritemplate.New is a parser, but nothing says so), and a method of a
// parsed value is no parser of the arguments: neither is reported.
package thirdparse

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/yosida95/uritemplate/v3"
	"golang.org/x/text/language"
)

func expand(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	tag, err := language.Parse(req.GetString("lang", ""))
	if err != nil {
		return nil, err // want "argument validation error"
	}
	tmpl, err := uritemplate.New(req.GetString("template", ""))
	if err != nil {
		return nil, err // a constructor of another name: not taken for a parser
	}
	vars := uritemplate.Values{}
	vars.Set("id", uritemplate.String(req.GetString("id", "")))
	out, err := tmpl.Expand(vars)
	if err != nil {
		return nil, err // a method of the template, not a parser of values
	}
	return mcp.NewToolResultText(tag.String() + out), nil
}

// Register installs the tool.
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("expand"), expand)
}
