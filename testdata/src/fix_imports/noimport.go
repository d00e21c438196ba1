package fix_imports

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Q struct{ Q string }

// The typed fix needs package errors, which this file does not import.
func typedNeedsErrors(ctx context.Context, req *mcp.CallToolRequest, in Q) (*mcp.CallToolResult, any, error) {
	if in.Q == "" {
		return nil, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "q is required"} // want `InvalidParams protocol error`
	}
	return nil, nil, nil
}

// A local named errors: the fix cannot name the package, so none is offered.
func typedShadowed(ctx context.Context, req *mcp.CallToolRequest, in Q) (*mcp.CallToolResult, any, error) {
	errors := []string{}
	if in.Q == "x" {
		return nil, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "q is x"} // want `InvalidParams protocol error`
	}
	_ = errors
	return nil, nil, nil
}

func registerMore(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "a"}, typedNeedsErrors)
	mcp.AddTool(s, &mcp.Tool{Name: "b"}, typedShadowed)
}
