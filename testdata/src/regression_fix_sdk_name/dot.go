package regression_fix_sdk_name

import (
	"context"
	"errors"

	. "github.com/mark3labs/mcp-go/mcp"
)

// Only a dot import names the SDK here.
func dotHandler(ctx context.Context, req CallToolRequest) (*CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return nil, err // want `argument decoding error`
	}
	if name == "" {
		return nil, errors.New("name is empty") // want `argument validation error`
	}
	return NewToolResultText(name), nil
}
