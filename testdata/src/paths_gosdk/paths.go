// Package paths_gosdk holds the go-sdk shapes whose handlers the paths
// from the registrations keep or drop: each handler kept says so in an
// expectation on its line; one without is dropped, and its doc comment
// says why.
package paths_gosdk

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Args struct {
	Owner string `json:"owner"`
}

type Out struct{}

type typedFunc = func(context.Context, *mcp.CallToolRequest, Args) (*mcp.CallToolResult, Out, error)

// typedGuard answers the errors of the typed function it is given with
// an IsError result, protocol errors included, which the SDK would pass
// on as they are.
func typedGuard(h typedFunc) typedFunc { // want typedGuard:"converts 0"
	return func(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) { // want `^typedGuard\$1: go-sdk typed registered seeds in$`
		res, out, err := h(ctx, req, in)
		if err != nil {
			return &mcp.CallToolResult{IsError: true}, out, nil
		}
		return res, out, nil
	}
}

// guardedTyped is registered only through typedGuard: no error of it
// reaches the client as one, not even a protocol error.
func guardedTyped(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) {
	return nil, Out{}, errors.New("bad owner")
}

// plainTyped is registered as it is: its protocol errors reach the
// client.
func plainTyped(ctx context.Context, req *mcp.CallToolRequest, in Args) (*mcp.CallToolResult, Out, error) { // want `^plainTyped: go-sdk typed registered seeds in$`
	return nil, Out{}, nil
}

// annotate wraps an error in another: the error is passed on.
func annotate(err error) error { return fmt.Errorf("tool failed: %w", err) }

// annotated passes the errors of h on, wrapped by a helper of its own:
// no conversion.
func annotated(h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^annotated\$1: go-sdk raw registered$`
		res, err := h(ctx, req)
		if err != nil {
			return nil, annotate(err)
		}
		return res, nil
	}
}

// annotatedBody is registered through annotated: its errors reach the
// client.
func annotatedBody(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^annotatedBody: go-sdk raw registered$`
	return nil, errors.New("bad owner")
}

// twoWays makes two handlers of h: one passes its errors on, the other
// converts them. h's errors reach the client through the first, so
// twoWays converts nothing.
func twoWays(h mcp.ToolHandler) []mcp.ToolHandler { // want twoWays:"forwards 0"
	return []mcp.ToolHandler{
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^twoWays\$1: go-sdk raw registered$`
			return h(ctx, req)
		},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^twoWays\$2: go-sdk raw registered$`
			if _, err := h(ctx, req); err != nil {
				return &mcp.CallToolResult{IsError: true}, nil
			}
			return &mcp.CallToolResult{}, nil
		},
	}
}

// twoWaysBody is given to twoWays: its errors reach the client.
func twoWaysBody(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `^twoWaysBody: go-sdk raw registered by twoWays\$1$`
	return nil, errors.New("bad owner")
}

// unusedFactory is referred to by nothing live: the literal it makes is
// never made, and no client sees its errors.
func unusedFactory() mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, errors.New("never")
	}
}

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "guarded"}, typedGuard(guardedTyped))
	mcp.AddTool(s, &mcp.Tool{Name: "plain"}, plainTyped)
	s.AddTool(&mcp.Tool{Name: "annotated"}, annotated(annotatedBody))
	for _, h := range twoWays(twoWaysBody) {
		s.AddTool(&mcp.Tool{Name: "twoWays"}, h)
	}
}
