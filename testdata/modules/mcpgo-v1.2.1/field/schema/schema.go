// Package schema validates a copy of its arguments against the tool's JSON
// Schema with gojsonschema: a document that fails it is an argument error.
package schema

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/xeipuuv/gojsonschema"
)

const toolSchema = `{"type": "object", "required": ["name"]}`

// schemaChecked validates a copy of its arguments against the tool's JSON
// Schema: a document that fails it is an argument error.
func schemaChecked(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	params := copyArgs(req.GetArguments())
	if err := validateParams(params); err != nil {
		return nil, err // want `argument validation error`
	}
	return mcp.NewToolResultText("ok"), nil
}

// copyArgs fills a map of its own with the arguments.
func copyArgs(in map[string]any) map[string]any {
	out := make(map[string]any, len(in))
	for k, v := range in {
		out[k] = v
	}
	return out
}

func validateParams(doc map[string]any) error {
	b, err := json.Marshal(doc)
	if err != nil {
		return err
	}
	res, err := gojsonschema.Validate(gojsonschema.NewStringLoader(toolSchema), gojsonschema.NewBytesLoader(b))
	if err != nil {
		return fmt.Errorf("loading the schema: %w", err)
	}
	if !res.Valid() {
		return fmt.Errorf("invalid arguments: %v", res.Errors())
	}
	return nil
}
