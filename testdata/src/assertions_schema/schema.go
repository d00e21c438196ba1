// Package assertions_schema registers handlers on mcp-go servers that
// validate the arguments against each tool's input schema before the
// handler runs (server.WithInputSchemaValidation, which the test adds to
// the SDK stub): an assertion of a required argument to the type its
// schema assures cannot panic, and is not reported; any other is.
package assertions_schema

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func greet(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	name := req.GetArguments()["name"].(string) // required string: validated
	n := args["n"].(float64)                    // required number: validated
	i := req.GetArguments()["n"].(int)          // want `argument "n" with .\(int\)`
	loud := req.GetArguments()["loud"].(bool)   // want `argument "loud" with .\(bool\)`
	flag := req.GetArguments()["flag"].(bool)   // required boolean: validated
	_, _, _ = i, loud, flag
	return mcp.NewToolResultText(name + string(rune(n))), nil
}

// Registered twice, with the schemas agreeing on "name" only.
func twice(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetArguments()["name"].(string) // required string in both: validated
	id := req.GetArguments()["id"].(string)     // want `argument "id" with .\(string\)`
	return mcp.NewToolResultText(name + id), nil
}

// Registered on a server that does not validate.
func plain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetArguments()["name"].(string) // want `argument "name" with .\(string\)`
	return mcp.NewToolResultText(name), nil
}

// A tool whose property is declared twice: its type is not known.
func dup(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetArguments()["name"].(string) // want `argument "name" with .\(string\)`
	return mcp.NewToolResultText(name), nil
}

// A tool built from a variable name: its schema is not known.
func dynamic(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetArguments()["name"].(string) // want `argument "name" with .\(string\)`
	return mcp.NewToolResultText(name), nil
}

// Its function value is used other than by a registration.
func stored(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetArguments()["name"].(string) // want `argument "name" with .\(string\)`
	return mcp.NewToolResultText(name), nil
}

var keep []server.ToolHandlerFunc

// New builds the servers.
func New(prop string) (*server.MCPServer, *server.MCPServer) {
	s := server.NewMCPServer("x", "1.0.0", server.WithInputSchemaValidation())
	s.AddTool(mcp.NewTool("greet",
		mcp.WithDescription("greets"),
		mcp.WithString("name", mcp.Required(), mcp.Description("who")),
		mcp.WithNumber("n", mcp.Required()),
		mcp.WithBoolean("flag", mcp.Required()),
		mcp.WithBoolean("loud"),
	), greet)
	s.AddTool(mcp.NewTool("twice", mcp.WithString("name", mcp.Required()), mcp.WithString("id", mcp.Required())), twice)
	s.AddTool(mcp.NewTool("twice2", mcp.WithString("name", mcp.Required()), mcp.WithNumber("id", mcp.Required())), twice)
	s.AddTool(mcp.NewTool("dup", mcp.WithString("name", mcp.Required()), mcp.WithString("name", mcp.Required())), dup)
	s.AddTool(mcp.NewTool("dynamic", mcp.WithString(prop, mcp.Required())), dynamic)
	s.AddTool(mcp.NewTool("stored", mcp.WithString("name", mcp.Required())), stored)
	keep = append(keep, stored)
	p := server.NewMCPServer("y", "1.0.0")
	p.AddTool(mcp.NewTool("plain", mcp.WithString("name", mcp.Required())), plain)
	return s, p
}
