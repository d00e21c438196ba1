// Package desc holds the definition that tools of the promoted registry
// embed.
package desc

import "github.com/mark3labs/mcp-go/mcp"

// Named defines a tool by its name.
type Named struct{ Name string }

// Definition describes the tool.
func (n Named) Definition() mcp.Tool { return mcp.NewTool(n.Name) }
