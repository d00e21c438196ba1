// Package mwstaleserver registers mwstalehandler's handlers on a server
// with no converting middleware: the directive in mwstalehandler is false.
package mwstaleserver

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/mcpgomw/mwstalehandler"
)

// New builds the server.
func New() *server.MCPServer {
	s := server.NewMCPServer("x", "1.0.0")
	s.AddTool(mcp.NewTool("search"), mwstalehandler.Search)
	return s
}
