// Package regression_defer_result_slots reproduces a false positive seen
// on mcp-go's sampling_server example: with a defer in the handler, every
// return goes through result slots, and the decode error of the first
// return must not be attributed to the later ones that return nil.
package regression_defer_result_slots

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

func ask(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	question, err := request.RequireString("question")
	if err != nil {
		return nil, err // want `argument decoding error`
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	answer, err := sample(ctx, question)
	if err != nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{mcp.TextContent{Type: "text", Text: err.Error()}}}, nil
	}
	return mcp.NewToolResultText(fmt.Sprint(answer)), nil
}

// Named results and a deferred closure that reads them.
func named(ctx context.Context, request mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
	defer func() {
		if err != nil {
			fmt.Println("tool failed:", err)
		}
	}()
	n, err := request.RequireInt("n")
	if err != nil {
		return nil, err // want `argument decoding error`
	}
	if _, err = sample(ctx, fmt.Sprint(n)); err != nil {
		return nil, err // an API failure
	}
	return mcp.NewToolResultText("ok"), nil
}

func sample(ctx context.Context, q string) (string, error) { return q, nil }
