// Package handler holds mcp-go handlers whose errors come from calls the
// summaries resolve dynamically: through an interface (the methods of the
// visible packages' types), through a function value (the functions the
// value flow finds) and through a struct field (the functions stored
// there, by the fieldFuncs fact of the package that stores them).
package handler

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"summaries_dispatch.example/tools"
)

var registry = map[string]tools.Tool{"echo": tools.Echo{}, "upper": tools.Upper{Base: &tools.Base{Name: "u"}}}

// The registry may dispatch to Echo, whose Execute checks the argument.
func run(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	t, ok := registry[req.GetString("tool", "")]
	if !ok {
		return mcp.NewToolResultError("no such tool"), nil
	}
	out, err := t.Execute(req.GetArguments())
	if err != nil {
		return nil, err // want "return decode via tools.Echo.Execute line 24"
	}
	return mcp.NewToolResultText(out), nil
}

func checkEmpty(s string) error {
	if s == "" {
		return errors.New("empty")
	}
	return nil
}

func checkLong(s string) error {
	if len(s) > 64 {
		return errors.New("too long")
	}
	return nil
}

// A function value the value flow resolves to both checks.
func pick(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	check := checkEmpty
	if req.GetBool("long", false) {
		check = checkLong
	}
	if err := check(req.GetString("s", "")); err != nil {
		return nil, err // want "return validate"
	}
	return mcp.NewToolResultText("ok"), nil
}

// A function stored in another package's table, called through its
// field.
func runEntry(e tools.Entry, arg string) (*mcp.CallToolResult, error) {
	if err := e.Run(arg); err != nil {
		return nil, err // want "return validate via Entry.Run line 0"
	}
	return mcp.NewToolResultText(e.Name), nil
}

func entry(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	for _, e := range tools.Entries {
		if e.Name == req.GetString("name", "") {
			return runEntry(e, req.GetString("arg", ""))
		}
	}
	return mcp.NewToolResultError("no such entry"), nil
}

// Register installs the tools.
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("run"), run)
	s.AddTool(mcp.NewTool("pick"), pick)
	s.AddTool(mcp.NewTool("entry"), entry)
}
