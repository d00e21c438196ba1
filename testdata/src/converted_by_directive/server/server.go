// Package server registers package handlers' tool on a server with no
// converting middleware: the directive of package handlers is false, and
// the server is reported.
package server

import (
	"converted_by_directive/handlers"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// New builds the server.
func New() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "x"}, nil) // want `package handlers relies on this package's servers to turn its tool handlers' errors into tool results`
	s.AddTool(&mcp.Tool{Name: "t"}, handlers.Handle)
	return s
}
