// Package argassert holds mcp-go handlers that assert their arguments'
// types, on servers with and without input schema validation.
package argassert

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// NewValidated builds a server that validates arguments against each
// tool's input schema before the handler runs: an assertion of a
// property the schema requires with that type cannot fail.
func NewValidated() *server.MCPServer {
	s := server.NewMCPServer("validated", "1.0.0", server.WithInputSchemaValidation())
	s.AddTool(mcp.NewTool("greet",
		mcp.WithDescription("Greets someone"),
		mcp.WithString("name", mcp.Required(), mcp.Description("who")),
		mcp.WithNumber("times", mcp.Required()),
		mcp.WithInteger("count", mcp.Required()),
		mcp.WithString("title"),
	), greet)
	return s
}

func greet(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	name := args["name"].(string)    // required string: silent
	times := args["times"].(float64) // required number: silent
	count := args["count"].(int)     // want `argument "count" with .\(int\)`
	title := args["title"].(string)  // want `argument "title" with .\(string\)`
	return mcp.NewToolResultText(fmt.Sprint(title, name, times, count)), nil
}

// NewPlain builds a server without validation: every assertion can fail.
func NewPlain() *server.MCPServer {
	s := server.NewMCPServer("plain", "1.0.0", server.WithRecovery())
	s.AddTool(mcp.NewTool("echo", mcp.WithString("text", mcp.Required())), echo)
	return s
}

func echo(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text := req.GetArguments()["text"].(string) // want `tool handler asserts the type of argument "text" with .\(string\), which panics on a wrong-typed or missing argument; the model never sees a tool error: use the comma-ok form and return a CallToolResult with IsError`
	return mcp.NewToolResultText(text), nil
}

// NewMixed registers one handler on a validating server and on one that
// does not validate: the second can panic.
func NewMixed() (*server.MCPServer, *server.MCPServer) {
	tool := mcp.NewTool("shout", mcp.WithString("text", mcp.Required()))
	v := server.NewMCPServer("v", "1.0.0", server.WithInputSchemaValidation())
	v.AddTool(tool, shout)
	p := server.NewMCPServer("p", "1.0.0")
	p.AddTool(tool, shout)
	return v, p
}

func shout(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text := req.GetArguments()["text"].(string) // want `argument "text" with .\(string\)`
	return mcp.NewToolResultText(text + "!"), nil
}

// A helper given the arguments: reported there, without a fix.
func intArg(args map[string]any, key string) int {
	return int(args[key].(float64)) // want "`intArg` \\(a tool handler passes it argument values\\).*\\(no fix: `intArg` is not a tool handler"
}

func NewHelper() *server.MCPServer {
	s := server.NewMCPServer("helper", "1.0.0")
	s.AddTool(mcp.NewTool("double", mcp.WithNumber("n", mcp.Required())), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		n := intArg(req.GetArguments(), "n")
		if s, ok := req.GetArguments()["suffix"].(string); ok {
			return mcp.NewToolResultText(fmt.Sprint(2*n) + s), nil
		}
		return mcp.NewToolResultText(fmt.Sprint(2 * n)), nil
	})
	return s
}

// gitlab-mcp's ErrorGuard: every handler is registered through a wrapper
// that turns its returned errors into results and recovers panics. The
// handler's returns are right, but its assertions still panic, and the
// recovered panic is no tool error.
func errorGuard(h server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (result *mcp.CallToolResult, err error) {
		defer func() {
			if r := recover(); r != nil {
				result = mcp.NewToolResultText(fmt.Sprintf("Panic: %v", r))
			}
		}()
		result, err = h(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return result, nil
	}
}

func NewGuarded() *server.MCPServer {
	s := server.NewMCPServer("guarded", "1.0.0")
	s.AddTool(mcp.NewTool("project", mcp.WithString("project_path", mcp.Required())), errorGuard(getProject))
	return s
}

func getProject(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path := req.GetArguments()["project_path"].(string) // want `tool handler asserts the type of argument "project_path" with .\(string\)`
	if path == "" {
		return nil, fmt.Errorf("project_path must not be empty")
	}
	return mcp.NewToolResultText(path), nil
}
