// Package lib stands for a project's own helpers that the analyzer is
// told about by configuration.
package lib

import (
	"encoding/json"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Decode decodes raw JSON into v.
func Decode(raw []byte, v any) error { return json.Unmarshal(raw, v) }

// Args is a tool's input.
type Args struct{ Name string }

// Check validates the arguments.
func (a Args) Check() error {
	if a.Name == "" {
		return errors.New("name is required")
	}
	return nil
}

// ToolError builds an IsError result; its error result reports a failure
// to build it, never the tool's own.
func ToolError(msg string) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: msg}}}, nil
}
