// Package recvrecover builds its only server with receiving middleware
// that recovers a tools/call panic into an IsError result: an assertion
// on an argument panics into a result the model reads (not reported). Its
// returned errors still reach the client as protocol errors (reported);
// field/argassert is the twin with no such middleware.
package recvrecover

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func recoverCalls(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (res mcp.Result, err error) {
		defer func() {
			if r := recover(); r != nil {
				res, err = &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprint(r)}}}, nil
			}
		}()
		return next(ctx, method, req)
	}
}

func shout(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args map[string]any
	if len(req.Params.Arguments) == 0 {
		return nil, errors.New("arguments are required") // want "argument validation error"
	}
	_ = args
	m := map[string]any{}
	text := m["text"].(string) // the handler's own map
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
}

func echo(ctx context.Context, req *mcp.CallToolRequest, in map[string]any) (*mcp.CallToolResult, any, error) {
	text := in["text"].(string) // recovered by the server's middleware
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil, nil
}

// panicToError recovers a panic of h into its error: the middleware then
// sees an error, not a panic, and the client a protocol error.
func panicToError(h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("panic: %v", r)
			}
		}()
		return h(ctx, req)
	}
}

func whisper(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args map[string]any
	_ = json.Unmarshal(req.Params.Arguments, &args)
	text := args["text"].(string) // want `asserts the type of argument "text"`
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
}

// New builds the server.
func New() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "recv", Version: "1"}, nil)
	s.AddReceivingMiddleware(recoverCalls)
	s.AddTool(&mcp.Tool{Name: "shout"}, shout)
	s.AddTool(&mcp.Tool{Name: "whisper"}, panicToError(whisper))
	mcp.AddTool(s, &mcp.Tool{Name: "echo"}, echo)
	return s
}
