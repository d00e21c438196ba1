// Package argassert_gosdk holds go-sdk handlers that assert the types of
// their arguments with single-value assertions.
package argassert_gosdk

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A raw handler that decodes into a map and asserts.
func sum(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args map[string]any
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
	}
	a := args["a"].(float64)     // want `tool handler asserts the type of argument "a" with .\(float64\), which panics on a wrong-typed or missing argument; the model never sees a tool error: use the comma-ok form and return a CallToolResult with IsError`
	tags := args["tags"].([]any) // want `argument "tags" with .\(\[\]any\)`
	if b, ok := args["b"].(float64); ok {
		a += b
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprint(a, len(tags))}}}, nil
}

type out struct {
	Echo string `json:"echo"`
}

// A typed handler whose input is a map: the schema says only "object".
func echo(ctx context.Context, req *mcp.CallToolRequest, in map[string]any) (*mcp.CallToolResult, out, error) {
	text := in["text"].(string) // want `typed tool handler asserts the type of argument "text" with .\(string\).*: use the comma-ok form and return a plain error`
	return nil, out{Echo: text}, nil
}

type Input struct {
	Value any `json:"value"`
}

func describe(ctx context.Context, req *mcp.CallToolRequest, in Input) (*mcp.CallToolResult, any, error) {
	n := in.Value.(float64) // want `typed tool handler asserts the type of an argument value with .\(float64\)`
	return nil, n, nil
}

func register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "sum"}, sum)
	mcp.AddTool(s, &mcp.Tool{Name: "echo"}, echo)
	mcp.AddTool(s, &mcp.Tool{Name: "describe"}, describe)
}

// What stays silent.
func negatives(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args map[string]any
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
	}
	switch v := args["v"].(type) {
	case float64:
		_ = v
	}
	if s, ok := args["s"].(string); ok {
		_ = s
	}
	var cfg any = map[string]any{}
	m := cfg.(map[string]any)
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprint(len(m))}}}, nil
}
