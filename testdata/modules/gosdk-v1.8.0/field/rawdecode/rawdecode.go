// Package rawdecode decodes arguments in ways that cannot fail, and with a
// third-party decoder, which can.
package rawdecode

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"sigs.k8s.io/yaml"
)

func inspect(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	// The SDK has read the arguments as JSON already: into an interface,
	// any JSON decodes.
	var args any
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, fmt.Errorf("arguments: %w", err) // cannot fail
	}
	m, ok := args.(map[string]any)
	if !ok {
		return &mcp.CallToolResult{IsError: true}, nil
	}
	manifest, _ := m["manifest"].(string)
	var opts struct {
		Strict bool `json:"strict"`
	}
	if err := json.Unmarshal(req.Params.Arguments, &opts); err != nil {
		return nil, err // want "argument decoding error"
	}
	var obj map[string]any
	if err := yaml.Unmarshal([]byte(manifest), &obj); err != nil {
		return nil, fmt.Errorf("manifest is no YAML: %w", err) // want "argument decoding error"
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprint(len(obj))}}}, nil
}

// Register installs the tool.
func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "inspect"}, inspect)
}
