// Package argassert holds go-sdk handlers that assert their arguments'
// types: a raw handler that decodes into a map, and a typed one whose
// input is a map.
package argassert

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "sum", InputSchema: json.RawMessage(`{"type":"object"}`)}, sum)
	mcp.AddTool(s, &mcp.Tool{Name: "echo"}, echo)
}

func sum(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args map[string]any
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
	}
	a := args["a"].(float64) // want `tool handler asserts the type of argument "a" with .\(float64\), which panics on a wrong-typed or missing argument; the model never sees a tool error: use the comma-ok form and return a CallToolResult with IsError`
	b := args["b"].(float64) // want `argument "b" with .\(float64\)`
	switch c := args["c"].(type) {
	case float64:
		a += c
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprint(a + b)}}}, nil
}

type Echoed struct {
	Text string `json:"text"`
}

func echo(ctx context.Context, req *mcp.CallToolRequest, in map[string]any) (*mcp.CallToolResult, Echoed, error) {
	text := in["text"].(string) // want `typed tool handler asserts the type of argument "text" with .\(string\).*return a plain error`
	return nil, Echoed{Text: text}, nil
}
