package robust_shapes

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Method values of embedded types: the promoted method is the handler,
// reported where it is declared, once, whatever embeds it.
type base struct{ prefix string }

func (b base) handle(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return nil, err // want `tool handler returns an argument decoding error`
	}
	return &mcp.CallToolResult{}, nil
}

func (b *base) typed(ctx context.Context, req *mcp.CallToolRequest, in args) (*mcp.CallToolResult, any, error) {
	if in.Days > 14 {
		return nil, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "too many days"} // want `typed tool handler returns an InvalidParams protocol error`
	}
	if in.City == "" {
		return nil, nil, errors.New("city is required") // a plain error: a tool error already
	}
	return &mcp.CallToolResult{}, nil, nil
}

type byValue struct{ base }

type byPointer struct{ *base }

type twoLevels struct{ byPointer }

// An embedded interface: the method value is dynamic, there is nothing to
// analyze at the registration.
type handlerIface interface {
	Handle(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error)
}

type viaIface struct{ handlerIface }

type impl struct{}

func (impl) Handle(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if len(req.Params.Arguments) > 1<<20 {
		return nil, errors.New("arguments too large") // want `tool handler returns an argument validation error`
	}
	return &mcp.CallToolResult{}, nil
}

// A generic type embedding the base.
type generic[T any] struct {
	base
	extra T
}

func registerEmbedded(s *mcp.Server) {
	v := byValue{}
	p := byPointer{&base{}}
	tl := twoLevels{p}
	g := generic[int]{}
	s.AddTool(&mcp.Tool{Name: "v"}, v.handle)
	s.AddTool(&mcp.Tool{Name: "p"}, p.handle)
	s.AddTool(&mcp.Tool{Name: "tl"}, tl.handle)
	s.AddTool(&mcp.Tool{Name: "g"}, g.handle)
	s.AddTool(&mcp.Tool{Name: "iface"}, viaIface{impl{}}.Handle)
	mcp.AddTool(s, &mcp.Tool{Name: "typed"}, p.typed)
	mcp.AddTool(s, &mcp.Tool{Name: "typed2"}, tl.typed)
}
