package argassert_mcpgo

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

// An assertion panics on an argument only when the asserted value's
// dynamic type comes from the arguments. A value the handler boxed
// itself, into a slice or a map it holds alone, has a type the program
// fixed: silent, though the container carries argument data.

type assignee struct{ Login, Why string }

// github-mcp-server's shape: every element is a string or an assignee the
// handler appended, and the strings-only branch asserts strings.
func assign(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	raw, ok := req.GetArguments()["assignees"].([]any)
	if !ok {
		return mcp.NewToolResultError("assignees must be an array"), nil
	}
	payload := make([]any, 0, len(raw))
	objects := false
	for _, r := range raw {
		switch v := r.(type) {
		case string:
			payload = append(payload, v)
		case map[string]any:
			login, _ := v["login"].(string)
			why, _ := v["why"].(string)
			objects = true
			payload = append(payload, assignee{Login: login, Why: why})
		default:
			return mcp.NewToolResultError("each assignee must be a string or an object"), nil
		}
	}
	var body any
	if objects {
		body = struct{ Assignees []any }{payload}
	} else {
		logins := make([]string, len(payload))
		for i, p := range payload {
			logins[i] = p.(string)
		}
		body = logins
	}
	return mcp.NewToolResultText(fmt.Sprint(body)), nil
}

// Its twin appends the decoded values themselves: an element may be a
// number.
func assignRaw(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	raw, ok := req.GetArguments()["assignees"].([]any)
	if !ok {
		return mcp.NewToolResultError("assignees must be an array"), nil
	}
	payload := make([]any, 0, len(raw))
	for _, r := range raw {
		payload = append(payload, r)
	}
	logins := make([]string, len(payload))
	for i, p := range payload {
		logins[i] = p.(string) // want `tool handler asserts the type of an argument value with .\(string\)`
	}
	return mcp.NewToolResultText(fmt.Sprint(logins)), nil
}

// cloud-native-mcp-server's shape: the handler builds the response and
// asserts the map it stored under "metadata"; a helper stores a key of
// the map it is passed and asserts it at once.
func podLogs(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, _ := req.GetArguments()["name"].(string)
	data := map[string]any{
		"logs": "...",
		"metadata": map[string]any{
			"pod": name,
		},
	}
	if len(name) > 10 {
		data["metadata"].(map[string]any)["truncated"] = true
	}
	for _, k := range []string{"a", "b"} {
		data[k] = len(k)
	}
	addSize(data, len(name))
	return mcp.NewToolResultText(fmt.Sprint(data)), nil
}

func addSize(resp map[string]any, n int) {
	resp["_size"] = map[string]any{"bytes": n}
	if n > 100 {
		resp["_size"].(map[string]any)["big"] = true
	}
}

// Its twins: the map holds a decoded argument under "metadata"; or a
// helper may have stored one there before the assertion; or a call
// between the helper's store and its assertion may have replaced it.
func podLogsRaw(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := req.GetArguments()
	data := map[string]any{
		"logs":     "...",
		"metadata": args["metadata"],
	}
	data["metadata"].(map[string]any)["seen"] = true // want `tool handler asserts the type of argument "metadata" with .\(map\[string\]any\)`
	return mcp.NewToolResultText(fmt.Sprint(data)), nil
}

func podLogsFilled(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, _ := req.GetArguments()["name"].(string)
	data := map[string]any{
		"pod":      name,
		"metadata": map[string]any{},
	}
	fill(data, req.GetArguments())
	data["metadata"].(map[string]any)["seen"] = true // want `tool handler asserts the type of argument "metadata" with .\(map\[string\]any\)`
	return mcp.NewToolResultText(fmt.Sprint(data)), nil
}

func fill(dst, args map[string]any) {
	dst["pod"] = args["name"]
	dst["metadata"] = args["metadata"]
	dst["_size"] = map[string]any{}
	refresh(dst)
	dst["_size"].(map[string]any)["big"] = true // want "`fill` \\(a tool handler passes it argument values\\) asserts the type of argument \"_size\""
}

func refresh(m map[string]any) {}
