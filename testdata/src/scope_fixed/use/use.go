// Package use looks up another package's maps: the one its fact says is
// fixed, the one written there, and one this package writes itself.
package use

import (
	"scope_fixed"

	"github.com/mark3labs/mcp-go/mcp"
)

// Local is fixed here, and exported: it gets a fact too.
var Local = map[string]bool{"a": true} // want Local:"fixed map"

// Lookups reads the maps.
func Lookups(k string) (*mcp.CallToolResult, int, int, bool) {
	return nil, scope_fixed.Levels[k], scope_fixed.Counts[k], Local[k]
}
