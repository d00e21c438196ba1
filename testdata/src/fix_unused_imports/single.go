// Package fix_unused_imports checks that a fix deletes the imports it
// leaves unused itself, for golangci-lint, which applies the edits as they
// are: a declaration of one import goes whole, a spec goes with its line
// comment.
package fix_unused_imports

import "errors"

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc" // only for the InvalidParams error
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct{ N int }

func raw(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args In
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, errors.New("arguments are not an object") // want `argument decoding error`
	}
	if args.N < 0 {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("n is %d", args.N)} // want `InvalidParams protocol error`
	}
	return &mcp.CallToolResult{}, nil
}
