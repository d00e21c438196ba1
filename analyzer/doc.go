// Package analyzer defines the mcperrlint Analyzer, which reports MCP tool
// handlers that return argument errors as JSON-RPC protocol errors.
//
// # Analyzer mcperrlint
//
// mcperrlint: report MCP tool handlers that hide argument errors from the model
//
// The Model Context Protocol (2025-11-25, SEP-1303) asks servers to answer
// a tool call whose arguments are bad (malformed, of the wrong type,
// missing, out of range) with a tool execution error: a CallToolResult
// with IsError set and the message in its content, which the language
// model reads and corrects its call from. A JSON-RPC protocol error is for
// malformed requests and unknown tools; the model never sees it and
// repeats the same broken call.
//
// In both Go SDKs (github.com/modelcontextprotocol/go-sdk and
// github.com/mark3labs/mcp-go) an error returned by a raw tool handler
// becomes a protocol error. The analyzer finds each return statement of a
// tool handler, or of a function whose errors a handler forwards, that
// returns an error that:
//
//   - decode: comes from decoding the arguments (json.Unmarshal of
//     req.Params.Arguments, BindArguments, Require*, a failed type
//     assertion on an argument);
//   - validate: exists because an argument value failed a check (a
//     missing field, a range, an enum, a parse of an argument string, a
//     Validate method);
//   - invalid-params: is an InvalidParams (-32602) JSON-RPC error the
//     handler built itself, in raw or typed handlers.
//
// Each diagnostic carries a suggested fix that returns a tool execution
// error with the same message instead, when the rewrite is unambiguous.
//
// Errors with no argument origin (an API call failing, I/O) are tool
// execution errors by the spec too; they are reported, with Category
// tool-error, only with the -tool-errors flag.
//
// A result built from a non-nil error's text without IsError reads as a
// success to the client; it is reported with Category unflagged-error
// unless -unflagged-errors=false.
package analyzer

const doc = `report MCP tool handlers that hide argument errors from the model

The Model Context Protocol asks a server to answer a tool call with bad
arguments with a tool execution error (a CallToolResult with IsError set),
which the model reads and retries from, not with a JSON-RPC protocol error,
which the model never sees. mcperrlint reports each return of an MCP tool
handler (go-sdk or mcp-go) that hands an argument decoding or validation
failure, or an InvalidParams error it built, to the client as a protocol
error, and suggests returning an IsError result with the same message.`
