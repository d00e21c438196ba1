// Package assertions_programtyped holds mcp-go handlers that assert the
// types of values they built themselves, from argument data, with types
// the program fixed (silent), beside twins whose values come from the
// decoded arguments (reported), and assertions guarded by a comma-ok test
// of the same value (silent).
package assertions_programtyped

import (
	"context"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A map a closure fills, captured: what it holds is what the handler
// stored.
func captured(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, _ := req.GetArguments()["name"].(string)
	data := map[string]any{"name": name}
	add := func(k string, n int) { data[k] = n }
	add("len", len(name))
	n := data["len"].(int)
	return mcp.NewToolResultText(fmt.Sprint(n)), nil
}

// A captured map that holds a decoded argument: reported.
func capturedRaw(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data := map[string]any{"len": req.GetArguments()["len"]}
	add := func(k string, n int) { data[k] = n }
	add("count", 1)
	n := data["len"].(float64) // want `asserts the type of argument "len" with .\(float64\)`
	return mcp.NewToolResultText(fmt.Sprint(n)), nil
}

type row struct {
	Name  any
	Count any
}

// A field of a struct literal of the handler's.
func field(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, _ := req.GetArguments()["name"].(string)
	r := &row{Name: strings.ToUpper(name), Count: len(name)}
	return mcp.NewToolResultText(r.Name.(string) + fmt.Sprint(r.Count.(int))), nil
}

// The field holds a decoded argument: reported.
func fieldRaw(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r := &row{Name: req.GetArguments()["name"]}
	return mcp.NewToolResultText(r.Name.(string)), nil // want `asserts the type of an argument value with .\(string\)`
}

// The values of a map of the handler's, ranged over.
func ranged(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, _ := req.GetArguments()["name"].(string)
	m := map[string]any{"a": name, "b": strings.ToLower(name)}
	var out []string
	for _, v := range m {
		out = append(out, v.(string))
	}
	return mcp.NewToolResultText(strings.Join(out, ",")), nil
}

// The values of the arguments map, ranged over: reported.
func rangedRaw(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var out []string
	for _, v := range req.GetArguments() {
		out = append(out, v.(string)) // want `asserts the type of an argument value with .\(string\)`
	}
	return mcp.NewToolResultText(strings.Join(out, ",")), nil
}

// Elements appended with their types fixed, one and several at once,
// to a slice of a size the arguments decide.
func appended(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, _ := req.GetArguments()["name"].(string)
	parts := make([]any, 0, len(name))
	parts = append(parts, name)
	parts = append(parts, strings.ToUpper(name), len(name))
	return mcp.NewToolResultText(parts[1].(string) + fmt.Sprint(parts[2].(int))), nil
}

// A slice of a constant capacity, whose array the SSA builder allocates
// itself: its elements are the handler's, as with a capacity the
// arguments decide.
func appendedConstCap(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, _ := req.GetArguments()["name"].(string)
	parts := make([]any, 0, 2)
	parts = append(parts, name, len(name))
	return mcp.NewToolResultText(parts[0].(string) + fmt.Sprint(parts[1].(int))), nil
}

// A slice literal of the handler's values, and one that holds a decoded
// argument: only the second is reported.
func literal(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, _ := req.GetArguments()["name"].(string)
	fixed := []any{name, len(name)}
	raw := []any{name, req.GetArguments()["n"]}
	return mcp.NewToolResultText(fixed[0].(string) + raw[1].(string)), nil // want `asserts the type of an argument value with .\(string\)`
}

// A slice that starts as the nil slice of its variable: the analysis
// once read the referrers of that nil constant, which have none, and
// panicked.
func appendedToNil(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, _ := req.GetArguments()["name"].(string)
	var parts []any
	parts = append(parts, name)
	for i := range parts {
		name = parts[i].(string)
	}
	return mcp.NewToolResultText(name), nil
}

// A decoded argument appended among them: reported.
func appendedRaw(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, _ := req.GetArguments()["name"].(string)
	parts := make([]any, 0, len(name))
	parts = append(parts, name, req.GetArguments()["n"])
	return mcp.NewToolResultText(parts[0].(string)), nil // want `asserts the type of an argument value with .\(string\)`
}

// Guarded: the comma-ok test of the same key of the same map dominates.
func guarded(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, ok := req.GetArguments()["name"].(string); ok {
		return mcp.NewToolResultText(req.GetArguments()["name"].(string)), nil
	}
	v := req.GetArguments()["n"]
	if _, ok := v.(float64); !ok {
		return mcp.NewToolResultError("n must be a number"), nil
	}
	n := v.(float64)
	// A test of another type guards nothing.
	if _, ok := req.GetArguments()["tags"].([]any); ok {
		tags := req.GetArguments()["tags"].([]string) // want `argument "tags" with .\(\[\]string\)`
		return mcp.NewToolResultText(strings.Join(tags, ",")), nil
	}
	return mcp.NewToolResultText(fmt.Sprint(n)), nil
}

// Register installs the tools.
func Register(s *server.MCPServer) {
	for name, h := range map[string]server.ToolHandlerFunc{
		"captured": captured, "captured_raw": capturedRaw, "field": field, "field_raw": fieldRaw,
		"ranged": ranged, "ranged_raw": rangedRaw, "appended": appended, "appended_raw": appendedRaw, "guarded": guarded,
		"appended_to_nil": appendedToNil, "appended_const_cap": appendedConstCap, "literal": literal,
	} {
		s.AddTool(mcp.NewTool(name), h)
	}
}
