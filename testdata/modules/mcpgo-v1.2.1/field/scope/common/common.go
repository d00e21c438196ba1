// Package common builds the scope of a tool call.
package common

import (
	"github.com/mark3labs/mcp-go/mcp"

	"example.com/mcpgo121/field/scope/dto"
)

// Config is the server's configuration.
type Config struct {
	AccountID    string
	DefaultOrgID string
}

// FetchScope takes the account from the configuration, and the
// organization from the arguments where they name one.
func FetchScope(cfg *Config, req mcp.CallToolRequest) (dto.Scope, error) {
	scope := dto.Scope{AccountID: cfg.AccountID, OrgID: cfg.DefaultOrgID}
	if org := req.GetString("org_id", ""); org != "" {
		scope.OrgID = org
	}
	return scope, nil
}
