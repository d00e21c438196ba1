package fix_unused_imports

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The typed fix keeps fmt, which its new text names, and deletes jsonrpc.
func typed(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if in.N > 10 {
		return nil, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("n is %d", in.N)} // want `InvalidParams protocol error`
	}
	return nil, nil, nil
}

func register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "raw"}, raw)
	mcp.AddTool(s, &mcp.Tool{Name: "typed"}, typed)
}
