// Package regression_fix_sdk_name reproduces broken fixes that
// FuzzHandlerFixes found: where the file imports the SDK under a name a
// local shadows at the return, or by a dot import only, the fix imported
// it again under its default name, mcp. Both SDKs' packages are named
// mcp, so two such fixes in one file imported two packages under one
// name, and the fixed file did not compile. As the README says, no fix is
// offered when the SDK cannot be named at the return.
package regression_fix_sdk_name

import (
	"context"
	"encoding/json"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

type args struct {
	Name string `json:"name"`
}

func goHandler(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		gosdk := "shadowed"
		_ = gosdk
		return nil, err // want `argument decoding error`
	}
	return &gosdk.CallToolResult{}, nil
}

func mcpgoHandler(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	var a args
	if err := req.BindArguments(&a); err != nil {
		mcpgo := "shadowed"
		_ = mcpgo
		return nil, err // want `argument decoding error`
	}
	return mcpgo.NewToolResultText("ok"), nil
}

func register(s *gosdk.Server, m *server.MCPServer) {
	s.AddTool(&gosdk.Tool{Name: "go"}, goHandler)
	m.AddTool(mcpgo.NewTool("mcpgo"), mcpgoHandler)
}

// Aliases for elsewhere.go, which imports no SDK.
type (
	goRequest  = *gosdk.CallToolRequest
	goResult   = *gosdk.CallToolResult
	mcpRequest = mcpgo.CallToolRequest
	mcpResult  = *mcpgo.CallToolResult
)
