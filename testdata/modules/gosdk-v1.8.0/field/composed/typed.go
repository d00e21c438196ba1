package composed

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/gosdk18/field/composed/guard"
)

type tripIn struct {
	Days int `json:"days"`
}

// The SDK sends a typed handler's *jsonrpc.Error as a protocol error; a
// generic typed guard of another package answers it with a result.
func guardedTrip(ctx context.Context, req *mcp.CallToolRequest, in tripIn) (*mcp.CallToolResult, any, error) {
	if in.Days < 1 {
		return nil, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "days must be positive"} // the guard converts it
	}
	return &mcp.CallToolResult{}, nil, nil
}

func tracedTrip(ctx context.Context, req *mcp.CallToolRequest, in tripIn) (*mcp.CallToolResult, any, error) {
	if in.Days < 1 {
		return nil, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "days must be positive"} // want "InvalidParams protocol error"
	}
	return &mcp.CallToolResult{}, nil, nil
}

// RegisterTyped registers the typed tools.
func RegisterTyped(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "guarded-trip"}, guard.TypedGuard(guardedTrip))
	mcp.AddTool(s, &mcp.Tool{Name: "traced-trip"}, guard.TypedTraced(tracedTrip))
}
