// Package category is the one table of mcperrlint's kinds of report: the
// ordered kinds of a classified error (Kind, whose order is the join the
// analysis takes), and what the documentation, the CI formats and editors
// say of every category the analyzer reports (Info).
package category

import "slices"

// URL is the documentation of the analyzer's categories of report; each
// category has a section, whose anchor is its ID.
const URL = "https://github.com/mcperrlint/mcperrlint/blob/main/docs/categories.md"

// DocURL returns the documentation of the category whose ID is id.
func DocURL(id string) string { return URL + "#" + id }

// A Kind classifies where an error a function returns comes from. Kinds
// are ordered, and the order is the join: an error that may come from
// several places is of the greatest of their kinds (an argument error on
// some paths and an API failure on others is an argument error, and the
// fix that returns a tool error is right on every path). The order runs
// from no error, through errors with no argument origin, to the argument
// errors, the more specific after the less: a check of a decoded value
// (Validate) below the decoding itself (Decode), below an InvalidParams
// error the code builds on purpose.
type Kind int

const (
	// None: the error is nil, or is forwarded from a function that is
	// analyzed as a handler in its own right.
	None Kind = iota
	// ToolError: the error has no argument origin (an API failure, I/O,
	// internal state). The spec wants these as tool errors too, hence its
	// ID, tool-error; but it is a separate, noisier claim.
	ToolError
	// Validate: the error exists because an argument value failed a
	// check.
	Validate
	// Decode: the error comes from decoding the arguments.
	Decode
	// InvalidParams: the code built an InvalidParams JSON-RPC error.
	InvalidParams
)

var kindIDs = [...]string{"none", "tool-error", "validate", "decode", "invalid-params"}

// String returns the ID of k's category, that of its diagnostics.
func (k Kind) String() string { return kindIDs[k] }

// Join returns the kind of an error that may be of kind k or of kind o:
// the greater.
func (k Kind) Join(o Kind) Kind { return max(k, o) }

// Argument reports whether k is a kind of argument error.
func (k Kind) Argument() bool { return k > ToolError }

// An Info describes a kind of report: the Category of its diagnostics, the
// anchor of its section in docs/categories.md, and what the CI formats
// (SARIF's reportingDescriptor, GitHub's annotations) and editors say of
// it.
type Info struct {
	ID    string // the diagnostics' Category
	Name  string // SARIF's rule name, PascalCase
	Short string // one line
	Full  string
	// Level is SARIF's level (error, warning or note), and the severity
	// of GitHub annotations and editor diagnostics.
	Level string
}

// infos are the categories the analyzer reports, in the order of
// docs/categories.md.
var infos = []Info{
	{ID: "decode", Name: "ArgumentDecodingError",
		Short: "tool handler returns an argument decoding error as a protocol error",
		Full:  "A tool handler returns the error of decoding its arguments as a JSON-RPC protocol error, which the language model never sees; the MCP specification makes it a tool execution error (a CallToolResult with isError), which the model can read and correct its call from.",
		Level: "error"},
	{ID: "validate", Name: "ArgumentValidationError",
		Short: "tool handler returns an argument validation error as a protocol error",
		Full:  "A tool handler returns an error made because an argument value failed a check (missing, out of range, unknown enum value, unparsable) as a JSON-RPC protocol error, which the language model never sees; the MCP specification makes input validation errors tool execution errors.",
		Level: "error"},
	{ID: "invalid-params", Name: "InvalidParamsError",
		Short: "tool handler returns an InvalidParams protocol error",
		Full:  "A tool handler builds a JSON-RPC InvalidParams (-32602) error for its arguments; the language model never sees it. Return a CallToolResult with isError, or in a typed go-sdk handler a plain error, which the SDK turns into one.",
		Level: "error"},
	{ID: "tool-error", Name: "ToolExecutionError",
		Short: "tool handler returns an error as a protocol error (-tool-errors)",
		Full:  "A tool handler returns an error with no argument origin (an API call, I/O, internal state failed) as a protocol error. The MCP specification makes these tool execution errors too; reported only with -tool-errors.",
		Level: "warning"},
	{ID: "unflagged-error", Name: "UnflaggedErrorResult",
		Short: "tool handler answers a failure with a result that is not marked as an error",
		Full:  "A tool handler returns a result whose text is built from a non-nil error, without isError: the client, server middleware and the model read it as a success. The MCP specification wants errors that originate from the tool reported with isError set to true; -unflagged-errors=false turns the report off.",
		Level: "warning"},
	{ID: "sdk-version", Name: "SDKVersionAdvisory",
		Short: "go-sdk release returns typed tools' schema validation failures as protocol errors",
		Full:  "go-sdk releases before v1.5.0 return a schema validation failure of a typed tool's arguments as a protocol error themselves; upgrade github.com/modelcontextprotocol/go-sdk to v1.5.0 or later.",
		Level: "warning"},
	{ID: "unused-ignore", Name: "UnusedIgnoreDirective",
		Short: "mcperrlint:ignore directive suppresses nothing",
		Full:  "A //mcperrlint:ignore directive suppresses no report; remove it so it does not outlive the code it was written for.",
		Level: "warning"},
	{ID: "directive", Name: "MalformedDirective",
		Short: "mcperrlint:ignore directive has no reason",
		Full:  "A //mcperrlint:ignore directive without a reason suppresses nothing; give the reason after the directive.",
		Level: "warning"},
}

// Infos returns the categories the analyzer reports, in the order of
// their documentation.
func Infos() []Info { return slices.Clone(infos) }

// InfoOf returns the category whose ID is id. An ID the table does not
// list (a category newer than the caller's copy of it) gets a category
// of level warning, so that no report refers to one that is not there.
func InfoOf(id string) Info {
	for _, c := range infos {
		if c.ID == id {
			return c
		}
	}
	return Info{ID: id, Short: "mcperrlint reports " + id, Level: "warning"}
}
