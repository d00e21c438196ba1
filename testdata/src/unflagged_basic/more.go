package unflagged_basic

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var errMissing = errors.New("missing")

func done() {}

// namedResults returns through named results, which a function with a
// deferred call keeps in memory: the test and the text each load the
// error variable.
func namedResults(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
	defer done()
	_, err = load(req.Params.Name) // want `^note: the error comes from here$`
	if err != nil {
		return mcp.NewToolResultText(fmt.Sprintf("failed: %v", err)), nil // want "^tool handler answers .*: use `NewToolResultError`$"
	}
	return mcp.NewToolResultText("ok"), nil
}

// recoveredNamed's named error is captured by a deferred recover that
// sets it: the closure runs only when the function returns.
func recoveredNamed(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	_, err = load(req.Params.Name) // want `^note: the error comes from here$`
	if err != nil {
		return mcp.NewToolResultText(fmt.Sprintf("failed: %v", err)), nil // want "^tool handler answers .*: use `NewToolResultError`$"
	}
	return mcp.NewToolResultText("ok"), nil
}

// isTarget tests the error with errors.Is.
func isTarget(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, err := load(req.Params.Name) // want `^note: the error comes from here$`
	if errors.Is(err, errMissing) {
		return mcp.NewToolResultText(fmt.Sprint(err)), nil // want "^tool handler answers .*: use `NewToolResultError`$"
	}
	return mcp.NewToolResultText("ok"), nil
}

// negated tests !(err == nil), and builds the text with strings.
func negated(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, err := load(req.Params.Name) // want `^note: the error comes from here$`
	if !(err == nil) {
		return mcp.NewToolResultText(strings.TrimSpace(fmt.Sprintf("%v ", err))), nil // want "^tool handler answers .*: use `NewToolResultError`$"
	}
	return mcp.NewToolResultText("ok"), nil
}

// elseBranch answers in the else branch of err == nil.
func elseBranch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := load(req.Params.Name) // want `^note: the error comes from here$`
	if err == nil {
		return mcp.NewToolResultText(data), nil
	} else {
		return mcp.NewToolResultText("load: " + fmt.Sprint(err)), nil // want "^tool handler answers .*: use `NewToolResultError`$"
	}
}

// appended builds its content with append, of a text content literal.
func appended(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, err := load(req.Params.Name) // want `^note: the error comes from here$`
	if err != nil {
		var content []mcp.Content
		content = append(content, mcp.TextContent{Type: "text", Text: err.Error()})
		return &mcp.CallToolResult{Content: content}, nil // want "^tool handler answers .*: set `IsError: true` in the literal$"
	}
	return mcp.NewToolResultText("ok"), nil
}

// unknownTest answers after a test that says nothing of the error:
// nothing to report.
func unknownTest(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, err := load(req.Params.Name)
	if req.Params.Name == "x" {
		return mcp.NewToolResultText(fmt.Sprint(err)), nil
	}
	return mcp.NewToolResultText("ok"), err
}

// helped gives its result to a helper, which may mark it: nothing to
// report.
func helped(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, err := load(req.Params.Name)
	if err != nil {
		res := mcp.NewToolResultText(err.Error())
		markError(res)
		return res, nil
	}
	return mcp.NewToolResultText("ok"), nil
}

func markError(res *mcp.CallToolResult) { res.IsError = true }

// RegisterMore registers the tools.
func RegisterMore(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("named"), namedResults)
	s.AddTool(mcp.NewTool("recovered"), recoveredNamed)
	s.AddTool(mcp.NewTool("is"), isTarget)
	s.AddTool(mcp.NewTool("negated"), negated)
	s.AddTool(mcp.NewTool("else"), elseBranch)
	s.AddTool(mcp.NewTool("appended"), appended)
	s.AddTool(mcp.NewTool("unknown"), unknownTest)
	s.AddTool(mcp.NewTool("helped"), helped)
}
