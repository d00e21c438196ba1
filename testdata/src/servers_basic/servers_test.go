package servers_basic

import (
	"testing"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Servers built in a test are no servers of the package: with them, no
// SDK would have every server converting.
func TestServer(t *testing.T) {
	s := server.NewMCPServer("test", "1.0.0")
	s.AddTool(mcp.NewTool("search"), search)
	g := gosdk.NewServer(&gosdk.Implementation{Name: "test"}, nil)
	g.AddTool(&gosdk.Tool{Name: "t"}, tool)
}
