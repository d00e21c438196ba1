// Package libcalls holds raw handlers whose errors come from library calls
// and predicates: what each error depends on decides whether it is an
// argument check (issue 17, part 5).
package libcalls

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"regexp"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/mcpgo121/field/provider"
)

// Handlers holds the server's run-time state.
type Handlers struct{ sessions *provider.Sessions }

// Register adds the tools.
func Register(s *server.MCPServer, h *Handlers) {
	s.AddTool(mcp.NewTool("contents"), h.contents)
	s.AddTool(mcp.NewTool("search"), h.search)
	s.AddTool(mcp.NewTool("pattern"), h.pattern)
	s.AddTool(mcp.NewTool("tasks"), h.tasks)
	s.AddTool(mcp.NewTool("target"), h.target)
}

// errUnknownTarget marks an argument naming no target.
var errUnknownTarget = errors.New("unknown target")

// client checks its argument, and marks the failure so callers can set
// it apart.
func client(name string) (string, error) {
	if name != "" && name != "default" {
		return "", fmt.Errorf("target %q: %w", name, errUnknownTarget)
	}
	return "client", nil
}

// target answers the argument's failure with a tool result, found with
// errors.Is; what it still returns as an error is the rest.
func (h *Handlers) target(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	c, err := client(req.GetString("target", ""))
	if err != nil {
		if errors.Is(err, errUnknownTarget) {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return nil, err
	}
	return mcp.NewToolResultText(c), nil
}

// contents: url.JoinPath fails only when its base, a constant here, does
// not parse; the elements are joined as they are.
func (h *Handlers) contents(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	owner := req.GetString("owner", "")
	u, err := url.JoinPath("repo://", owner, "contents")
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(u), nil
}

// search: a quoted pattern always compiles.
func (h *Handlers) search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	re, err := regexp.Compile("(?i)" + regexp.QuoteMeta(req.GetString("query", "")))
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(re.String()), nil
}

// pattern: the user's own pattern can fail to compile.
func (h *Handlers) pattern(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	re, err := regexp.Compile(req.GetString("pattern", ""))
	if err != nil {
		return nil, err // want "argument validation error"
	}
	return mcp.NewToolResultText(re.String()), nil
}

// tasks: the provider is checked against a table fixed at init, in
// another package; the session against the server's run-time store.
func (h *Handlers) tasks(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	source := req.GetString("source", "")
	if !provider.IsValid(provider.Resolve(source)) {
		return nil, fmt.Errorf("invalid provider: %s", source) // want "argument validation error"
	}
	id := req.GetString("session", "")
	if !h.sessions.Exists(id) {
		return nil, fmt.Errorf("session %s is not open", id)
	}
	base, err := url.Parse(req.GetString("base", ""))
	if err != nil {
		return nil, fmt.Errorf("bad base: %w", err) // want "argument validation error"
	}
	return mcp.NewToolResultText(base.String()), nil
}
