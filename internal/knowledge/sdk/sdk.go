// Package sdk describes, as data, the MCP SDKs whose tool handlers mcperrlint
// checks: where their request and result types live, which handler shapes
// turn a returned Go error into a JSON-RPC protocol error, how handlers read
// their arguments, and how to build a tool execution error for a fix.
//
// Supporting another SDK, or another version of one, means adding or editing
// an entry of [Default]; the passes consult the bound table and contain
// no SDK-specific branches.
//
// The SDKs are never imported: everything is matched by package path and
// object identity against the packages the analyzed code imports.
package sdk

import "github.com/mcperrlint/mcperrlint/internal/knowledge/roles"

// A Descriptor describes one SDK's tool-handler API.
type Descriptor struct {
	// Name identifies the SDK in diagnostics and documentation.
	Name string

	// Module is the SDK's module path, used to find its version in the build.
	Module string

	// MCP is the path of the package that declares the request and result
	// types and the argument accessors.
	MCP string

	// Request and Result name the call-tool request and result types in MCP.
	Request, Result string

	// RequestByPointer reports whether handlers receive *Request rather
	// than Request.
	RequestByPointer bool

	// Shapes lists the handler shapes of this SDK.
	Shapes []Shape

	// ArgumentFields are selector paths from the request type to fields
	// holding the raw tool arguments, such as "Params.Arguments".
	ArgumentFields []string

	// ArgumentMethods are methods of the request type whose results are
	// argument values (GetArguments, GetString(key, default), ...).
	ArgumentMethods []string

	// ArgumentFuncs are functions in MCP whose results are argument values
	// when one of their operands is the request.
	ArgumentFuncs []string

	// DecodeMethods are methods of the request type that decode arguments:
	// their error result is a decoding error, and a pointer operand is
	// filled with argument values.
	DecodeMethods []string

	// ProtocolErrors are error types that travel to the client as JSON-RPC
	// errors with the code held in their CodeField.
	ProtocolErrors []ProtocolError

	// InvalidParamsSentinels are package-level error variables in MCP that
	// mean "invalid params" when wrapped into a returned error.
	InvalidParamsSentinels []string

	// ErrorResult tells how to build a tool execution error result.
	ErrorResult ErrorResult

	// TextResult tells how a handler builds a result that carries text
	// but is no error, so that one built from an error's text can be
	// found and marked.
	TextResult TextResult

	// Advisories are known problems of older versions that a server's own
	// code cannot fix.
	Advisories []Advisory

	// Roles are the SDK's rows of the role table: the functions that
	// build a server and install middleware on it, spelled as
	// types.Func.FullName prints them.
	Roles []RoleRow

	// InputValidation, when set, says how a server of the SDK can be made
	// to validate tool arguments against the tool's input schema before
	// the handler runs.
	InputValidation *InputValidation
}

// InputValidation names the functions that make a server validate tool
// arguments against each tool's input schema, and those that build the
// schema, spelled as types.Func.FullName prints them.
type InputValidation struct {
	// Server builds a server; Option, given to it, turns validation on.
	Server, Option string
	// Register installs a tool (operand 1) and its handler (operand 2,
	// the receiver first).
	Register string
	// NewTool builds a tool from its name and options.
	NewTool string
	// Properties map each option that declares a property (its name the
	// first operand) to the property's JSON Schema type.
	Properties map[string]string
	// Required is the property option that makes the property required.
	Required string
}

// A RoleRow gives an SDK function a role (see package roles); Param is
// the first operand a middleware installer installs.
type RoleRow struct {
	Func  string
	Role  roles.Role
	Param int
	// Field and Typed are a Register row's (see roles.Row).
	Field string
	Typed bool
}

// RoleRows returns the rows of the role table of the SDKs in bs.
func RoleRows(bs []*Binding) []roles.Row {
	var rows []roles.Row
	for _, b := range bs {
		for _, r := range b.Roles {
			rows = append(rows, roles.Row{Func: roles.MustParseRef(r.Func), Role: r.Role, Param: r.Param, Field: r.Field, Typed: r.Typed, SDK: b.Name})
		}
	}
	return rows
}

// An Advisory is a problem of the SDK's versions before FixedIn,
// affecting the servers that call the function Call of MCP.
type Advisory struct {
	FixedIn string // the first version with the fix, pre-releases included
	Upgrade string // the release to advise upgrading to
	Call    string // the affected function in MCP
	Problem string // what goes wrong, worded for a diagnostic
}

// HandlerKind says what becomes of a Go error a handler returns.
type HandlerKind int

const (
	// Raw handlers' returned errors all become protocol errors.
	Raw HandlerKind = iota + 1
	// Typed handlers' returned errors become tool execution errors, except
	// values of the SDK's protocol error types, which pass through.
	Typed
)

// A Shape is one form of tool handler: a signature and, optionally, the
// function a value must be passed to for that signature to mean a handler.
type Shape struct {
	Kind HandlerKind

	// Input reports whether the handler takes the decoded arguments as a
	// third parameter, after the context and the request.
	Input bool

	// Output reports whether the handler returns a typed output value
	// between the result and the error.
	Output bool

	// Arguments reports that the handler takes the tool's arguments, a
	// map, as its only parameter, with no context or request: mcp-go's
	// server.ToolHandlerFunc before v0.15.0.
	Arguments bool

	// Type, when set, names the SDK's handler type ("path.Name") whose
	// signature the shape is: the shape is the SDK's only in the versions
	// whose type has it, and only where the analyzed package sees that
	// type.
	Type string

	// Registrar, when set, names the function in MCP whose parameter
	// RegistrarParam receives handlers of this shape: a function of this
	// signature that is never passed there is not a handler. When empty,
	// the signature alone identifies a handler.
	Registrar      string
	RegistrarParam int

	// Named, when set, names the SDK's function type in MCP whose values
	// are handlers of this shape, registered here or not: a function
	// converted to it (a generic wrapper's result of type
	// mcp.TypedToolHandlerFunc[T]) is one.
	Named string
}

// A ProtocolError is an error type the SDK sends as a JSON-RPC error object.
type ProtocolError struct {
	// Path and Name locate the type (not a pointer to it).
	Path, Name string
	// CodeField and MessageField name its code and message fields.
	CodeField, MessageField string
}

// ErrorResult describes how to construct a tool execution error result.
// Templates are fmt formats: %[1]s is the name the file imports MCP under,
// %[2]s a Go expression of type string holding the message.
type ErrorResult struct {
	// Text builds a result from a message.
	Text string
	// TextFunc, when set, names the function in MCP that Text calls;
	// where the SDK version in the build does not declare it, Literal,
	// a template of the same form, builds the result instead.
	TextFunc, Literal string
	// Formatf, when set and declared by the SDK version in the build,
	// names a function in MCP taking (format string, args ...any).
	Formatf string
	// FromErr, when set and declared, names a function in MCP taking
	// (text string, err error) whose message is text + ": " + err.Error().
	FromErr string
}

// TextResult describes the results with text content that are no tool
// errors: a function of MCP that builds one from its first operand, and
// the fields a result literal sets. A fix marks the result as an error:
// a call of a Funcs function becomes a call of ErrorResult.TextFunc
// (same operands) where the SDK version declares it, else
// ErrorResult.Literal; a literal gets IsErrorField set to true.
type TextResult struct {
	// Funcs build a result from a text, their first operand
	// (NewToolResultText).
	Funcs []string
	// ContentFuncs build a text content from a text, their first
	// operand (NewTextContent).
	ContentFuncs []string
	// Content names the text content type in MCP, and TextField its
	// field that holds the text.
	Content, TextField string
	// ContentField is the result's field holding its content, and
	// IsErrorField the field that marks it as an error.
	ContentField, IsErrorField string
}

// InvalidParamsCode is the JSON-RPC error code for invalid method parameters.
const InvalidParamsCode = -32602

// A Table is a table of SDKs: the analyzer is given one, so that tests
// and other configurations can supply their own.
type Table []*Descriptor

// Default is the table of supported SDKs.
var Default = Table{
	{
		Name:             "go-sdk",
		Module:           "github.com/modelcontextprotocol/go-sdk",
		MCP:              "github.com/modelcontextprotocol/go-sdk/mcp",
		Request:          "CallToolRequest",
		Result:           "CallToolResult",
		RequestByPointer: true,
		Shapes: []Shape{
			{Kind: Raw},
			{Kind: Typed, Input: true, Output: true},
		},
		ArgumentFields: []string{"Params.Arguments"},
		ProtocolErrors: []ProtocolError{{
			// jsonrpc.Error is an alias of this type.
			Path:         "github.com/modelcontextprotocol/go-sdk/internal/jsonrpc2",
			Name:         "WireError",
			CodeField:    "Code",
			MessageField: "Message",
		}},
		ErrorResult: ErrorResult{
			// Portable across every go-sdk v1 release; SetError is not.
			Text: "&%[1]s.CallToolResult{IsError: true, Content: []%[1]s.Content{&%[1]s.TextContent{Text: %[2]s}}}",
		},
		// go-sdk has no text result builder: results are literals
		// (&mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: msg}}}).
		TextResult: TextResult{
			Content: "TextContent", TextField: "Text",
			ContentField: "Content", IsErrorField: "IsError",
		},
		Advisories: []Advisory{{
			// Before v1.5.0 the typed wrapper returned
			// fmt.Errorf("%w: validating \"arguments\": %v", jsonrpc2.ErrInvalidParams, err).
			FixedIn: "v1.5.0-pre.1",
			Upgrade: "v1.5.0",
			Call:    "AddTool",
			Problem: "returns schema validation failures of typed tools' arguments as protocol errors",
		}},
		Roles: []RoleRow{
			{Func: "github.com/modelcontextprotocol/go-sdk/mcp.NewServer", Role: roles.Server},
			// Receiving middleware sees every method's result and
			// error, tools/call's among them.
			{Func: "(*github.com/modelcontextprotocol/go-sdk/mcp.Server).AddReceivingMiddleware", Role: roles.Middleware, Param: 1},
			{Func: "(*github.com/modelcontextprotocol/go-sdk/mcp.CallToolResult).SetError", Role: roles.SetIsError},
			// Installing a tool handler; operands count the receiver.
			{Func: "(*github.com/modelcontextprotocol/go-sdk/mcp.Server).AddTool", Role: roles.Register, Param: 2},
			{Func: "github.com/modelcontextprotocol/go-sdk/mcp.AddTool", Role: roles.Register, Param: 2, Typed: true},
		},
	},
	{
		Name:    "mcp-go",
		Module:  "github.com/mark3labs/mcp-go",
		MCP:     "github.com/mark3labs/mcp-go/mcp",
		Request: "CallToolRequest",
		Result:  "CallToolResult",
		Shapes: []Shape{
			{Kind: Raw},
			// NewTypedToolHandler binds the arguments, then returns the
			// typed function's error unchanged. (NewStructuredToolHandler
			// wraps errors, so its functions are not handlers.)
			{Kind: Raw, Input: true, Registrar: "NewTypedToolHandler", RegistrarParam: 0, Named: "TypedToolHandlerFunc"},
			// Before v0.15.0 a handler took the arguments map alone, and
			// its error became a -32603 protocol error as it does now.
			{Kind: Raw, Arguments: true, Type: "github.com/mark3labs/mcp-go/server.ToolHandlerFunc"},
		},
		ArgumentFields: []string{"Params.Arguments", "Params.RawArguments"},
		ArgumentMethods: []string{
			"GetArguments", "GetRawArguments",
			"GetString", "GetInt", "GetFloat", "GetBool",
			"GetStringSlice", "GetIntSlice", "GetFloatSlice", "GetBoolSlice",
		},
		ArgumentFuncs: []string{
			"ParseArgument", "ParseBoolean", "ParseInt64", "ParseInt32", "ParseInt16",
			"ParseInt8", "ParseInt", "ParseUInt", "ParseUInt64", "ParseUInt32",
			"ParseUInt16", "ParseUInt8", "ParseFloat32", "ParseFloat64",
			"ParseString", "ParseStringMap",
		},
		DecodeMethods: []string{
			"BindArguments",
			"RequireString", "RequireInt", "RequireFloat", "RequireBool",
			"RequireStringSlice", "RequireIntSlice", "RequireFloatSlice", "RequireBoolSlice",
		},
		InvalidParamsSentinels: []string{"ErrInvalidParams"},
		ErrorResult: ErrorResult{
			Text:     "%[1]s.NewToolResultError(%[2]s)",
			TextFunc: "NewToolResultError",
			// v0.16.0 has no NewToolResultError: the literal compiles
			// with every release.
			Literal: "&%[1]s.CallToolResult{Content: []%[1]s.Content{%[1]s.TextContent{Type: \"text\", Text: %[2]s}}, IsError: true}",
			Formatf: "NewToolResultErrorf",
			FromErr: "NewToolResultErrorFromErr",
		},
		// Every release has NewToolResultText and NewTextContent;
		// NewToolResultStructured's text is a fallback beside
		// structured content, which is not followed.
		TextResult: TextResult{
			Funcs:        []string{"NewToolResultText"},
			ContentFuncs: []string{"NewTextContent"},
			Content:      "TextContent", TextField: "Text",
			ContentField: "Content", IsErrorField: "IsError",
		},
		Roles: []RoleRow{
			{Func: "github.com/mark3labs/mcp-go/server.NewMCPServer", Role: roles.Server},
			{Func: "github.com/mark3labs/mcp-go/server.WithToolHandlerMiddleware", Role: roles.Middleware, Param: 0},
			{Func: "(*github.com/mark3labs/mcp-go/server.MCPServer).Use", Role: roles.Middleware, Param: 1},
			// Installing a tool handler; operands count the receiver.
			{Func: "(*github.com/mark3labs/mcp-go/server.MCPServer).AddTool", Role: roles.Register, Param: 2},
			{Func: "(*github.com/mark3labs/mcp-go/server.MCPServer).AddTools", Role: roles.Register, Param: 1, Field: "Handler"},
			{Func: "(*github.com/mark3labs/mcp-go/server.MCPServer).SetTools", Role: roles.Register, Param: 1, Field: "Handler"},
			{Func: "(*github.com/mark3labs/mcp-go/server.MCPServer).AddSessionTool", Role: roles.Register, Param: 3},
			{Func: "(*github.com/mark3labs/mcp-go/server.MCPServer).AddSessionTools", Role: roles.Register, Param: 2, Field: "Handler"},
			{Func: "github.com/mark3labs/mcp-go/mcp.NewTypedToolHandler", Role: roles.Adapter},
		},
		// v0.50.0 on: server.WithInputSchemaValidation() checks the
		// arguments before the handler runs, and answers a mismatch with
		// an IsError result.
		InputValidation: &InputValidation{
			Server:   "github.com/mark3labs/mcp-go/server.NewMCPServer",
			Option:   "github.com/mark3labs/mcp-go/server.WithInputSchemaValidation",
			Register: "(*github.com/mark3labs/mcp-go/server.MCPServer).AddTool",
			NewTool:  "github.com/mark3labs/mcp-go/mcp.NewTool",
			Properties: map[string]string{
				"github.com/mark3labs/mcp-go/mcp.WithString":  "string",
				"github.com/mark3labs/mcp-go/mcp.WithNumber":  "number",
				"github.com/mark3labs/mcp-go/mcp.WithInteger": "integer",
				"github.com/mark3labs/mcp-go/mcp.WithBoolean": "boolean",
				"github.com/mark3labs/mcp-go/mcp.WithArray":   "array",
				"github.com/mark3labs/mcp-go/mcp.WithObject":  "object",
			},
			Required: "github.com/mark3labs/mcp-go/mcp.Required",
		},
	},
}
