// Package unflagged holds go-sdk tool handlers, raw and typed, that answer
// a failure with a result that is not marked as an error (reported by
// default), and the answers that are fine.
package unflagged

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Register installs the tools.
func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "read"}, read)
	s.AddTool(&mcp.Tool{Name: "remove"}, remove)
	s.AddTool(&mcp.Tool{Name: "fallback"}, fallback)
	s.AddTool(&mcp.Tool{Name: "marked"}, marked)
	mcp.AddTool(s, &mcp.Tool{Name: "stat"}, stat)
	mcp.AddTool(s, &mcp.Tool{Name: "stat_plain"}, statPlain)
}

type pathArgs struct {
	Path string `json:"path"`
}

func read(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := os.ReadFile(string(req.Params.Arguments))
	if err != nil {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("Error: %v", err)}}}, nil // want `tool handler answers a failure with a result built from the error's text but without IsError; the client and the model read it as a success: set .IsError: true. in the literal`
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(data)}}}, nil
}

func remove(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	err := os.Remove(string(req.Params.Arguments))
	if err == nil {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "removed"}}}, nil
	}
	res := &mcp.CallToolResult{
		Content: []mcp.Content{
			&mcp.TextContent{Text: "cannot remove: " + err.Error()},
		},
	}
	return res, nil // want `answers a failure with a result built from the error's text`
}

// Typed handlers answer the same way.
func stat(ctx context.Context, req *mcp.CallToolRequest, in pathArgs) (*mcp.CallToolResult, any, error) {
	info, err := os.Stat(in.Path)
	if err != nil {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil, nil // want `typed tool handler answers a failure with a result built from the error's text`
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: info.Name()}}}, nil, nil
}

// A typed handler that returns the error itself is right: the SDK makes
// it a tool error.
func statPlain(ctx context.Context, req *mcp.CallToolRequest, in pathArgs) (*mcp.CallToolResult, any, error) {
	info, err := os.Stat(in.Path)
	if err != nil {
		return nil, nil, fmt.Errorf("stat: %w", err)
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: info.Name()}}}, nil, nil
}

// A fallback answer after logging the error does not carry it.
func fallback(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := os.ReadFile(string(req.Params.Arguments))
	if err != nil {
		log.Printf("read: %v", err)
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "no data yet"}}}, nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(data)}}}, nil
}

// Results marked as errors, in the literal or by SetError.
func marked(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := os.Stat(string(req.Params.Arguments)); err != nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
	}
	if err := os.Remove(string(req.Params.Arguments)); err != nil {
		res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}
		res.SetError(err)
		return res, nil
	}
	if err := errors.New("x"); err != nil {
		return &mcp.CallToolResult{}, nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil
}
