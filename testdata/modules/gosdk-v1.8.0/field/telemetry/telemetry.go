// Package telemetry registers its handlers through wrappers of its own:
// one that records a handler's error and returns it, which passes the
// handler's result on, so the fix in the handler is right; and one that
// drops the handler's result, so the fix belongs in the wrapper, and the
// report says so (issue 17, part 3).
package telemetry

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var failures = map[string]int{}

func record(name string, err error) { failures[name]++ }

func withTelemetry(name string, h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := h(ctx, req)
		if err != nil {
			record(name, err)
			return nil, err
		}
		return res, nil
	}
}

// quiet answers "ok" whatever the handler returned.
func quiet(h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if _, err := h(ctx, req); err != nil {
			return nil, err
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil
	}
}

// Register adds the tools.
func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "greet"}, withTelemetry("greet", greet))
	s.AddTool(&mcp.Tool{Name: "touch"}, quiet(touch))
}

func greet(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct{ Name string }
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, fmt.Errorf("bad arguments: %w", err) // want "argument decoding error"
	}
	if args.Name == "" {
		return nil, fmt.Errorf("name is required") // want "argument validation error"
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "hello " + args.Name}}}, nil
}

func touch(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct{ Path string }
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err // want `argument decoding error .*\(no fix: .quiet. forwards this error but drops the tool result beside it`
	}
	return nil, nil
}
