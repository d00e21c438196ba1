// Package lib stands for helpers the analyzer cannot see into: their work
// happens behind interfaces (as it would in a released dependency, which
// is not summarized), so only configuration tells what they do.
package lib

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Codec is the project's pluggable decoder.
var Codec interface{ Unmarshal(data []byte, v any) error }

// Decode decodes raw JSON into v.
func Decode(raw []byte, v any) error { return Codec.Unmarshal(raw, v) }

// Args is a tool's input.
type Args struct{ Name string }

// Rules is the project's rule engine.
var Rules interface{ Check(v any) error }

// Check validates the arguments.
func (a Args) Check() error { return Rules.Check(a) }

// Results builds tool results.
var Results interface {
	Error(msg string) (*mcp.CallToolResult, error)
}

// ToolError builds an IsError result; its error result reports a failure
// to build it, never the tool's own.
func ToolError(msg string) (*mcp.CallToolResult, error) { return Results.Error(msg) }
