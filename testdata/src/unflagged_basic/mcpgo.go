// Package unflagged_basic answers failures with results that carry an
// error's text but are not marked as errors.
package unflagged_basic

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func load(name string) (string, error) {
	if name == "" {
		return "", errors.New("nothing to load")
	}
	return name, nil
}

// builder answers a failure with NewToolResultText.
func builder(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := load(req.Params.Name) // want `^note: the error comes from here$`
	if err != nil {
		return mcp.NewToolResultText(fmt.Sprintf("Error: %v", err)), nil // want "^tool handler answers a failure with a result built from the error's text but without IsError; the client and the model read it as a success: use `NewToolResultError`$"
	}
	return mcp.NewToolResultText(data), nil
}

// content builds a text content with NewTextContent in a literal.
func content(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, err := load(req.Params.Name) // want `^note: the error comes from here$`
	if err != nil {
		return &mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent(err.Error())}}, nil // want "^tool handler answers .* without IsError; .*: set `IsError: true` in the literal$"
	}
	return mcp.NewToolResultText("ok"), nil
}

// flagged marks its result: nothing to report.
func flagged(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, err := load(req.Params.Name)
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText("ok"), nil
}

// success builds its text from an error that is nil here: nothing to
// report.
func success(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, err := load(req.Params.Name)
	if err == nil {
		return mcp.NewToolResultText(fmt.Sprint("no error: ", err)), nil
	}
	return nil, err
}

// Register registers the tools.
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("builder"), builder)
	s.AddTool(mcp.NewTool("content"), content)
	s.AddTool(mcp.NewTool("flagged"), flagged)
	s.AddTool(mcp.NewTool("success"), success)
}
