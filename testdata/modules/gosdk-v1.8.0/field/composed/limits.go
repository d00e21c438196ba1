package composed

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/gosdk18/field/composed/guard"
)

// A limit of the walk from registrations (docs/how-it-works.md, "Which
// way a report leans"), which leans toward reporting and which the
// oracle's large run keeps; and the interface call it once had as a
// second limit, now judged by the methods each raw path binds.

// A typed wrapper of another package that passes its function's errors
// on has no Wrapper fact (only raw handlers' forwards are recorded), so
// the walk stops there: the guard around it converts the *jsonrpc.Error,
// and it is reported all the same.
func layeredTrip(ctx context.Context, req *mcp.CallToolRequest, in tripIn) (*mcp.CallToolResult, any, error) {
	if in.Days < 1 {
		return nil, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "days must be positive"} // want "InvalidParams protocol error"
	}
	return &mcp.CallToolResult{}, nil, nil
}

// A return that passes on an interface call's error is judged by the
// methods the registrations whose paths return it raw bind the receiver
// to: guarded's decode error is converted by the guard, and quiet returns
// no argument error, so the return in forwardingInvoker is not reported;
// decodingInvoker's, registered raw through passingInvoker, is, in its
// Invoke.
type guardedInvoker struct{}

func (guardedInvoker) Invoke(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var p params
	if err := json.Unmarshal(req.Params.Arguments, &p); err != nil {
		return nil, err // the guard converts it
	}
	return &mcp.CallToolResult{}, nil
}

type quietInvoker struct{}

func (quietInvoker) Invoke(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

func forwardingInvoker(inv invoker) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := inv.Invoke(ctx, req)
		if err != nil {
			return nil, err // only guarded (converted) and quiet (no argument error) pass here
		}
		return res, nil
	}
}

type decodingInvoker struct{}

func (decodingInvoker) Invoke(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var p params
	if err := json.Unmarshal(req.Params.Arguments, &p); err != nil {
		return nil, err // want "argument decoding error"
	}
	return &mcp.CallToolResult{}, nil
}

func passingInvoker(inv invoker) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := inv.Invoke(ctx, req)
		if err != nil {
			return nil, err // decodingInvoker's return is reported, where the error is made
		}
		return res, nil
	}
}

// RegisterLimits registers the tools above.
func RegisterLimits(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "layered-trip"}, guard.TypedGuard(guard.TypedTraced(layeredTrip)))
	s.AddTool(&mcp.Tool{Name: "guarded"}, guard.Guard(forwardingInvoker(guardedInvoker{})))
	s.AddTool(&mcp.Tool{Name: "quiet"}, forwardingInvoker(quietInvoker{}))
	s.AddTool(&mcp.Tool{Name: "decoding"}, passingInvoker(decodingInvoker{}))
}
