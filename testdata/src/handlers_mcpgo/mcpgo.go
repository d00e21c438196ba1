// Package handlers_mcpgo holds the mcp-go shapes handlers.Find knows a
// tool handler by, each found one with its want comment.
package handlers_mcpgo

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Args struct {
	Name string `json:"name"`
}

// raw is a raw handler by its signature: mcp-go's handlers take the
// request by value.
func raw(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^raw: mcp-go raw registered$`
	return mcp.NewToolResultText("ok"), nil
}

// typed is given to NewTypedToolHandler, which returns its errors
// unchanged: raw, registered, and args holds argument values.
func typed(ctx context.Context, req mcp.CallToolRequest, args Args) (*mcp.CallToolResult, error) { // want `^typed: mcp-go raw registered seeds args$`
	return nil, nil
}

// typedShape has typed's shape but is never given to NewTypedToolHandler:
// that shape alone makes no typed handler, and args holds no argument
// values. It takes the request and makes a result, so it is a tool body,
// kept for the packages that may call it.
func typedShape(ctx context.Context, req mcp.CallToolRequest, args Args) (*mcp.CallToolResult, error) { // want `^typedShape: mcp-go raw unregistered$`
	return nil, nil
}

// makeTyped is a factory of typed functions: the literal it returns is
// what NewTypedToolHandler is given.
func makeTyped(dep string) func(context.Context, mcp.CallToolRequest, Args) (*mcp.CallToolResult, error) {
	return func(ctx context.Context, req mcp.CallToolRequest, args Args) (*mcp.CallToolResult, error) { // want `^makeTyped\$1: mcp-go raw registered seeds args$`
		return nil, nil
	}
}

// withToolErrors is tool middleware that turns every error of next into
// a tool result: it is a raw handler itself, and converts its parameter.
func withToolErrors(next server.ToolHandlerFunc) server.ToolHandlerFunc { // want withToolErrors:"converts 0"
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^withToolErrors\$1: mcp-go raw registered$`
		res, err := next(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}

// quiet is given only to withToolErrors: no handler.
func quiet(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

// wrapErrors passes every error of next on, wrapped with %w: the SDK
// answers the wrapped error with a protocol error all the same, so it
// forwards next.
func wrapErrors(next server.ToolHandlerFunc) server.ToolHandlerFunc { // want wrapErrors:`forwards 0`
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^wrapErrors\$1: mcp-go raw registered$`
		res, err := next(ctx, req)
		if err != nil {
			return nil, fmt.Errorf("tool: %w", err)
		}
		return res, nil
	}
}

// wrapped is given to wrapErrors: its errors still reach the client.
func wrapped(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^wrapped: mcp-go raw registered by wrapErrors\$1$`
	return nil, nil
}

// body is a tool body of mcp-go's: the request by value, a result and an
// error. Its caller returns its error.
func body(ctx context.Context, req mcp.CallToolRequest, db string) (*mcp.CallToolResult, error) { // want `^body: mcp-go raw forwarded by callsBody seeds db$`
	return nil, nil
}

func callsBody(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^callsBody: mcp-go raw registered$`
	name := req.GetString("name", "")
	return body(ctx, req, name)
}

// Tool is a table entry of the project's own.
type Tool struct {
	Def     mcp.Tool
	Handler server.ToolHandlerFunc
}

// convert answers every error of t's handler with a tool result.
func convert(t *Tool) *Tool {
	return &Tool{Def: t.Def, Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^convert\$1: mcp-go raw registered$`
		res, err := t.Handler(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}}
}

// tabled is registered only through the table, converted: the
// registrations never let its errors through, so it is no handler.
func tabled(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

var tools = []*Tool{convert(&Tool{Handler: tabled})}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("raw"), raw)
	s.AddTool(mcp.NewTool("typed"), mcp.NewTypedToolHandler(typed))
	s.AddTool(mcp.NewTool("made"), mcp.NewTypedToolHandler(makeTyped("dep")))
	s.AddTool(mcp.NewTool("quiet"), withToolErrors(quiet))
	s.AddTool(mcp.NewTool("wrapped"), wrapErrors(wrapped))
	s.AddTool(mcp.NewTool("body"), callsBody)
	for _, t := range tools {
		s.AddTool(t.Def, t.Handler)
	}
}

// recovering returns next's result and error through its named results,
// below a deferred recover that answers a panic with a tool result: it
// forwards next, and recovers its panics.
func recovering(next server.ToolHandlerFunc) server.ToolHandlerFunc { // want recovering:"forwards 0" recovering:"recovers 0"
	return func(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) { // want `^recovering\$1: mcp-go raw registered$`
		defer func() {
			if r := recover(); r != nil {
				res, err = mcp.NewToolResultError(fmt.Sprint(r)), nil
			}
		}()
		return next(ctx, req)
	}
}

// Recovering keeps recovering live.
var Recovering = recovering
