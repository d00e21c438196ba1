package main

import (
	"fmt"
	"strings"
)

// emitDriver writes the module's driver: it starts the servers in
// process and calls their tools through each SDK's own client (go-sdk's
// in-memory transports, mcp-go's in-process client), as
// testdata/runtime/driver does.
func (m *Module) emitDriver() {
	var imps, servers strings.Builder
	for _, p := range m.Packages {
		fmt.Fprintf(&imps, "\t%q\n", "example.com/oracle/"+p.Name)
		conn := "goSDK"
		switch {
		case p.SDK == mcpGo && p.hasSession():
			// Session tools need a session that holds tools: SSE's
			// (the in-process session has none).
			conn = "mcpGoSSE"
		case p.SDK == mcpGo:
			conn = "mcpGo"
		}
		fmt.Fprintf(&servers, "\t%q: %s(%s.Server),\n", p.Name, conn, p.Name)
	}
	sentinels := `[]struct {
	err  error
	code int64
}(nil)`
	if m.Flavor.mcpgoSentinel {
		sentinels = `[]struct {
	err  error
	code int64
}{
	{mcpgo.ErrParseError, mcpgo.PARSE_ERROR},
	{mcpgo.ErrInvalidRequest, mcpgo.INVALID_REQUEST},
	{mcpgo.ErrMethodNotFound, mcpgo.METHOD_NOT_FOUND},
	{mcpgo.ErrInvalidParams, mcpgo.INVALID_PARAMS},
	{mcpgo.ErrInternalError, mcpgo.INTERNAL_ERROR},
}`
	}
	src := strings.NewReplacer("IMPORTS", imps.String(), "SERVERS", servers.String(), "SENTINELS", sentinels).Replace(driverSrc)
	m.Files["driver/main.go"] = []byte(src)
}

const driverSrc = `// Command driver calls the generated servers' tools through each SDK's
// own client. Its arguments are a file of calls, one JSON object a line
// ({"server", "tool", "args"}), and the index of the first call to make;
// for each call it prints one JSON line saying what the client got. A
// panic that nothing recovers ends the process: the caller sees how many
// lines were printed and starts it again after the call that crashed.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"reflect"
	"strconv"
	"strings"
	"time"

	mcpgoclient "github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	mcpgoserver "github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

IMPORTS)

type call struct {
	Server string         ` + "`json:\"server\"`" + `
	Tool   string         ` + "`json:\"tool\"`" + `
	Args   map[string]any ` + "`json:\"args\"`" + `
}

type outcome struct {
	Index   int    ` + "`json:\"index\"`" + `
	Kind    string ` + "`json:\"kind\"`" + ` // "error", "iserror", "result"
	Code    int64  ` + "`json:\"code,omitempty\"`" + `
	Message string ` + "`json:\"message\"`" + `
}

type caller func(ctx context.Context, tool string, args map[string]any) (outcome, error)

var servers = map[string]func(context.Context) (caller, error){
SERVERS}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "driver:", err)
		os.Exit(2)
	}
}

func run() error {
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		return err
	}
	start, err := strconv.Atoi(os.Args[2])
	if err != nil {
		return err
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	out := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(out)
	callers := map[string]caller{}
	ctx := context.Background()
	for i := start; i < len(lines); i++ {
		var c call
		if err := json.Unmarshal([]byte(lines[i]), &c); err != nil {
			return fmt.Errorf("call %d: %v", i, err)
		}
		cl, ok := callers[c.Server]
		if !ok {
			connect, ok := servers[c.Server]
			if !ok {
				return fmt.Errorf("call %d: no server %q", i, c.Server)
			}
			if cl, err = connect(ctx); err != nil {
				return fmt.Errorf("connecting to %s: %v", c.Server, err)
			}
			callers[c.Server] = cl
		}
		cctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		o, err := cl(cctx, c.Tool, c.Args)
		cancel()
		if err != nil {
			return fmt.Errorf("call %d %s/%s: %v", i, c.Server, c.Tool, err)
		}
		o.Index = i
		if err := enc.Encode(o); err != nil {
			return err
		}
		// Flush each line: the next call may end the process.
		if err := out.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// wireError finds the JSON-RPC error in err's chain: go-sdk's
// jsonrpc2.WireError, whose package is internal, by its fields.
func wireError(err error) (int64, string, bool) {
	for e := err; e != nil; {
		v := reflect.ValueOf(e)
		if v.Kind() == reflect.Pointer && v.Elem().Kind() == reflect.Struct {
			code, msg := v.Elem().FieldByName("Code"), v.Elem().FieldByName("Message")
			if code.IsValid() && msg.IsValid() && code.Kind() == reflect.Int64 && msg.Kind() == reflect.String {
				return code.Int(), msg.String(), true
			}
		}
		u, ok := e.(interface{ Unwrap() error })
		if !ok {
			break
		}
		e = u.Unwrap()
	}
	return 0, "", false
}

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
		return func(ctx context.Context, tool string, args map[string]any) (outcome, error) {
			res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
			if err != nil {
				code, msg, ok := wireError(err)
				if !ok {
					return outcome{}, fmt.Errorf("not a JSON-RPC error: %v", err)
				}
				return outcome{Kind: "error", Code: code, Message: msg}, nil
			}
			var text []string
			for _, c := range res.Content {
				if t, ok := c.(*mcp.TextContent); ok {
					text = append(text, t.Text)
				}
			}
			return result(res.IsError, text), nil
		}, nil
	}
}

func result(isError bool, text []string) outcome {
	kind := "result"
	if isError {
		kind = "iserror"
	}
	return outcome{Kind: kind, Message: strings.Join(text, "\n")}
}

var mcpGoCodes = SENTINELS

func mcpGo(newServer func() *mcpgoserver.MCPServer) func(context.Context) (caller, error) {
	return func(ctx context.Context) (caller, error) {
		client, err := mcpgoclient.NewInProcessClient(newServer())
		if err != nil {
			return nil, err
		}
		return mcpGoCaller(ctx, client)
	}
}

// mcpGoSSE serves the server over SSE on a local port.
func mcpGoSSE(newServer func() *mcpgoserver.MCPServer) func(context.Context) (caller, error) {
	return func(ctx context.Context) (caller, error) {
		ts := httptest.NewUnstartedServer(nil)
		url := "http://" + ts.Listener.Addr().String()
		ts.Config.Handler = mcpgoserver.NewSSEServer(newServer(), mcpgoserver.WithBaseURL(url))
		ts.Start()
		client, err := mcpgoclient.NewSSEMCPClient(url + "/sse")
		if err != nil {
			return nil, err
		}
		return mcpGoCaller(ctx, client)
	}
}

func mcpGoCaller(ctx context.Context, client *mcpgoclient.Client) (caller, error) {
	{
		if err := client.Start(ctx); err != nil {
			return nil, err
		}
		var init mcpgo.InitializeRequest
		init.Params.ProtocolVersion = mcpgo.LATEST_PROTOCOL_VERSION
		init.Params.ClientInfo = mcpgo.Implementation{Name: "driver", Version: "1.0.0"}
		if _, err := client.Initialize(ctx, init); err != nil {
			return nil, err
		}
		return func(ctx context.Context, tool string, args map[string]any) (outcome, error) {
			var req mcpgo.CallToolRequest
			req.Params.Name = tool
			req.Params.Arguments = args
			res, err := client.CallTool(ctx, req)
			if err != nil {
				// mcp-go before its error sentinels returns the
				// response's message as the error: the code is lost.
				msg := err.Error()
				var code int64
				for _, c := range mcpGoCodes {
					if errorsIs(err, c.err) {
						code = c.code
						msg = strings.TrimPrefix(msg, c.err.Error()+": ")
						break
					}
				}
				return outcome{Kind: "error", Code: code, Message: msg}, nil
			}
			var text []string
			for _, c := range res.Content {
				if t, ok := mcpgo.AsTextContent(c); ok {
					text = append(text, t.Text)
				}
			}
			return result(res.IsError, text), nil
		}, nil
	}
}

func errorsIs(err, target error) bool {
	for e := err; e != nil; {
		if e == target {
			return true
		}
		u, ok := e.(interface{ Unwrap() error })
		if !ok {
			return false
		}
		e = u.Unwrap()
	}
	return false
}
`
