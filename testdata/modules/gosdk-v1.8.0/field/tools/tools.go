// Package tools holds tool bodies that the inventory package's raw
// handlers, or this package's own wrappers, call after decoding the
// arguments: their argument errors are reported here, where the fix
// belongs (issue 10's field cases, go-sdk).
package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/gosdk18/field/inventory"
	"example.com/gosdk18/field/typedlib"
)

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// Tools returns the tools answered through inventory.NewTool.
func Tools() []inventory.Tool {
	return []inventory.Tool{
		inventory.NewTool(&mcp.Tool{Name: "list_issues"}, listIssues),
		inventory.NewTool(&mcp.Tool{Name: "get_issue"}, adapt(getIssue)),
		inventory.NewWithDeps(&mcp.Tool{Name: "enable_toolset"}, nil, func(deps any) inventory.Body {
			return func(ctx context.Context, req *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, any, error) {
				name, ok := args["toolset"].(string)
				if !ok {
					return nil, nil, errors.New("toolset must be a string") // want "argument decoding error"
				}
				return text(name), nil, nil
			}
		}),
	}
}

// A Lister lists things.
type Lister interface {
	List(ctx context.Context, limit int) ([]string, error)
}

// Register adds the tools answered through this package's own wrappers.
func Register(s *mcp.Server, l Lister) {
	s.AddTool(&mcp.Tool{Name: "things"}, rawWrap(listThings(l)))
	s.AddTool(&mcp.Tool{Name: "forecast"}, forecastHandler)
	s.AddTool(&mcp.Tool{Name: "task"}, task)
	mcp.AddTool(s, &mcp.Tool{Name: "typed"}, typed)
	mcp.AddTool(s, &mcp.Tool{Name: "typed_decode"}, typedDecode)
}

func listIssues(ctx context.Context, req *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, any, error) {
	state, _ := args["state"].(string)
	if state != "" && state != "open" && state != "closed" {
		return nil, nil, fmt.Errorf("state must be open or closed, got %q", state) // want "argument validation error"
	}
	perPage, ok := args["per_page"].(float64)
	if !ok {
		return nil, nil, errors.New("per_page must be a number") // want "argument decoding error"
	}
	if perPage < 1 || perPage > 100 {
		return nil, nil, fmt.Errorf("per_page must be between 1 and 100, got %v", perPage) // want "argument validation error"
	}
	issues, err := fetchIssues(ctx, state, int(perPage))
	if err != nil {
		return nil, nil, fmt.Errorf("listing issues: %w", err)
	}
	// Marshaling what the arguments and the API gave fails for reasons of
	// the server's own data: silent.
	out, err := json.Marshal(map[string]any{"state": state, "issues": issues})
	if err != nil {
		return nil, nil, fmt.Errorf("failed to marshal response: %w", err)
	}
	return text(string(out)), nil, nil
}

func fetchIssues(ctx context.Context, state string, n int) ([]string, error) {
	return []string{state}[:min(n, 1)], ctx.Err()
}

type plainBody func(ctx context.Context, req *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, error)

// adapt turns a two-result body into an inventory.Body.
func adapt(h plainBody) inventory.Body {
	return func(ctx context.Context, req *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, any, error) {
		res, err := h(ctx, req, args)
		return res, nil, err
	}
}

func getIssue(ctx context.Context, req *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, error) {
	n, ok := args["number"].(float64)
	if !ok {
		return nil, errors.New("number is required") // want "argument decoding error"
	}
	return text(fmt.Sprint(n)), nil
}

// rawWrap decodes the arguments and calls body.
func rawWrap(body inventory.Body) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args map[string]any
		if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
			return nil, err // want "argument decoding error"
		}
		res, _, err := body(ctx, req, args)
		return res, err
	}
}

// listThings returns the body of the things tool.
func listThings(l Lister) inventory.Body {
	return func(ctx context.Context, req *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, any, error) {
		limit, _ := args["limit"].(float64)
		if limit < 0 {
			return nil, nil, errors.New("limit must not be negative") // want "argument validation error"
		}
		things, err := l.List(ctx, int(limit))
		if err != nil {
			return nil, nil, err
		}
		return text(fmt.Sprint(things)), nil, nil
	}
}

// Case 7: a decode helper of this package, then a tail-called body.
type forecastArgs struct {
	City string `json:"city"`
	Days int    `json:"days"`
}

func decode(req *mcp.CallToolRequest) (forecastArgs, error) {
	var a forecastArgs
	err := json.Unmarshal(req.Params.Arguments, &a)
	return a, err
}

func forecastHandler(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a, err := decode(req)
	if err != nil {
		return nil, err // want "argument decoding error"
	}
	return forecast(ctx, a)
}

func forecast(ctx context.Context, a forecastArgs) (*mcp.CallToolResult, error) {
	if a.Days < 1 || a.Days > 16 {
		return nil, fmt.Errorf("days must be between 1 and 16, got %d", a.Days) // want "argument validation error"
	}
	return text(a.City), ctx.Err()
}

// Case 10: a check on the raw arguments themselves.
func task(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if len(req.Params.Arguments) == 0 {
		return nil, errors.New("task_id is required") // want "argument validation error"
	}
	return text(string(req.Params.Arguments)), nil
}

// In is the input of the typed tools.
type In struct {
	N int `json:"n"`
}

// A typed go-sdk handler's plain errors become tool errors: silent.
func typed(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if in.N < 0 {
		return nil, nil, errors.New("n must not be negative")
	}
	return text(fmt.Sprint(in.N)), nil, nil
}

// Case 11: an InvalidParams error made in a helper passes through the
// typed wrapper as a protocol error.
func decodeArgs(args map[string]any, in *In) error {
	v, ok := args["n"].(float64)
	if !ok {
		return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "n must be a number"}
	}
	in.N = int(v)
	return nil
}

func typedDecode(ctx context.Context, req *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, any, error) {
	var in In
	if err := decodeArgs(args, &in); err != nil {
		return nil, nil, err // want "InvalidParams"
	}
	return text(fmt.Sprint(in.N)), nil, nil
}

// A typed handler that calls another directly (gke-mcp's describe calling
// listEvents) summarizes it like a helper: no crash, and its plain errors
// stay tool errors.
func describe(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	res, _, err := typed(ctx, nil, in)
	if err == nil {
		res, _, err = typedlib.ListEvents(ctx, nil, typedlib.Args{Name: fmt.Sprint(in.N)})
	}
	if err != nil {
		return nil, nil, fmt.Errorf("describe: %w", err)
	}
	return res, nil, nil
}

// RegisterDescribe adds the describe tool.
func RegisterDescribe(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "describe"}, describe)
	mcp.AddTool(s, &mcp.Tool{Name: "events"}, typedlib.ListEvents)
}
