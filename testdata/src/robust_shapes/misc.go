package robust_shapes

import (
	"context"
	"encoding/json"
	"errors"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A handler and a helper implemented in assembly (asm.s): no body to
// analyze, nothing to report, and forwarding to them is not followed.
func asmHandler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error)

func asmHelper(req *mcp.CallToolRequest) error

func forwardsToAsm(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := asmHelper(req); err != nil {
		return nil, err
	}
	return asmHandler(ctx, req)
}

// A blank function with a handler's signature: never callable, but a
// handler by its shape; reporting it is harmless and it must not crash.
func _(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return nil, err // want `tool handler returns an argument decoding error`
	}
	return &mcp.CallToolResult{}, nil
}

// The result type spelled through an alias.
type result = *mcp.CallToolResult

func aliasResult(ctx context.Context, req *mcp.CallToolRequest) (result, error) {
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return nil, err // want `tool handler returns an argument decoding error`
	}
	return &mcp.CallToolResult{}, nil
}

// A handler literal called at once; the outer handler forwards its
// results, and the literal is a handler in its own right.
func immediately(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var a args
		if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
			return nil, err // want `tool handler returns an argument decoding error`
		}
		return &mcp.CallToolResult{}, nil
	}(ctx, req)
}

// A handler built three closures deep.
func nested() func() func() mcp.ToolHandler {
	return func() func() mcp.ToolHandler {
		return func() mcp.ToolHandler {
			return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				if len(req.Params.Arguments) == 0 {
					return nil, errors.New("empty arguments") // want `tool handler returns an argument validation error`
				}
				return &mcp.CallToolResult{}, nil
			}
		}
	}
}

// Goroutines writing a captured error: the captured variable is not
// traced (its writers run elsewhere), the later decode error is.
func goroutines(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	for range 2 {
		wg.Go(func() {
			var a args
			err := json.Unmarshal(req.Params.Arguments, &a)
			mu.Lock()
			defer mu.Unlock()
			if firstErr == nil {
				firstErr = err
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return nil, err // want `tool handler returns an argument decoding error`
	}
	return &mcp.CallToolResult{}, nil
}

// Live keeps the functions above live: a handler literal made only in
// code nothing runs is no handler.
var Live = []any{nested, immediately}
