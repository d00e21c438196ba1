// Package summaries_gosdk holds go-sdk handlers whose returns the
// summaries pass classifies by what the SDK does with each kind of
// handler's errors; the want lines are those of the test analyzer of
// returns_test.go.
package summaries_gosdk

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

type Out struct{}

// checkLimit fails with an InvalidParams protocol error on one path and
// a plain error on another.
func checkLimit(n int) error {
	if n > 100 {
		return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "limit too large"}
	}
	if n < 0 {
		return errors.New("limit is negative")
	}
	return nil
}

// checkName fails with plain errors only.
func checkName(s string) error {
	if s == "" {
		return errors.New("name is required")
	}
	return nil
}

// A typed handler passes a protocol error through: the helper's
// InvalidParams path reaches the client as one.
func limit(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	if err := checkLimit(in.Limit); err != nil {
		return nil, Out{}, err // want "return invalid-params"
	}
	return nil, Out{}, nil
}

// The SDK turns a typed handler's plain errors into tool errors.
func name(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	if err := checkName(in.Name); err != nil {
		return nil, Out{}, err
	}
	return nil, Out{}, nil
}

// Marked marks an error that must reach the client as a protocol error.
type Marked struct{ Err error }

func (m *Marked) Error() string { return m.Err.Error() }

// withToolErrors turns the errors of h into tool results, but for Marked
// ones, which it passes on as protocol errors.
func withToolErrors(h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := h(ctx, req)
		if err == nil {
			return res, nil
		}
		var m *Marked
		if errors.As(err, &m) {
			// An InvalidParams error it builds itself, whatever the
			// cause.
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: err.Error()} // want "return invalid-params"
		}
		return &mcp.CallToolResult{IsError: true}, nil
	}
}

// marked is given only to withToolErrors: only its Marked errors reach
// the client as protocol errors.
func marked(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in In
	if err := unmarshal(req, &in); err != nil {
		return nil, &Marked{Err: err} // want "return decode"
	}
	if in.Name == "" {
		return nil, errors.New("name is required") // converted: not Marked
	}
	return nil, nil
}

func unmarshal(req *mcp.CallToolRequest, in *In) error {
	return jsonUnmarshal(req.Params.Arguments, in)
}

// An API the handlers are given.
type API interface {
	Fetch(ctx context.Context, name string) (string, error)
}

var api API

// fetch returns the error of an API call: no argument error.
func fetch(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in In
	if err := unmarshal(req, &in); err != nil {
		return &mcp.CallToolResult{IsError: true}, nil
	}
	s, err := api.Fetch(ctx, in.Name)
	if err != nil {
		return nil, fmt.Errorf("fetch: %w", err) // want "return tool-error"
	}
	_ = s
	return nil, nil
}

// both calls another handler and returns its error, which is judged
// where that handler returns it.
func both(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if res, err := fetch(ctx, req); err != nil {
		return res, err
	}
	return &mcp.CallToolResult{}, nil
}

// timed passes on the errors of the handler it is given.
func timed(h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return h(ctx, req)
	}
}

// Register installs the tools.
func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "limit"}, limit)
	mcp.AddTool(s, &mcp.Tool{Name: "name"}, name)
	s.AddTool(&mcp.Tool{Name: "marked"}, withToolErrors(marked))
	s.AddTool(&mcp.Tool{Name: "fetch"}, timed(fetch))
	s.AddTool(&mcp.Tool{Name: "both"}, both)
}
