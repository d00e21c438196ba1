package unflagged_basic

import (
	"context"
	"errors"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

func fetch(ctx context.Context) (string, error) { return "", errors.New("down") }

// literal builds a result literal without IsError.
func literal(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
	text, err := fetch(ctx) // want `^note: the error comes from here$`
	if err != nil {
		return &gosdk.CallToolResult{ // want "^tool handler answers .*: set `IsError: true` in the literal$"
			Content: []gosdk.Content{&gosdk.TextContent{Text: "fetch failed: " + err.Error()}},
		}, nil
	}
	return &gosdk.CallToolResult{Content: []gosdk.Content{&gosdk.TextContent{Text: text}}}, nil
}

// isErrorFalse builds a result literal with IsError: false.
func isErrorFalse(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
	_, err := fetch(ctx) // want `^note: the error comes from here$`
	if err != nil {
		return &gosdk.CallToolResult{IsError: false, Content: []gosdk.Content{&gosdk.TextContent{Text: err.Error()}}}, nil // want "^tool handler answers .*: set `IsError: true`$"
	}
	return &gosdk.CallToolResult{}, nil
}

// markedLater sets IsError after building the literal: nothing to report.
func markedLater(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
	_, err := fetch(ctx)
	if err != nil {
		res := &gosdk.CallToolResult{Content: []gosdk.Content{&gosdk.TextContent{Text: err.Error()}}}
		res.IsError = true
		return res, nil
	}
	return &gosdk.CallToolResult{}, nil
}

// body's result is dropped by dropResult, which forwards its error alone:
// nothing to report, the result never reaches the client.
func body(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
	_, err := fetch(ctx)
	if err != nil {
		return &gosdk.CallToolResult{Content: []gosdk.Content{&gosdk.TextContent{Text: err.Error()}}}, nil
	}
	return &gosdk.CallToolResult{}, nil
}

func dropResult(h gosdk.ToolHandler) gosdk.ToolHandler {
	return func(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
		_, err := h(ctx, req)
		if err != nil {
			return nil, err
		}
		return &gosdk.CallToolResult{}, nil
	}
}

type in struct{ N int }

// typed is a typed handler.
func typed(ctx context.Context, req *gosdk.CallToolRequest, args in) (*gosdk.CallToolResult, any, error) {
	_, err := fetch(ctx) // want `^note: the error comes from here$`
	if err != nil {
		return &gosdk.CallToolResult{Content: []gosdk.Content{&gosdk.TextContent{Text: err.Error()}}}, nil, nil // want "^typed tool handler answers .*: set `IsError: true` in the literal$"
	}
	return &gosdk.CallToolResult{}, nil, nil
}

// answer is a function a handler tail-calls: its result is the handler's.
func answer(ctx context.Context) (*gosdk.CallToolResult, error) {
	_, err := fetch(ctx) // want `^note: the error comes from here$`
	if err != nil {
		return &gosdk.CallToolResult{Content: []gosdk.Content{&gosdk.TextContent{Text: err.Error()}}}, nil // want "^`answer` \\(a tool handler forwards its result\\) answers .*: set `IsError: true` in the literal$"
	}
	return &gosdk.CallToolResult{}, nil
}

func tail(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
	return answer(ctx)
}

// RegisterGoSDK registers the tools.
func RegisterGoSDK(s *gosdk.Server) {
	s.AddTool(&gosdk.Tool{Name: "literal"}, literal)
	s.AddTool(&gosdk.Tool{Name: "false"}, isErrorFalse)
	s.AddTool(&gosdk.Tool{Name: "later"}, markedLater)
	s.AddTool(&gosdk.Tool{Name: "body"}, dropResult(body))
	s.AddTool(&gosdk.Tool{Name: "tail"}, tail)
	gosdk.AddTool(s, &gosdk.Tool{Name: "typed"}, typed)
}
