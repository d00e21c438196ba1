// Package errorigin_facts_gosdk holds go-sdk helpers whose summaries are
// asserted by expectation comments, beside errorigin_facts (mcp-go):
// protocol errors exist in go-sdk's descriptor only.
package errorigin_facts_gosdk

import (
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// requireName checks its argument with an InvalidParams protocol error.
// Its summary marks the error with the SDK's protocol error type: a typed
// handler that returns it sends the client a JSON-RPC error, not a tool
// error, which the marks tell its callers (gosdk_typed's cases).
func requireName(name string) error { // want requireName:"param -1: tool-error marks github.com/modelcontextprotocol/go-sdk/internal/jsonrpc2.WireError"
	if name == "" {
		return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "name is required"}
	}
	return nil
}
