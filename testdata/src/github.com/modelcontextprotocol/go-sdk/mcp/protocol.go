package mcp

import (
	"encoding/json"
)

type CallToolParamsRaw struct {
	// This property is reserved by the protocol to allow clients and servers to
	// attach additional metadata to their responses.
	Meta `json:"_meta,omitempty"`
	// Name is the name of the tool being called.
	Name string `json:"name"`
	// Arguments is the raw arguments received over the wire from the client. It
	// is the responsibility of the tool handler to unmarshal and validate the
	// Arguments (see [AddTool]).
	Arguments json.RawMessage `json:"arguments,omitempty"`
}

func (x *CallToolParamsRaw) isParams()              {}
func (x *CallToolParamsRaw) isNil() bool            { return x == nil }
func (x *CallToolParamsRaw) GetProgressToken() any  { return nil }
func (x *CallToolParamsRaw) SetProgressToken(t any) {}

// A CallToolResult is the server's response to a tool call.
type CallToolResult struct {
	// This property is reserved by the protocol to allow clients and servers to
	// attach additional metadata to their responses.
	Meta `json:"_meta,omitempty"`

	// A list of content objects that represent the unstructured result of the tool
	// call.
	Content []Content `json:"content"`

	// StructuredContent is an optional value that represents the structured
	// result of the tool call.
	StructuredContent any `json:"structuredContent,omitempty"`

	// IsError reports whether the tool call ended in an error.
	IsError bool `json:"isError,omitempty"`

	// The error passed to setError, if any.
	err error
}

// SetError sets the error for the tool result and sets IsError to true.
// If Content has not already been populated, it is set to the error text.
func (r *CallToolResult) SetError(err error) {
	if len(r.Content) == 0 {
		r.Content = []Content{&TextContent{Text: err.Error()}}
	}
	r.IsError = true
	r.err = err
}

// GetError returns the error set with SetError, or nil if none.
func (r *CallToolResult) GetError() error {
	return r.err
}

func (*CallToolResult) isResult() {}

// Tool is a definition for a tool the client can call.
type Tool struct {
	// See [specification/2025-06-18/basic/index#general-fields] for notes on _meta
	// usage.
	Meta `json:"_meta,omitempty"`
	// A human-readable description of the tool.
	Description string `json:"description,omitempty"`
	// A JSON Schema object defining the expected parameters for the tool.
	InputSchema any `json:"inputSchema"`
	// Intended for programmatic or logical use, but used as a display name in past
	// specs or fallback (if title isn't present).
	Name string `json:"name"`
	// An optional JSON Schema object defining the structure of the tool's output
	// returned in the structuredContent field of a CallToolResult.
	OutputSchema any `json:"outputSchema,omitempty"`
	// Intended for UI and end-user contexts.
	Title string `json:"title,omitempty"`
}

// An Implementation describes the name and version of an MCP implementation, with
// optional display metadata.
type Implementation struct {
	// Intended for programmatic or logical use, but used as a display name in past
	// specs or fallback (if title isn't present).
	Name string `json:"name"`
	// Intended for UI and end-user contexts.
	Title string `json:"title,omitempty"`
	// A human-readable description of the implementation.
	Description string `json:"description,omitempty"`
	Version     string `json:"version"`
}
