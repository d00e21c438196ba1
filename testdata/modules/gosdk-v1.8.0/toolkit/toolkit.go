// Package toolkit holds the helpers this server's tool handlers share, in
// a package of their own as real servers have them: decoding, required
// arguments, logging wrappers and tool-error results. Nothing here is a
// handler, so nothing here is reported; the handlers that return these
// helpers' errors are, in their own package, from the helpers' summaries.
package toolkit

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// DecodeArgs decodes a tool call's arguments into v, rejecting unknown
// fields.
func DecodeArgs(req *mcp.CallToolRequest, v any) error {
	dec := json.NewDecoder(bytes.NewReader(req.Params.Arguments))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// Required returns the argument name of type T from decoded arguments.
func Required[T comparable](args map[string]any, name string) (T, error) {
	var zero T
	v, ok := args[name]
	if !ok {
		return zero, fmt.Errorf("missing required argument %q", name)
	}
	t, ok := v.(T)
	if !ok {
		return zero, fmt.Errorf("argument %q has type %T, want %T", name, v, zero)
	}
	return t, nil
}

// MissingArgument is the error for a required argument left out.
func MissingArgument(name string) error {
	return fmt.Errorf("missing required argument %q", name)
}

// LogAndReturnError logs err and returns it wrapped with msg.
func LogAndReturnError(logger *log.Logger, msg string, err error) error {
	logger.Printf("%s: %v", msg, err)
	return fmt.Errorf("%s: %w", msg, err)
}

// ToolError returns msg as a tool execution error, which the model reads.
func ToolError(msg string) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: msg}}}, nil
}

// Text returns a successful result.
func Text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// Safe adapts a function that returns text to a raw handler that returns
// its errors as tool errors: nothing it calls reaches the client as a
// protocol error.
func Safe[In any](f func(context.Context, In) (string, error)) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var in In
		if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
			return ToolError(err.Error())
		}
		text, err := f(ctx, in)
		if err != nil {
			return ToolError(err.Error())
		}
		return Text(text), nil
	}
}
