// Package notes is a small MCP server on mark3labs/mcp-go.
package notes

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var notes = map[string]string{}

// AddNote returns argument errors as Go errors, which mcp-go sends as
// -32603 protocol errors.
func AddNote(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	title, err := req.RequireString("title")
	if err != nil {
		return nil, err // decode
	}
	body, ok := req.GetArguments()["body"].(string)
	if !ok {
		return nil, errors.New("body must be a string") // decode: failed type assertion
	}
	if len(body) > 1000 {
		return nil, errors.New("body is longer than 1000 characters") // validate
	}
	notes[title] = body
	return mcp.NewToolResultText("saved " + title), nil
}

// GetNote does it right.
func GetNote(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	title, err := req.RequireString("title")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(notes[title]), nil
}

// Register adds the tools to a server.
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("add_note"), AddNote)
	s.AddTool(mcp.NewTool("get_note"), GetNote)
}
