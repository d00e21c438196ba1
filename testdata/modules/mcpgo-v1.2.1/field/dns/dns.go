// Package dns holds a tool body with the SDK's request among its
// parameters, tail-called by the registered closure in another package:
// its argument errors are reported here, where the fix belongs.
package dns

import (
	"context"
	"fmt"
	"net"

	"github.com/mark3labs/mcp-go/mcp"
)

// Config configures the resolver.
type Config struct{ Server string }

// HandleQuery answers a DNS query tool call.
func HandleQuery(ctx context.Context, request mcp.CallToolRequest, cfg Config) (*mcp.CallToolResult, error) {
	host, err := request.RequireString("host")
	if err != nil {
		return nil, err // want "argument decoding error"
	}
	kind := request.GetString("type", "A")
	if kind != "A" && kind != "AAAA" {
		return nil, fmt.Errorf("unsupported record type %q", kind) // want "argument validation error"
	}
	addrs, err := net.DefaultResolver.LookupHost(ctx, host)
	if err != nil {
		return nil, fmt.Errorf("lookup %s via %s: %w", host, cfg.Server, err)
	}
	return mcp.NewToolResultText(fmt.Sprint(addrs)), nil
}
