// Package server registers tools whose argument handling goes through the
// helpers and dns packages (issue 10's field cases, mcp-go).
package server

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/mcpgo121/field/dns"
	"example.com/mcpgo121/field/helpers"
	"example.com/mcpgo121/field/wrap"
)

var logger = log.Default()

// validProviders is never written after it is built: a lookup in it is
// an enum check.
var validProviders = map[string]bool{"openai": true, "anthropic": true}

// sessions is written at run time: a lookup in it is a "not found".
var sessions = map[string]string{}

// Remember stores a session.
func Remember(id, v string) { sessions[id] = v }

// Register installs the tools.
func Register(s *server.MCPServer, api helpers.Backend, cfg dns.Config, pager helpers.Pager) {
	s.AddTool(mcp.NewTool("greet"), greet)
	s.AddTool(mcp.NewTool("greet_logged"), greetLogged)
	s.AddTool(mcp.NewTool("greet_local"), greetLocal)
	s.AddTool(mcp.NewTool("get_item"), getItem)
	s.AddTool(mcp.NewTool("since"), since)
	s.AddTool(mcp.NewTool("boards"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ids, err := helpers.BoardIDs(api, req.GetArguments())
		if err != nil {
			return nil, err // want "argument validation error"
		}
		return mcp.NewToolResultText(fmt.Sprint(ids)), nil
	})
	s.AddTool(mcp.NewTool("dns"), func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return dns.HandleQuery(ctx, request, cfg)
	})
	s.AddTool(mcp.NewTool("parse"), parse)
	s.AddTool(mcp.NewTool("page"), page)
	s.AddTool(mcp.NewTool("comments"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ids, more, resp, err := helpers.FetchAll(ctx, pager, req.GetString("project", ""), req.GetInt("start_at", 0))
		if err != nil {
			// The backend's response is no argument value, though another
			// result of the helper is: silent.
			if resp != nil {
				return nil, fmt.Errorf("failed to get comments: %s", resp.Status)
			}
			return nil, fmt.Errorf("failed to get comments: %v", err)
		}
		return mcp.NewToolResultText(fmt.Sprint(ids, more)), nil
	})
	s.AddTool(mcp.NewTool("provider"), provider)
	s.AddTool(mcp.NewTool("session"), session)
	s.AddTool(mcp.NewTool("wrapped"), wrap.WithToolErrors(wrapped))
	s.AddTool(mcp.NewTool("projects"), projects)
	s.AddTool(mcp.NewTool("named"), wrap.WithName("named", named))
	s.AddTool(mcp.NewTool("recovered"), recoverErrors(recovered))
}

// Case 9: a wrapper of another package turns wrapped's plain errors into
// tool errors: silent.
func wrapped(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return nil, err
	}
	if len(name) > 64 {
		return nil, fmt.Errorf("name is longer than 64 bytes")
	}
	return mcp.NewToolResultText(name), nil
}

// recoverErrors is this package's own converting wrapper.
func recoverErrors(h server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := h(ctx, req)
		if err != nil {
			return mcp.NewToolResultErrorFromErr("tool failed", err), nil
		}
		return res, nil
	}
}

func recovered(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := req.RequireInt("n"); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("ok"), nil
}

// Case 1: a helper whose error result is always nil is a correct return.
func greet(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return helpers.ToolError("required input: name", err)
	}
	return mcp.NewToolResultText("hello " + name), nil
}

func greetLogged(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return helpers.LoggedToolError(logger, "required input: name", err)
	}
	return mcp.NewToolResultText("hello " + name), nil
}

func toolError(msg string, err error) (*mcp.CallToolResult, error) {
	if err != nil {
		msg = fmt.Sprintf("%s: %v", msg, err)
	}
	return mcp.NewToolResultError(msg), nil
}

func greetLocal(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return toolError("required input: name", err)
	}
	return mcp.NewToolResultText("hello " + name), nil
}

// Case 4: a helper that always makes a new error, called with nil after
// the handler's own check.
func getItem(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := req.GetString("id", "")
	if id == "" {
		return nil, helpers.LogAndReturnError("id cannot be empty", nil) // want "argument validation error"
	}
	size := req.GetInt("page_size", 10)
	if size < 1 || size > 100 {
		return nil, helpers.LogAndReturnError("page_size must be between 1 and 100", nil) // want "argument validation error"
	}
	item, err := fetch(ctx, id)
	if err != nil {
		return nil, helpers.LogAndReturnError("fetching item", err)
	}
	return mcp.NewToolResultText(item), nil
}

func fetch(ctx context.Context, id string) (string, error) { return id, ctx.Err() }

// Case 5: validation by trying parsers in a loop.
func since(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	t, err := helpers.ParseSince(req.GetString("since", ""))
	if err != nil {
		return nil, fmt.Errorf("invalid since: %v", err) // want "argument validation error"
	}
	return mcp.NewToolResultText(t.String()), nil
}

// Case 8: an object that carries the arguments.
func parse(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	p := helpers.NewParser(req)
	name, err := p.String("name", true)
	if err != nil {
		return nil, err // want "argument"
	}
	return mcp.NewToolResultText(name), nil
}

// Case 10: an enum check through a map that is never written.
func provider(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	p := req.GetString("provider", "")
	if _, ok := validProviders[p]; !ok {
		return nil, fmt.Errorf("invalid provider %q", p) // want "argument validation error"
	}
	modes := map[string]int{"fast": 1, "slow": 2}
	mode, ok := modes[req.GetString("mode", "fast")]
	if !ok {
		return nil, errors.New("mode must be fast or slow") // want "argument validation error"
	}
	return mcp.NewToolResultText(fmt.Sprint(p, mode)), nil
}

// A lookup in a map written at run time is a "not found": silent.
func session(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v, ok := sessions[req.GetString("id", "")]
	if !ok {
		return nil, errors.New("no such session")
	}
	return mcp.NewToolResultText(v), nil
}

// A contradictory path: the last return runs only when ownerType is empty,
// which the switch has already answered. It is dead code, not a check.
func projects(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ownerType := req.GetString("owner_type", "")
	switch ownerType {
	case "":
		return mcp.NewToolResultText("both"), nil
	case "org", "user":
	default:
		return nil, fmt.Errorf("owner_type must be org or user, got %q", ownerType) // want "argument validation error"
	}
	if ownerType != "" {
		return mcp.NewToolResultText(ownerType), nil
	}
	return nil, fmt.Errorf("unexpected state in projects")
}

// An object built from argument values carries them into its methods.
func page(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	pg := helpers.Pagination{PerPage: req.GetInt("perPage", 30), After: req.GetString("after", "")}
	n, err := pg.GraphQL()
	if err != nil {
		return nil, err // want "argument validation error"
	}
	return mcp.NewToolResultText(fmt.Sprint(n, pg.After)), nil
}

// wrap.WithName keeps the error of named, wrapped: it is reported here.
func named(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return nil, err // want "argument decoding error"
	}
	return mcp.NewToolResultText(name), nil
}
