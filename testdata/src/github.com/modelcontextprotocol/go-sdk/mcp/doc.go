// Package mcp is a hermetic stub of github.com/modelcontextprotocol/go-sdk/mcp
// (v1.8.0) for analysistest, in GOPATH layout. It declares only the part of
// the API that tool handlers use. Every declaration is signature-exact (names,
// types, parameter names, struct tags); analyzer/stubs_test.go checks it
// against the real package. Bodies are trivial.
package mcp
