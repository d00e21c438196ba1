// Package unflagged holds tool handlers that answer a failure with a
// result that is not marked as an error (Category unflagged-error,
// reported by default), and the answers that are fine.
package unflagged

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Register installs the tools.
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("read"), read)
	s.AddTool(mcp.NewTool("stat"), stat)
	s.AddTool(mcp.NewTool("list"), list)
	s.AddTool(mcp.NewTool("remove"), remove)
	s.AddTool(mcp.NewTool("lookup"), lookup)
	s.AddTool(mcp.NewTool("fallback"), fallback)
	s.AddTool(mcp.NewTool("marked"), marked)
	s.AddTool(mcp.NewTool("later"), later)
	s.AddTool(mcp.NewTool("both"), both)
	s.AddTool(mcp.NewTool("empty"), empty)
	s.AddTool(mcp.NewTool("batch"), batch)
	s.AddTool(mcp.NewTool("unguarded"), unguarded)
	s.AddTool(mcp.NewTool("guarded"), guard(read))
	s.AddTool(mcp.NewTool("read_all"), readAll)
}

// A wrapper of every tool that answers a handler's error with its text,
// with named results that its deferred recover sets.
func guard(h server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (result *mcp.CallToolResult, err error) {
		defer func() {
			if r := recover(); r != nil {
				result = mcp.NewToolResultText(fmt.Sprintf("panic: %v", r))
			}
		}()
		result, err = h(ctx, req)
		if err != nil {
			return mcp.NewToolResultText(fmt.Sprintf("Error: %v", err)), nil // want `answers a failure with a result built from the error's text`
		}
		return result, nil
	}
}

func read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := os.ReadFile(req.GetString("path", ""))
	if err != nil {
		return mcp.NewToolResultText(fmt.Sprintf("Error: %v", err)), nil // want `tool handler answers a failure with a result built from the error's text but without IsError; the client and the model read it as a success: use .NewToolResultError.`
	}
	return mcp.NewToolResultText(string(data)), nil
}

func stat(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	info, err := os.Stat(req.GetString("path", ""))
	if err == nil {
		return mcp.NewToolResultText(info.Name()), nil
	}
	msg := "stat failed: " + err.Error()
	return mcp.NewToolResultText(strings.TrimSpace(msg)), nil // want `answers a failure with a result built from the error's text`
}

func list(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	entries, err := os.ReadDir(req.GetString("dir", ""))
	if err != nil {
		res := &mcp.CallToolResult{
			Content: []mcp.Content{mcp.NewTextContent(err.Error())},
		}
		return res, nil // want `answers a failure .*: set .IsError: true. in the literal`
	}
	return mcp.NewToolResultText(fmt.Sprint(len(entries))), nil
}

func remove(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := os.Remove(req.GetString("path", "")); err != nil {
		return &mcp.CallToolResult{Content: []mcp.Content{mcp.TextContent{Type: "text", Text: "cannot remove: " + err.Error()}}}, nil // want `answers a failure .*: set .IsError: true. in the literal`
	}
	return mcp.NewToolResultText("removed"), nil
}

var errNotFound = errors.New("not found")

func find(name string) (string, error) {
	if name == "" {
		return "", errNotFound
	}
	return name, nil
}

func lookup(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v, err := find(req.GetString("name", ""))
	if errors.Is(err, errNotFound) {
		return mcp.NewToolResultText(fmt.Sprintf("lookup: %v", err)), nil // want `answers a failure with a result built from the error's text`
	}
	return mcp.NewToolResultText(v), nil
}

// Negatives.

// A fallback answer after logging the error does not carry it.
func fallback(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := os.ReadFile(req.GetString("path", ""))
	if err != nil {
		log.Printf("read: %v", err)
		return mcp.NewToolResultText("no data yet"), nil
	}
	return mcp.NewToolResultText(string(data)), nil
}

// Results marked as errors.
func marked(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := os.Stat(req.GetString("path", "")); err != nil {
		return mcp.NewToolResultError(fmt.Sprintf("Error: %v", err)), nil
	}
	if err := os.Remove(req.GetString("path", "")); err != nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{mcp.NewTextContent(err.Error())}}, nil
	}
	return mcp.NewToolResultText("ok"), nil
}

// A result marked after it is built.
func later(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := os.Stat(req.GetString("path", "")); err != nil {
		res := mcp.NewToolResultText(err.Error())
		res.IsError = true
		return res, nil
	}
	return mcp.NewToolResultText("ok"), nil
}

// A result returned with a non-nil error is dropped by the SDK.
func both(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := os.Stat(req.GetString("path", "")); err != nil {
		return mcp.NewToolResultText(err.Error()), err
	}
	return mcp.NewToolResultText("ok"), nil
}

// An empty answer.
func empty(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := os.Stat(req.GetString("path", "")); err != nil {
		return &mcp.CallToolResult{}, nil
	}
	return mcp.NewToolResultText("ok"), nil
}

// A batch whose items may fail answers with every item's outcome: the
// answer as a whole is no failure.
func batch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var lines []string
	for _, p := range strings.Split(req.GetString("paths", ""), ",") {
		if err := os.Remove(p); err != nil {
			lines = append(lines, fmt.Sprintf("%s: %v", p, err))
			continue
		}
		lines = append(lines, p+": removed")
	}
	return mcp.NewToolResultText(strings.Join(lines, "\n")), nil
}

// An error that may be nil here prints as <nil>: no failure is known.
func unguarded(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	err := os.Remove(req.GetString("path", ""))
	return mcp.NewToolResultText(fmt.Sprintf("removed (error: %v)", err)), nil
}

// Content appended in a loop, some items failures: the answer lists each
// item's outcome.
func readAll(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var results []mcp.Content
	for _, p := range strings.Split(req.GetString("paths", ""), ",") {
		data, err := os.ReadFile(p)
		if err != nil {
			results = append(results, mcp.TextContent{Type: "text", Text: fmt.Sprintf("%s: %v", p, err)})
			continue
		}
		results = append(results, mcp.NewTextContent(string(data)))
	}
	return &mcp.CallToolResult{Content: results}, nil
}
