// Package gosdk_raw holds raw go-sdk tool handlers (mcp.ToolHandler):
// every error they return becomes a JSON-RPC protocol error.
package gosdk_raw

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type weatherArgs struct {
	City string   `json:"city"`
	Days int      `json:"days"`
	Tags []string `json:"tags"`
}

func decodeBare(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args weatherArgs
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err // want `tool handler returns an argument decoding error as a protocol error; the model never sees it: return a CallToolResult with IsError`
	}
	return &mcp.CallToolResult{}, nil
}

func decodeWrapped(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args weatherArgs
	err := json.Unmarshal(req.Params.Arguments, &args)
	if err != nil {
		return nil, fmt.Errorf("invalid arguments: %w", err) // want `argument decoding error`
	}
	return &mcp.CallToolResult{}, nil
}

func decodeFreshMessage(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args weatherArgs
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, errors.New("arguments must be a JSON object") // want `argument decoding error`
	}
	return &mcp.CallToolResult{}, nil
}

func decodeWithDecoder(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args weatherArgs
	dec := json.NewDecoder(bytes.NewReader(req.Params.Arguments))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&args); err != nil {
		return nil, fmt.Errorf("decode %s: %w", "arguments", err) // want `argument decoding error`
	}
	return &mcp.CallToolResult{}, nil
}

func decodeJoined(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args weatherArgs
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, errors.Join(errors.New("bad arguments"), err) // want `argument decoding error`
	}
	return &mcp.CallToolResult{}, nil
}

// decodeNamed returns through named results and a bare return.
func decodeNamed(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
	var args weatherArgs
	if err = json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return // want `argument decoding error`
	}
	return &mcp.CallToolResult{}, nil
}

// decodeReassigned wraps the error in a variable before returning it.
func decodeReassigned(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args map[string]any
	err := json.Unmarshal(req.Params.Arguments, &args)
	if err != nil {
		err = fmt.Errorf("parsing %q: %w", req.Params.Name, err)
		return nil, err // want `argument decoding error`
	}
	return &mcp.CallToolResult{}, nil
}

// logAndReturnError is a project's helper that wraps whatever it is given.
func logAndReturnError(msg string, err error) error {
	return fmt.Errorf("%s: %w", msg, err)
}

func decodeThroughHelper(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args weatherArgs
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, logAndReturnError("bad arguments", err) // want `argument decoding error`
	}
	return &mcp.CallToolResult{}, nil
}

// The handler is a method and a method value is registered.
type server struct{ s *mcp.Server }

func (s *server) handle(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args weatherArgs
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err // want `argument decoding error`
	}
	return &mcp.CallToolResult{}, nil
}

func (s *server) register() {
	s.s.AddTool(&mcp.Tool{Name: "m"}, s.handle)
	// A handler built by a factory, and one stored in a map.
	s.s.AddTool(&mcp.Tool{Name: "f"}, factory("x"))
	for name, h := range table {
		s.s.AddTool(&mcp.Tool{Name: name}, h)
	}
}

func factory(prefix string) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args weatherArgs
		if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
			return nil, fmt.Errorf("%s: %w", prefix, err) // want `argument decoding error`
		}
		return &mcp.CallToolResult{}, nil
	}
}

var table = map[string]mcp.ToolHandler{
	"t": func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args weatherArgs
		if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
			return nil, err // want `argument decoding error`
		}
		return &mcp.CallToolResult{}, nil
	},
}

// Live keeps the functions above live: a handler literal made only in
// code nothing runs is no handler.
var Live = []any{factory}
