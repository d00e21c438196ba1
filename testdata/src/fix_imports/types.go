package fix_imports

import "github.com/modelcontextprotocol/go-sdk/mcp"

// Aliases for elsewhere.go, which does not import the SDK.
type (
	request = *mcp.CallToolRequest
	result  = *mcp.CallToolResult
)
