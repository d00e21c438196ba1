package robust_bugs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// False negatives: a method value is a closure over a synthetic bound
// method wrapper ((*tools).typed$bound), which has no package, so
// handlers.funcValue returns the wrapper and the `fn.Pkg != f.ssa.Pkg`
// and `target.Pkg != f.ssa.Pkg` checks drop it. The README promises
// "any function, method, method value or function literal ... registered",
// and a function given to NewTypedToolHandler is a handler.
type Args struct {
	Name string `json:"name"`
	Age  int    `json:"age"`
}

type tools struct{}

func (t *tools) typed(ctx context.Context, req mcp.CallToolRequest, args Args) (*mcp.CallToolResult, error) {
	if args.Name == "" {
		return nil, errors.New("name is required") // want `tool handler returns an argument validation error`
	}
	return mcp.NewToolResultText(args.Name), nil
}

type inner struct{}

func (inner) promoted(ctx context.Context, req mcp.CallToolRequest, args Args) (*mcp.CallToolResult, error) {
	if args.Age > 150 {
		return nil, fmt.Errorf("age %d is out of range", args.Age) // want `tool handler returns an argument validation error`
	}
	return mcp.NewToolResultText(args.Name), nil
}

type embedder struct{ inner }

func registerMCPGo(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("typed"), mcp.NewTypedToolHandler((&tools{}).typed))
	s.AddTool(mcp.NewTool("promoted"), mcp.NewTypedToolHandler(embedder{}.promoted))
}

// The same through a project's generic wrapper (go-sdk): the function it
// was given is forwarded when it is a function, not when it is a method
// value.
type svc struct{}

func (*svc) run(ctx context.Context, in map[string]int) (*gosdk.CallToolResult, error) {
	if in["n"] < 0 {
		return nil, errors.New("n must not be negative") // want "`run` returns an argument validation error as a protocol error \\(a tool handler forwards it\\)"
	}
	return &gosdk.CallToolResult{}, nil
}

func asFunc(ctx context.Context, in map[string]int) (*gosdk.CallToolResult, error) {
	if in["n"] < 0 {
		return nil, errors.New("n must not be negative") // want "`asFunc` returns an argument validation error as a protocol error \\(a tool handler forwards it\\)"
	}
	return &gosdk.CallToolResult{}, nil
}

func wrap[T any](fn func(context.Context, T) (*gosdk.CallToolResult, error)) gosdk.ToolHandler {
	return func(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
		var in T
		if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
			return &gosdk.CallToolResult{IsError: true}, nil
		}
		return fn(ctx, in)
	}
}

func registerGoSDK(s *gosdk.Server) {
	s.AddTool(&gosdk.Tool{Name: "method"}, wrap((&svc{}).run))
	s.AddTool(&gosdk.Tool{Name: "func"}, wrap(asFunc))
}
