// Package argassert_mcpgo holds mcp-go handlers that assert the types of
// their arguments with single-value assertions, which panic on a
// wrong-typed or missing argument.
package argassert_mcpgo

import (
	"context"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func greet(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetArguments()["name"].(string) // want `tool handler asserts the type of argument "name" with .\(string\), which panics on a wrong-typed or missing argument; the model never sees a tool error: use the comma-ok form and return a CallToolResult with IsError`
	return mcp.NewToolResultText("hello " + name), nil
}

// Two assertions in one block share the ok variable.
func add(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	a := args["a"].(float64)                        // want `argument "a" with .\(float64\)`
	b := args["b"].(float64)                        // want `argument "b" with .\(float64\)`
	if verbose := args["verbose"].(bool); verbose { // want `argument "verbose" with .\(bool\), .* \(no fix: the assertion is not the value of a .name := x.\(T\). statement of its own`
		return mcp.NewToolResultText(fmt.Sprintf("%v + %v = %v", a, b, a+b)), nil
	}
	return mcp.NewToolResultText(fmt.Sprint(a + b)), nil
}

// An ok already in scope is left alone: the fix names its own.
func count(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, ok := req.GetArguments()["verbose"]
	n := req.GetArguments()["n"].(float64) // want `argument "n" with .\(float64\)`
	if ok {
		return mcp.NewToolResultText(fmt.Sprint(n)), nil
	}
	return mcp.NewToolResultText(""), nil
}

// An assertion inside an expression has no fix: the comma-ok form needs
// a statement of its own.
func shout(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText(strings.ToUpper(req.GetArguments()["text"].(string))), nil // want `argument "text" with .\(string\).* \(no fix: the assertion is not the value`
}

// The arguments themselves (nil when the call sends none).
func raw(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.Params.Arguments.(map[string]any) // want `asserts the type of the arguments with .\(map\[string\]any\)`
	return mcp.NewToolResultText(fmt.Sprint(len(args))), nil
}

// Helpers the handler passes argument values, or its request, to: no fix
// there, they have no tool result to return.
func stringArg(args map[string]any, key string) string {
	return args[key].(string) // want "`stringArg` \\(a tool handler passes it argument values\\) asserts the type of an argument value with .\\(string\\).*\\(no fix: `stringArg` is not a tool handler"
}

func cityOf(req mcp.CallToolRequest) string {
	city := req.GetArguments()["city"].(string) // want "`cityOf` \\(a tool handler passes it argument values\\) asserts the type of argument \"city\""
	return city
}

func weather(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	units := stringArg(req.GetArguments(), "units")
	return mcp.NewToolResultText(cityOf(req) + " in " + units), nil
}

func register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("lookup"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		switch req.Params.Name {
		case "lookup":
			id := req.GetArguments()["id"].(string) // want `tool handler asserts the type of argument "id"`
			return mcp.NewToolResultText(id), nil
		}
		return mcp.NewToolResultText(""), nil
	})
	s.AddTool(mcp.NewTool("greet"), greet)
}

type ctxKey struct{}

// What stays silent: comma-ok assertions, type switches, assertions
// guarded by a comma-ok test of the same value, assertions on values
// that are not arguments, and ignored ones.
func negatives(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	if s, ok := args["s"].(string); ok {
		_ = s
	}
	switch v := args["v"].(type) {
	case string:
		_ = v
	}
	if _, ok := args["g"].(string); ok {
		g := args["g"].(string)
		_ = g
	}
	if _, ok := req.GetArguments()["h"].(string); !ok {
		return mcp.NewToolResultError("h must be a string"), nil
	}
	h := req.GetArguments()["h"].(string)
	user := ctx.Value(ctxKey{}).(string)
	var local any = "x"
	l := local.(string)
	d := args["d"].(string) //mcperrlint:ignore the schema requires d, and the gateway checks it
	return mcp.NewToolResultText(h + user + l + d), nil
}

// Not reached from a handler with argument values: silent.
func unrelated(m map[string]any) string {
	return m["x"].(string)
}

func use() {
	_ = unrelated(map[string]any{"x": "y"})
}

// Live keeps the functions above live: a handler literal made only in
// code nothing runs is no handler.
var Live = []any{register}
