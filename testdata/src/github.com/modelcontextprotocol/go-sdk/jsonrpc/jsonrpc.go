// Package jsonrpc is a hermetic stub of
// github.com/modelcontextprotocol/go-sdk/jsonrpc (v1.8.0) for analysistest.
// Declarations are signature-exact; analyzer/stubs_test.go checks them
// against the real package.
package jsonrpc

import "github.com/modelcontextprotocol/go-sdk/internal/jsonrpc2"

type (
	// Error is a structured error in a JSON-RPC response.
	Error = jsonrpc2.WireError
)

const (
	// CodeParseError indicates invalid JSON was received by the server.
	CodeParseError = -32700
	// CodeInvalidRequest indicates the JSON sent is not a valid Request object.
	CodeInvalidRequest = -32600
	// CodeMethodNotFound indicates the method does not exist or is not available.
	CodeMethodNotFound = -32601
	// CodeInvalidParams indicates invalid method parameter(s).
	CodeInvalidParams = -32602
	// CodeInternalError indicates an internal JSON-RPC error.
	CodeInternalError = -32603
)
