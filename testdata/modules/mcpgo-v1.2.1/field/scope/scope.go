// Package scope passes a struct built from the configuration and from
// arguments to clients that check one field each: only the check of a
// field the arguments fill is a check of an argument.
package scope

import (
	"context"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"example.com/mcpgo121/field/scope/client"
	"example.com/mcpgo121/field/scope/common"
)

var cfg = &common.Config{}

func listSecrets(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	scope, err := common.FetchScope(cfg, req)
	if err != nil {
		return nil, err
	}
	secrets, err := client.ListSecrets(scope)
	if err != nil {
		return nil, fmt.Errorf("failed to list secrets: %w", err) // the account comes from the configuration
	}
	return mcp.NewToolResultText(strings.Join(secrets, ",")), nil
}

func listProjects(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	scope, err := common.FetchScope(cfg, req)
	if err != nil {
		return nil, err
	}
	projects, err := client.ListProjects(scope)
	if err != nil {
		return nil, fmt.Errorf("failed to list projects: %w", err) // want "argument validation error"
	}
	return mcp.NewToolResultText(strings.Join(projects, ",")), nil
}
