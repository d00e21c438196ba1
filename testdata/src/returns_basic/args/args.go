// Package args decodes tool arguments for the handlers of returns_basic:
// its errors are decoding errors wherever they are returned.
package args

import (
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Query is a tool's arguments.
type Query struct {
	Text string `json:"text"`
}

// Parse decodes the arguments of req.
func Parse(req *mcp.CallToolRequest) (Query, error) {
	var q Query
	if err := json.Unmarshal(req.Params.Arguments, &q); err != nil {
		return Query{}, fmt.Errorf("parse: %w", err)
	}
	return q, nil
}
