// Package clientcheck calls a client whose method checks that keys are in
// the map it is given: a handler that puts both keys in the map itself
// gets no argument error from it (not reported); one that passes the
// arguments on gets one (reported).
package clientcheck

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/mcpgo121/field/clientcheck/client"
)

type tools struct{ c *client.Client }

func (t *tools) team(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a := req.GetString("account", "")
	tm := req.GetString("team", "")
	out, err := t.c.Team(map[string]any{"accountId": a, "teamRefId": tm})
	if err != nil {
		return nil, err // an API failure: the keys are always there
	}
	return mcp.NewToolResultText(out), nil
}

func (t *tools) teamArgs(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out, err := t.c.Team(req.GetArguments())
	if err != nil {
		return nil, err // want "argument validation error"
	}
	return mcp.NewToolResultText(out), nil
}

// Register installs the tools.
func Register(s *server.MCPServer, c *client.Client) {
	t := &tools{c: c}
	s.AddTool(mcp.NewTool("team"), t.team)
	s.AddTool(mcp.NewTool("team_args"), t.teamArgs)
}
