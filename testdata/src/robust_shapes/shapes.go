// Package robust_shapes holds odd but valid go-sdk handler shapes: the
// analyzer must neither crash on them nor misjudge them.
package robust_shapes

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type args struct {
	City string `json:"city"`
	Days int    `json:"days"`
}

// A variadic function with a handler-like prefix is not a handler: nothing
// registers it and the SDK cannot call it.
func variadicNotHandler(ctx context.Context, req *mcp.CallToolRequest, extra ...any) (*mcp.CallToolResult, error) {
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{}, nil
}

// Variadic requests: not a handler either.
func variadicRequests(ctx context.Context, reqs ...*mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	for _, req := range reqs {
		var a args
		if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
			return nil, err
		}
	}
	return &mcp.CallToolResult{}, nil
}

// A handler that forwards to a variadic helper makes the helper's errors
// protocol errors.
func forwardsToVariadic(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return variadicHelper(ctx, req, "a", "b")
}

func variadicHelper(ctx context.Context, req *mcp.CallToolRequest, tags ...string) (*mcp.CallToolResult, error) {
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return nil, fmt.Errorf("%v: %w", tags, err) // want "`variadicHelper` returns an argument decoding error as a protocol error \\(a tool handler forwards it\\)"
	}
	return &mcp.CallToolResult{}, nil
}

// A handler that only panics has no return to report.
func panics(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	panic("not implemented")
}

// Panicking on a decode error is not returning it.
func panicsOnDecodeError(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		panic(err)
	}
	if a.Days < 0 {
		panic(errors.New("negative days"))
	}
	return &mcp.CallToolResult{}, nil
}

// A handler that never returns: an infinite loop.
func spins(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	for {
	}
}

// Mutually recursive raw handlers: each is a handler by its signature, so
// each is checked on its own and neither forwarded error is counted twice.
func pingHandler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return nil, err // want `tool handler returns an argument decoding error as a protocol error`
	}
	if a.Days > 0 {
		return pongHandler(ctx, req)
	}
	return &mcp.CallToolResult{}, nil
}

func pongHandler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.Params.Name == "ping" {
		return pingHandler(ctx, req)
	}
	return &mcp.CallToolResult{}, nil
}

// Mutually recursive helpers behind a handler: the forwarding fixed point
// must terminate, and the decode error is reported once, where it is made.
func recursiveEntry(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return even(ctx, req, 10)
}

func even(ctx context.Context, req *mcp.CallToolRequest, n int) (*mcp.CallToolResult, error) {
	if n == 0 {
		var a args
		if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
			return nil, err // want "`even` returns an argument decoding error as a protocol error \\(a tool handler forwards it\\)"
		}
		return &mcp.CallToolResult{}, nil
	}
	return odd(ctx, req, n-1)
}

func odd(ctx context.Context, req *mcp.CallToolRequest, n int) (*mcp.CallToolResult, error) {
	return even(ctx, req, n-1)
}

// A self-recursive handler.
func selfRecursive(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.Params.Name != "self" {
		return selfRecursive(ctx, req)
	}
	return &mcp.CallToolResult{}, nil
}

// Handlers stored in struct fields of func type and in interface-typed
// fields and variables are found by their signature.
type registry struct {
	raw  mcp.ToolHandler
	fn   func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error)
	anyH any
}

var reg = registry{
	raw: func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var a args
		if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
			return nil, err // want `tool handler returns an argument decoding error`
		}
		return &mcp.CallToolResult{}, nil
	},
	fn: func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var a args
		if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
			return nil, errors.New("bad arguments") // want `tool handler returns an argument decoding error`
		}
		if a.City == "" {
			return nil, errors.New("city is required") // want `tool handler returns an argument validation error`
		}
		return &mcp.CallToolResult{}, nil
	},
	anyH: func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var a args
		if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
			return nil, err // want `tool handler returns an argument decoding error`
		}
		return &mcp.CallToolResult{}, nil
	},
}

var anyHandler any = mcp.ToolHandler(func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return nil, err // want `tool handler returns an argument decoding error`
	}
	return &mcp.CallToolResult{}, nil
})

// A struct field of func type assigned at run time, and called through
// the field: the literal is the handler; the call through the field is not
// followed (a dynamic call), and that is not an error.
func (r *registry) install() {
	r.fn = func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if len(req.Params.Arguments) == 0 {
			return nil, errors.New("no arguments") // want `tool handler returns an argument validation error`
		}
		return &mcp.CallToolResult{}, nil
	}
}

func (r *registry) dispatch(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if h, ok := r.anyH.(func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error)); ok {
		return h(ctx, req)
	}
	return r.fn(ctx, req)
}

// LiveShapes keeps the functions above live: a handler literal made only in
// code nothing runs is no handler.
var LiveShapes = []any{(*registry).install, (*registry).dispatch}
