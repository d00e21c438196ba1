// Package gosdk_typed holds typed go-sdk handlers (mcp.ToolHandlerFor),
// registered with mcp.AddTool. The SDK turns a plain error into a tool
// error; only a *jsonrpc.Error passes through as a protocol error.
package gosdk_typed

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Name  string `json:"name"`
	Limit int    `json:"limit"`
}

type Out struct {
	Greeting string `json:"greeting"`
}

func greet(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	if in.Name == "" {
		return nil, Out{}, errors.New("name is required") // a plain error: the SDK makes it a tool error
	}
	if in.Limit > 10 {
		return nil, Out{}, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "limit too large"} // want `typed tool handler returns an InvalidParams protocol error; the model never sees it: return a plain error, which the SDK turns into a tool error`
	}
	if in.Limit < 0 {
		return nil, Out{Greeting: "partial"}, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("limit %d is negative", in.Limit)} // want `InvalidParams protocol error`
	}
	if in.Name == "root" {
		// Another code, but created because an argument failed a check.
		return nil, Out{}, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "reserved name"} // want `typed tool handler returns an argument validation error as a protocol error`
	}
	if len(in.Name) > 64 {
		// Wrapped, it no longer passes the SDK's type assertion: fine.
		return nil, Out{}, fmt.Errorf("name: %w", &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "too long"})
	}
	return nil, Out{Greeting: "hello " + in.Name}, nil
}

// The request itself is invalid (here its tool name; in go-sdk's
// conformance server, tampered multi-round-trip state): a request-level
// protocol error is the right answer.
func requestLevel(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	if req.Params.Name != "greet" {
		return nil, Out{}, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "wrong tool"}
	}
	if !metaValid(req.Params.Meta) { // checked by a project function
		return nil, Out{}, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "bad _meta"}
	}
	return nil, Out{}, nil
}

func metaValid(m mcp.Meta) bool { return m != nil }

func register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "greet"}, greet)
}
