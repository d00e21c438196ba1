// Package robust_generics holds go-sdk handlers and helpers built with
// generics: methods of generic types, generic helpers a handler forwards,
// typed handlers whose input is a type parameter.
package robust_generics

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

// A raw handler that is a method of a generic type.
type store[K comparable, V any] struct {
	items map[K]V
}

func (s *store[K, V]) has(k K) bool {
	_, ok := s.items[k]
	return ok
}

func (s *store[K, V]) handle(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var key K
	if err := json.Unmarshal(req.Params.Arguments, &key); err != nil {
		return nil, fmt.Errorf("bad key: %w", err) // want `tool handler returns an argument decoding error`
	}
	if !s.has(key) {
		return nil, errors.New("no such item") // a lookup in the store, not an argument check
	}
	return &mcp.CallToolResult{}, nil
}

// A typed handler that is a method of a generic type, with a type
// parameter as its input: plain errors are fine, InvalidParams is not.
func (s *store[K, V]) typed(ctx context.Context, req *mcp.CallToolRequest, in K) (*mcp.CallToolResult, V, error) {
	var zero V
	if _, ok := s.items[in]; !ok {
		return nil, zero, fmt.Errorf("no item %v", in)
	}
	var empty K
	if in == empty {
		return nil, zero, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "empty key"} // want `typed tool handler returns an InvalidParams protocol error`
	}
	return &mcp.CallToolResult{}, s.items[in], nil
}

func register(s *mcp.Server) {
	st := &store[string, int]{items: map[string]int{}}
	s.AddTool(&mcp.Tool{Name: "raw"}, st.handle)
	mcp.AddTool(s, &mcp.Tool{Name: "typed"}, st.typed)
	s.AddTool(&mcp.Tool{Name: "generic"}, decodeAs[args])
	s.AddTool(&mcp.Tool{Name: "entry"}, entry)
	s.AddTool(&mcp.Tool{Name: "bound"}, boundWrapper(func(ctx context.Context, a args) (*mcp.CallToolResult, error) {
		if a.Days < 0 {
			return nil, errors.New("days must not be negative") // want "function literal in `register` returns an argument validation error as a protocol error \\(a tool handler forwards it\\)"
		}
		return &mcp.CallToolResult{}, nil
	}))
	// A forwarded literal inside another literal is named after the
	// declared function around both.
	s.AddTool(&mcp.Tool{Name: "nested"}, func() mcp.ToolHandler {
		return boundWrapper(func(ctx context.Context, a args) (*mcp.CallToolResult, error) {
			if a.Days > 365 {
				return nil, errors.New("days must be at most 365") // want "function literal in `register` returns an argument validation error as a protocol error \\(a tool handler forwards it\\)"
			}
			return &mcp.CallToolResult{}, nil
		})
	}())
}

// A generic function that is a handler by signature once instantiated.
func decodeAs[T any](ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var v T
	if err := json.Unmarshal(req.Params.Arguments, &v); err != nil {
		return nil, err // want `tool handler returns an argument decoding error`
	}
	return &mcp.CallToolResult{}, nil
}

// A generic method-like helper: decodes into any target and returns the
// decoder's error; the handler that returns it is reported.
func bind[T any](req *mcp.CallToolRequest, dst *T) error {
	return json.Unmarshal(req.Params.Arguments, dst)
}

// A generic type with a decoding method, called by a handler.
type decoder[T any] struct{ strict bool }

func (d decoder[T]) decode(req *mcp.CallToolRequest) (T, error) {
	var v T
	err := json.Unmarshal(req.Params.Arguments, &v)
	return v, err
}

func entry(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a args
	if err := bind(req, &a); err != nil {
		return nil, err // want "tool handler returns an argument decoding error"
	}
	b, err := decoder[args]{}.decode(req)
	if err != nil {
		return nil, err // want "tool handler returns an argument decoding error"
	}
	_ = b
	return &mcp.CallToolResult{}, nil
}

// A generic wrapper that decodes and then calls the function it was given:
// the function's errors are forwarded.
func boundWrapper[T any](fn func(context.Context, T) (*mcp.CallToolResult, error)) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var in T
		if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
			return &mcp.CallToolResult{IsError: true}, nil
		}
		return fn(ctx, in)
	}
}

// Generics everywhere, no handler: constraints, generic aliases, methods.
type Number interface {
	~int | ~int64 | ~float64
}

func Sum[S ~[]E, E Number](xs S) E {
	var s E
	for _, x := range xs {
		s += x
	}
	return s
}

type Pair[A, B any] struct {
	First  A
	Second B
}

type IntPair[B any] = Pair[int, B]

func (p Pair[A, B]) Swap() Pair[B, A] { return Pair[B, A]{p.Second, p.First} }

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

var _ = Sum([]int{1, 2})
var _ = IntPair[string]{1, "a"}.Swap()
var _ = Map([]int{1}, func(i int) string { return fmt.Sprint(i) })

// Live keeps the functions above live: a handler literal made only in
// code nothing runs is no handler.
var Live = []any{register}
