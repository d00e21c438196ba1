// Package intl is copied into a copy of testdata/example by the tests: its
// findings sit on lines with non-ASCII text before and inside them,
// including characters outside the Basic Multilingual Plane, so that a
// position counted in bytes or in runes instead of UTF-16 code units is
// caught.
package intl

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Météo hides its argument errors from the model.
func Météo(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct {
		Città string `json:"città"`
	}
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		/* ☂ 🌧 */ return nil, err // decode
	}
	if args.Città == "" {
		/* ☂ */ return nil, errors.New("città 🌧 è obbligatoria — 𝔘𝔫𝔦𝔠𝔬𝔡𝔢") // validate
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "☀ " + args.Città}}}, nil
}

// Register adds the tool to a server.
func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "météo", InputSchema: map[string]any{"type": "object"}}, Météo)
}
