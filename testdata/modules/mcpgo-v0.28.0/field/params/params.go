// Package params parses tool arguments out of an mcp-go v0.28.0 request,
// whose Arguments are a plain map: the parser carries them.
package params

import (
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

// A Parser reads typed arguments out of a request.
type Parser struct {
	args map[string]any
}

// NewParser returns a parser of req's arguments.
func NewParser(req mcp.CallToolRequest) *Parser {
	return &Parser{args: req.Params.Arguments}
}

// Int returns the number argument name.
func (p *Parser) Int(name string, required bool) (int, error) {
	v, ok := p.args[name]
	if !ok {
		if required {
			return 0, fmt.Errorf("%s is required", name)
		}
		return 0, nil
	}
	f, ok := v.(float64)
	if !ok {
		return 0, fmt.Errorf("%s must be a number", name)
	}
	return int(f), nil
}
