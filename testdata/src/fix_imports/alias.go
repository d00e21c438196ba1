// Package fix_imports checks that fixes name the SDK as the file imports
// it, and add imports correctly when they must.
package fix_imports

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	rpc "github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

func aliased(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	var args map[string]any
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, fmt.Errorf("bad: %w", err) // want `argument decoding error`
	}
	if len(args) == 0 {
		return nil, errors.New("empty") // want `argument validation error`
	}
	return &sdk.CallToolResult{}, nil
}

type In struct{ N int }

func typedAliased(ctx context.Context, req *sdk.CallToolRequest, in In) (*sdk.CallToolResult, any, error) {
	if in.N < 0 {
		return nil, nil, &rpc.Error{Code: rpc.CodeInvalidParams, Message: "n must not be negative"} // want `InvalidParams protocol error`
	}
	return nil, nil, nil
}

func register(s *sdk.Server) { sdk.AddTool(s, &sdk.Tool{Name: "t"}, typedAliased) }
