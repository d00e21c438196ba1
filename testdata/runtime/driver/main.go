// Command driver starts this module's MCP servers in process and calls
// their tools through each SDK's own client: go-sdk's in-memory
// transports and mcp-go's in-process client. Each argument is a call,
// SERVER/TOOL[#LABEL]=JSON-ARGUMENTS (the label tells calls of one tool
// apart); for each it prints one JSON line saying what the client got: a
// protocol error (its JSON-RPC code and message) or a result (whether
// IsError is set, and its text).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	mcpgoclient "github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	mcpgoserver "github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/runtime/gosdk"
	"example.com/runtime/gosdk/mw"
	gosdkmcpgo "example.com/runtime/mcpgo"
	"example.com/runtime/mcpgo/mwsame"
	"example.com/runtime/mcpgo/mwserver"
)

// An Outcome is what a client got for one call.
type Outcome struct {
	Call string `json:"call"` // SERVER/TOOL[#LABEL]
	// Error is set for a protocol error.
	Error *ProtocolError `json:"error,omitempty"`
	// Result is set for a result.
	Result *Result `json:"result,omitempty"`
}

// A ProtocolError is a JSON-RPC error response.
type ProtocolError struct {
	Code    int64  `json:"code"`
	Message string `json:"message"`
}

// A Result is a tools/call result.
type Result struct {
	IsError bool   `json:"isError"`
	Text    string `json:"text"`
}

// A caller calls a tool through an SDK's client.
type caller func(ctx context.Context, tool string, args map[string]any) (Outcome, error)

var servers = map[string]func(context.Context) (caller, error){
	"gosdk":        goSDK(gosdk.Server),
	"gosdk-mw":     goSDK(mw.Server),
	"mcpgo":        mcpGo(gosdkmcpgo.Server),
	"mcpgo-mw":     mcpGo(mwserver.Server),
	"mcpgo-mwsame": mcpGo(mwsame.Server),
}

func main() {
	if err := run(context.Background(), os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "driver:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, calls []string) error {
	callers := map[string]caller{}
	enc := json.NewEncoder(os.Stdout)
	for _, c := range calls {
		name, argText, ok := strings.Cut(c, "=")
		server, tool, ok2 := strings.Cut(name, "/")
		tool, _, _ = strings.Cut(tool, "#")
		if !ok || !ok2 {
			return fmt.Errorf("%q: want SERVER/TOOL=JSON", c)
		}
		var args map[string]any
		if err := json.Unmarshal([]byte(argText), &args); err != nil {
			return fmt.Errorf("%q: %v", c, err)
		}
		call, ok := callers[server]
		if !ok {
			connect, ok := servers[server]
			if !ok {
				return fmt.Errorf("%q: no server %q", c, server)
			}
			var err error
			if call, err = connect(ctx); err != nil {
				return fmt.Errorf("connecting to %s: %v", server, err)
			}
			callers[server] = call
		}
		out, err := call(ctx, tool, args)
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		out.Call = name
		if err := enc.Encode(out); err != nil {
			return err
		}
	}
	return nil
}

// goSDK connects a go-sdk client to the server over in-memory transports.
func goSDK(newServer func() *mcp.Server) func(context.Context) (caller, error) {
	return func(ctx context.Context) (caller, error) {
		serverTransport, clientTransport := mcp.NewInMemoryTransports()
		if _, err := newServer().Connect(ctx, serverTransport, nil); err != nil {
			return nil, err
		}
		client := mcp.NewClient(&mcp.Implementation{Name: "driver", Version: "1.0.0"}, nil)
		session, err := client.Connect(ctx, clientTransport, nil)
		if err != nil {
			return nil, err
		}
		return func(ctx context.Context, tool string, args map[string]any) (Outcome, error) {
			res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
			if err != nil {
				var wire *jsonrpc.Error
				if !errors.As(err, &wire) {
					return Outcome{}, fmt.Errorf("not a JSON-RPC error: %v", err)
				}
				return Outcome{Error: &ProtocolError{Code: wire.Code, Message: wire.Message}}, nil
			}
			var text []string
			for _, c := range res.Content {
				if t, ok := c.(*mcp.TextContent); ok {
					text = append(text, t.Text)
				}
			}
			return Outcome{Result: &Result{IsError: res.IsError, Text: strings.Join(text, "\n")}}, nil
		}, nil
	}
}

// mcpGoCodes are the JSON-RPC codes of the errors mcp-go's client returns
// for an error response (mcp.JSONRPCErrorDetails.AsError): the sentinel,
// wrapped with the response's message when that differs.
var mcpGoCodes = []struct {
	err  error
	code int64
}{
	{mcpgo.ErrParseError, mcpgo.PARSE_ERROR},
	{mcpgo.ErrInvalidRequest, mcpgo.INVALID_REQUEST},
	{mcpgo.ErrMethodNotFound, mcpgo.METHOD_NOT_FOUND},
	{mcpgo.ErrInvalidParams, mcpgo.INVALID_PARAMS},
	{mcpgo.ErrInternalError, mcpgo.INTERNAL_ERROR},
}

// mcpGo connects mcp-go's in-process client to the server.
func mcpGo(newServer func() *mcpgoserver.MCPServer) func(context.Context) (caller, error) {
	return func(ctx context.Context) (caller, error) {
		client, err := mcpgoclient.NewInProcessClient(newServer())
		if err != nil {
			return nil, err
		}
		if err := client.Start(ctx); err != nil {
			return nil, err
		}
		var init mcpgo.InitializeRequest
		init.Params.ProtocolVersion = mcpgo.LATEST_PROTOCOL_VERSION
		init.Params.ClientInfo = mcpgo.Implementation{Name: "driver", Version: "1.0.0"}
		if _, err := client.Initialize(ctx, init); err != nil {
			return nil, err
		}
		return func(ctx context.Context, tool string, args map[string]any) (Outcome, error) {
			var req mcpgo.CallToolRequest
			req.Params.Name = tool
			req.Params.Arguments = args
			res, err := client.CallTool(ctx, req)
			if err != nil {
				for _, c := range mcpGoCodes {
					if errors.Is(err, c.err) {
						msg := strings.TrimPrefix(err.Error(), c.err.Error()+": ")
						return Outcome{Error: &ProtocolError{Code: c.code, Message: msg}}, nil
					}
				}
				return Outcome{}, fmt.Errorf("not a JSON-RPC error with a standard code: %v", err)
			}
			var text []string
			for _, c := range res.Content {
				if t, ok := mcpgo.AsTextContent(c); ok {
					text = append(text, t.Text)
				}
			}
			return Outcome{Result: &Result{IsError: res.IsError, Text: strings.Join(text, "\n")}}, nil
		}, nil
	}
}
