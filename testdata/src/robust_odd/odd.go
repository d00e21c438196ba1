// Package robust_odd holds more odd but valid go-sdk handler shapes,
// beside robust_shapes: handlers in composite literals and channels,
// built in loops, registered by go and defer statements, recursive
// closures, blank and unnamed parameters, generic In and Out types, and a
// handler type spelled through a generic alias.
package robust_odd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type args struct {
	City string `json:"city"`
	Days int    `json:"days"`
}

// Handlers in a slice and a map literal.
var inSlice = []mcp.ToolHandler{
	func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var a args
		if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
			return nil, err // want `tool handler returns an argument decoding error`
		}
		return &mcp.CallToolResult{}, nil
	},
}

var inMap = map[string]mcp.ToolHandler{
	"days": func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var a args
		if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
			return &mcp.CallToolResult{IsError: true}, nil
		}
		if a.Days > 14 {
			return nil, fmt.Errorf("days must be at most 14, got %d", a.Days) // want `tool handler returns an argument validation error`
		}
		return &mcp.CallToolResult{}, nil
	},
}

// A handler sent on a channel, and one received from it and registered:
// the literal is the handler, wherever it goes.
func viaChannel(s *mcp.Server) {
	ch := make(chan mcp.ToolHandler, 1)
	ch <- func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if len(req.Params.Arguments) == 0 {
			return nil, errors.New("arguments are required") // want `tool handler returns an argument validation error`
		}
		return &mcp.CallToolResult{}, nil
	}
	s.AddTool(&mcp.Tool{Name: "chan"}, <-ch)
}

// Handlers built in a loop, capturing the loop variable, and registered
// by go and defer statements.
func inLoop(s *mcp.Server, names []string) {
	for _, name := range names {
		h := func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var a args
			if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
				return nil, fmt.Errorf("%s: %w", name, err) // want `tool handler returns an argument decoding error`
			}
			return &mcp.CallToolResult{}, nil
		}
		go s.AddTool(&mcp.Tool{Name: name}, h)
		defer s.AddTool(&mcp.Tool{Name: name + "2"}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var a args
			if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
				return nil, err // want `tool handler returns an argument decoding error`
			}
			return &mcp.CallToolResult{}, nil
		})
	}
}

// A recursive closure: it calls itself through the variable it is
// stored in, a dynamic call that is not followed.
func recursiveClosure(s *mcp.Server) {
	var h mcp.ToolHandler
	h = func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var a args
		if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
			return nil, err // want `tool handler returns an argument decoding error`
		}
		if a.Days > 0 {
			return h(ctx, req)
		}
		return &mcp.CallToolResult{}, nil
	}
	s.AddTool(&mcp.Tool{Name: "rec"}, h)
}

// Blank and unnamed parameters: the first cannot see the request at
// all, so nothing it returns comes from the arguments.
func unnamed(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("not implemented")
}

func blankContext(_ context.Context, req *mcp.CallToolRequest) (_ *mcp.CallToolResult, _ error) {
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return nil, err // want `tool handler returns an argument decoding error`
	}
	return &mcp.CallToolResult{}, nil
}

// Generic In and Out types of a typed handler.
type Page[T any] struct {
	Items []T `json:"items"`
	Limit int `json:"limit"`
}

type Result[T any] struct {
	Value T `json:"value"`
}

func paged(ctx context.Context, req *mcp.CallToolRequest, in Page[string]) (*mcp.CallToolResult, Result[int], error) {
	if in.Limit < 0 {
		return nil, Result[int]{}, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "limit must not be negative"} // want `typed tool handler returns an InvalidParams protocol error`
	}
	if len(in.Items) == 0 {
		return nil, Result[int]{}, errors.New("no items") // a plain error: a tool error already
	}
	return &mcp.CallToolResult{}, Result[int]{Value: len(in.Items)}, nil
}

// The handler type spelled through a generic alias.
type handlerOf[Req any] = func(context.Context, Req) (*mcp.CallToolResult, error)

var viaAlias handlerOf[*mcp.CallToolRequest] = func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return nil, err // want `tool handler returns an argument decoding error`
	}
	return &mcp.CallToolResult{}, nil
}

func register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "paged"}, paged)
	s.AddTool(&mcp.Tool{Name: "alias"}, viaAlias)
	s.AddTool(&mcp.Tool{Name: "unnamed"}, unnamed)
	s.AddTool(&mcp.Tool{Name: "blank"}, blankContext)
	for _, h := range inSlice {
		s.AddTool(&mcp.Tool{Name: "slice"}, h)
	}
	s.AddTool(&mcp.Tool{Name: "map"}, inMap["days"])
}

// Live keeps the functions above live: a handler literal made only in
// code nothing runs is no handler.
var Live = []any{viaChannel, recursiveClosure, inLoop}
