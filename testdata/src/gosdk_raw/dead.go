package gosdk_raw

import (
	"context"
	"encoding/json"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// timed passes every error of h on: what it forwards is what the handlers
// given to it return, and only live ones are given to it.
func timed(h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		start := time.Now()
		res, err := h(ctx, req)
		_ = time.Since(start)
		return res, err
	}
}

// importTool makes a handler that decodes its arguments; its one caller,
// an unexported method, is called by nothing (the call was commented
// out), so the handler is never made: neither its returns nor timed's
// forward of them are reported.
func importTool() mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var p struct{ URL string }
		if err := json.Unmarshal(req.Params.Arguments, &p); err != nil {
			return nil, err
		}
		return &mcp.CallToolResult{}, nil
	}
}

func pingTool(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

type gateway struct{ tools map[string]mcp.ToolHandler }

func (g *gateway) reloadImport() { g.tools["import"] = timed(importTool()) }

// RegisterTimed registers the live tool through timed.
func RegisterTimed(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "ping"}, timed(pingTool))
}
