// Package ownmap asserts the types of values a handler put into a map of
// its own under constant keys: the map also holds an argument value, and
// a closure writes it, but no argument can make those assertions panic.
package ownmap

import (
	"context"
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type plan struct {
	Actions []string `json:"actions"`
	DryRun  bool     `json:"dry_run"`
}

func apply(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var p plan
	if err := req.BindArguments(&p); err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	result := map[string]any{"total": len(p.Actions), "dry_run": p.DryRun, "skipped": 0, "errors": []string{}}
	fail := func(msg string) {
		result["errors"] = append(result["errors"].([]string), msg)
	}
	for _, a := range p.Actions {
		if a == "" {
			result["skipped"] = result["skipped"].(int) + 1
			continue
		}
		if len(a) > 64 {
			fail("action too long: " + a)
		}
	}
	if result["dry_run"].(bool) {
		result["mode"] = "dry run"
	}
	out, _ := json.Marshal(result)
	return mcp.NewToolResultText(string(out)), nil
}

func applyArgs(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	result := map[string]any{"skipped": 0}
	for k, v := range args {
		result[k] = v // the arguments' own values, under their own keys
	}
	n := result["skipped"].(int) // want "asserts the type of argument"
	return mcp.NewToolResultText(string(rune('0' + n))), nil
}

// Register installs the tools.
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("apply"), apply)
	s.AddTool(mcp.NewTool("apply_args"), applyArgs)
}
