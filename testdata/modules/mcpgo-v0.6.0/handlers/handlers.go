// Package handlers holds tool handlers of mcp-go before v0.15.0, which
// take the arguments map alone: their errors are -32603 protocol errors.
package handlers

import (
	"fmt"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type godocServer struct{ root string }

func (s *godocServer) handleToolCall(arguments map[string]interface{}) (*mcp.CallToolResult, error) {
	path, ok := arguments["path"].(string)
	if !ok {
		return nil, fmt.Errorf("path argument is required") // want "argument decoding error"
	}
	page := 1
	if p, ok := arguments["page"].(float64); ok {
		page = int(p)
	}
	if page < 1 {
		return nil, fmt.Errorf("page must be positive, got %d", page) // want "argument validation error"
	}
	if _, err := os.Stat(s.root); err != nil {
		return nil, fmt.Errorf("server root: %v", err) // the server's own directory
	}
	return mcp.NewToolResultText(fmt.Sprint(path, page)), nil
}

func echo(arguments map[string]interface{}) (*mcp.CallToolResult, error) {
	text := arguments["text"].(string) // want "asserts the type of argument"
	return mcp.NewToolResultText(text), nil
}

// New builds the server.
func New() *server.MCPServer {
	s := server.NewMCPServer("godoc", "1.0.0")
	g := &godocServer{root: "."}
	s.AddTool(mcp.NewTool("get_doc"), g.handleToolCall)
	s.AddTool(mcp.NewTool("echo"), echo)
	return s
}
