package gosdk_raw

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func invalidParams(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args map[string]any
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: err.Error()} // want `tool handler returns an InvalidParams protocol error`
	}
	if len(args) == 0 {
		return nil, &jsonrpc.Error{Code: -32602, Message: fmt.Sprintf("need %d arguments", 1)} // want `InvalidParams protocol error`
	}
	rpcErr := &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "whatever the cause"}
	if ctx.Err() != nil {
		return nil, rpcErr // want `InvalidParams protocol error`
	}
	return &mcp.CallToolResult{}, nil
}
