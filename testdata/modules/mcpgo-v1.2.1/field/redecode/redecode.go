// Package redecode decodes the elements of an argument array once more,
// through JSON, into a struct whose fields it then checks.
package redecode

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type item struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

func importItems(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	raw, ok := req.GetArguments()["items"].([]any)
	if !ok {
		return mcp.NewToolResultError("items must be an array"), nil
	}
	var names []string
	for _, elem := range raw {
		b, err := json.Marshal(elem)
		if err != nil {
			return nil, fmt.Errorf("encoding item: %w", err) // a decoded value always encodes
		}
		var it item
		if err := json.Unmarshal(b, &it); err != nil {
			return nil, fmt.Errorf("decoding item: %w", err) // want "argument decoding error"
		}
		if it.Name == "" {
			return nil, errors.New("item name is required") // want "argument validation error"
		}
		names = append(names, it.Name)
	}
	return mcp.NewToolResultText(fmt.Sprint(names)), nil
}

type batch struct {
	Items []map[string]any `json:"items"`
}

// toItem re-decodes one element of the batch.
func toItem(elem map[string]any) (item, error) {
	var it item
	b, err := json.Marshal(elem)
	if err != nil {
		return it, err
	}
	if err := json.Unmarshal(b, &it); err != nil {
		return it, err
	}
	if it.Name == "" {
		return it, errors.New("item name is required")
	}
	return it, nil
}

func importBatch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in batch
	if err := req.BindArguments(&in); err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	total := 0
	for _, elem := range in.Items {
		it, err := toItem(elem)
		if err != nil {
			return nil, err // want "argument decoding error"
		}
		total += it.Count
	}
	return mcp.NewToolResultText(fmt.Sprint(total)), nil
}

// Register installs the tools.
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("import"), importItems)
	s.AddTool(mcp.NewTool("import_batch"), importBatch)
}
