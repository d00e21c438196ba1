// Package wrap converts the errors of the tool handlers it is given into
// tool execution errors, except a ParamError, which it maps to
// InvalidParams on purpose: that return is reported here.
package wrap

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A ParamError is an argument error the server reports as InvalidParams.
type ParamError struct{ Msg string }

func (e *ParamError) Error() string { return e.Msg }

// WithToolErrors returns handler with its plain errors turned into tool
// errors.
func WithToolErrors(handler server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := handler(ctx, req)
		if err != nil {
			var pe *ParamError
			if errors.As(err, &pe) {
				return nil, fmt.Errorf("%w: %s", mcp.ErrInvalidParams, pe.Msg) // want "InvalidParams protocol error"
			}
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}

// WithName wraps the error of the handler it is given with the tool's
// name: still a protocol error, so the handlers given here are reported.
func WithName(name string, handler server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := handler(ctx, req)
		if err != nil {
			return nil, fmt.Errorf("tool %s: %w", name, err)
		}
		return res, nil
	}
}
