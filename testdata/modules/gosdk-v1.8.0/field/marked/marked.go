// Package marked wraps its handlers in a wrapper that turns their errors
// into tool results, but passes an error marked as a *ProtocolError on as a
// JSON-RPC error: an argument error marked so still reaches the client as
// a protocol error, and is reported where the mark is made (issue 17,
// part 1).
package marked

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ProtocolError marks an error that must reach the client as a JSON-RPC
// error.
type ProtocolError struct {
	Code int64
	Err  error
}

func (e *ProtocolError) Error() string { return e.Err.Error() }
func (e *ProtocolError) Unwrap() error { return e.Err }

// InvalidParams marks err as invalid params.
func InvalidParams(err error) error { return &ProtocolError{Code: jsonrpc.CodeInvalidParams, Err: err} }

// WithToolErrors turns a handler's errors into tool results, but for
// marked ones.
func WithToolErrors(h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := h(ctx, req)
		if err == nil {
			return res, nil
		}
		var pe *ProtocolError
		if errors.As(err, &pe) {
			return nil, &jsonrpc.Error{Code: pe.Code, Message: err.Error()}
		}
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
	}
}

// Register adds the tools.
func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "query"}, WithToolErrors(query))
}

func query(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in struct{ Query string }
	if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
		return nil, InvalidParams(fmt.Errorf("parsing input: %w", err)) // want `a marked argument decoding error`
	}
	if in.Query == "" {
		return nil, fmt.Errorf("query is required") // converted by the wrapper
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Query}}}, nil
}
