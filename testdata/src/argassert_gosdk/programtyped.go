package argassert_gosdk

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type box struct {
	V   any
	Raw any
}

// Values the handler boxed itself, in a struct or a map it built, have a
// type the program fixed: silent. The same containers holding a decoded
// value, or decoded into, are reported.
func boxed(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args map[string]any
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
	}
	b := box{V: len(args), Raw: args["n"]}
	n := b.V.(int)
	f := b.Raw.(float64) // want `tool handler asserts the type of an argument value with .\(float64\)`

	meta := map[string]any{"count": n, "args": args}
	for k, v := range args {
		meta[k] = v // any key, "count" too
	}
	count := meta["count"].(int) // want `tool handler asserts the type of argument "count" with .\(int\)`

	own := map[string]any{"count": n, "size": len(args)}
	for _, v := range own {
		_ = v.(int)
	}

	decoded := map[string]any{"a": 1.0}
	if err := json.Unmarshal(req.Params.Arguments, &decoded); err != nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
	}
	a := decoded["a"].(float64) // want `tool handler asserts the type of argument "a" with .\(float64\)`
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprint(f, count, a)}}}, nil
}

func registerBoxed(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "boxed"}, boxed)
}
