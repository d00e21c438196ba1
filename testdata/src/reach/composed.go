package reach

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// guard answers every error and every panic of h with a tool result.
func guard(h server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) { // want `guard\$1: raw$`
		defer func() {
			if r := recover(); r != nil {
				res, err = &mcp.CallToolResult{IsError: true}, nil
			}
		}()
		res, err = h(ctx, req)
		if err != nil {
			return &mcp.CallToolResult{IsError: true}, nil
		}
		return res, nil
	}
}

// panicToError recovers a panic into a returned error: a protocol error
// all the same, so the panic is not recovered in the sense that matters.
func panicToError(h server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) { // want `panicToError\$1: raw$`
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("panic: %v", r)
			}
		}()
		return h(ctx, req)
	}
}

// passOn logs nothing and passes the error on.
func passOn(h server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `passOn\$1: raw$`
		return h(ctx, req)
	}
}

type legacy func(args map[string]any) (*mcp.CallToolResult, error)

// adapt makes a handler of a legacy function: one literal for every
// function adapted, which each call binds to its own.
func adapt(f legacy) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `adapt\$1: raw$`
		return f(req.GetArguments())
	}
}

func guardedLegacy(args map[string]any) (*mcp.CallToolResult, error) { // want `guardedLegacy: converted recovered`
	return nil, nil
}

func passedLegacy(args map[string]any) (*mcp.CallToolResult, error) { // want `passedLegacy: raw$`
	return nil, nil
}

func nestedLegacy(args map[string]any) (*mcp.CallToolResult, error) { // want `nestedLegacy: converted recovered`
	return nil, nil
}

func recoveredToError(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `recoveredToError: raw$`
	return nil, nil
}

// invoker is a registry's interface with a handler-shaped method.
type invoker interface {
	Invoke(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error)
}

type search struct{}

func (search) Invoke(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `Invoke: converted$`
	return nil, nil
}

// converting calls inv and answers its error with a tool result.
func converting(inv invoker) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `converting\$1: raw$`
		res, err := inv.Invoke(ctx, req)
		if err != nil {
			return &mcp.CallToolResult{IsError: true}, nil
		}
		return res, nil
	}
}

type lookup struct{}

func (lookup) Invoke(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `Invoke: raw$`
	return nil, nil
}

// forwarding returns inv's error: only the invoker each call binds is
// raw, not every implementation of the interface.
func forwarding(inv invoker) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `forwarding\$1: raw$`
		return inv.Invoke(ctx, req)
	}
}

// errResult builds the guard's answer to a panic.
func errResult(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true}
}

// helpedGuard recovers through a helper of the package that builds an
// IsError result.
func helpedGuard(h server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) { // want `helpedGuard\$1: raw$`
		defer func() {
			if r := recover(); r != nil {
				res, err = errResult(fmt.Sprint(r)), nil
			}
		}()
		return h(ctx, req)
	}
}

func helpedGuarded(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `helpedGuarded: raw recovered`
	return nil, nil
}

// converting answers every error of h with a tool result.
func convertErrors(h server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `convertErrors\$1: raw$`
		res, err := h(ctx, req)
		if err != nil {
			return &mcp.CallToolResult{IsError: true}, nil
		}
		return res, nil
	}
}

// A panic recovered into an error goes on as that error: converted
// above it, it ends in a tool result; passed on, in a protocol error.
func panicConverted(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `panicConverted: converted recovered`
	return nil, nil
}

func panicPassedOn(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `panicPassedOn: raw$`
	return nil, nil
}

// A method value runs its method with the receiver bound where the value
// was made: behind a converting wrapper, the method's errors are
// converted; passed on, they are not.
type svc struct{ prefix string }

func (s *svc) convertedMethod(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `convertedMethod: converted$`
	return nil, nil
}

func (s svc) passedMethod(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `passedMethod: raw$`
	return nil, nil
}

// A table's entries stay apart: one adapter makes both handlers, each
// read where its entry was stored.
func tableGuarded(args map[string]any) (*mcp.CallToolResult, error) { // want `tableGuarded: converted recovered`
	return nil, nil
}

func tablePassed(args map[string]any) (*mcp.CallToolResult, error) { // want `tablePassed: raw$`
	return nil, nil
}

func table() []struct {
	name string
	h    server.ToolHandlerFunc
} {
	return []struct {
		name string
		h    server.ToolHandlerFunc
	}{
		{name: "guarded", h: guard(adapt(tableGuarded))},
		{name: "passed", h: passOn(adapt(tablePassed))},
	}
}

func registerComposed(s *server.MCPServer) {
	for _, e := range table() {
		s.AddTool(mcp.NewTool(e.name), e.h)
	}
	s.AddTool(mcp.Tool{}, convertErrors((&svc{prefix: "a"}).convertedMethod))
	s.AddTool(mcp.Tool{}, passOn(svc{prefix: "b"}.passedMethod))
	s.AddTool(mcp.Tool{}, convertErrors(panicToError(panicConverted)))
	s.AddTool(mcp.Tool{}, passOn(panicToError(panicPassedOn)))
	s.AddTool(mcp.Tool{}, forwarding(lookup{}))
	s.AddTool(mcp.Tool{}, helpedGuard(helpedGuarded))
	s.AddTool(mcp.Tool{}, guard(adapt(guardedLegacy)))
	s.AddTool(mcp.Tool{}, passOn(adapt(passedLegacy)))
	s.AddTool(mcp.Tool{}, passOn(guard(passOn(adapt(nestedLegacy)))))
	s.AddTool(mcp.Tool{}, panicToError(recoveredToError))
	s.AddTool(mcp.Tool{}, converting(search{}))
}
