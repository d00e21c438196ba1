package analyzer

import (
	"slices"

	"github.com/mcperrlint/mcperrlint/internal/errorigin"
)

// A Category is a kind of report: the Category of its diagnostics, the
// anchor of its section in docs/categories.md, and what the CI formats
// (SARIF's reportingDescriptor, GitHub's annotations) and editors say of
// it.
type Category struct {
	ID    string // the diagnostics' Category
	Name  string // SARIF's rule name, PascalCase
	Short string // one line
	Full  string
	// Level is SARIF's level (error, warning or note), and the severity
	// of GitHub annotations and editor diagnostics.
	Level string
}

// categories are the categories the analyzer reports, in the order of
// docs/categories.md.
var categories = []Category{
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

// Categories returns the categories the analyzer reports, in the order of
// their documentation.
func Categories() []Category { return slices.Clone(categories) }

// CategoryOf returns the category whose ID is id. An ID the table does not
// list (a category newer than the caller's copy of it) gets a category
// of level warning, so that no report refers to one that is not there.
func CategoryOf(id string) Category {
	for _, c := range categories {
		if c.ID == id {
			return c
		}
	}
	return Category{ID: id, Short: "mcperrlint reports " + id, Level: "warning"}
}

// siteVerb says what happens at a reported return's site, by its
// category.
var siteVerb = map[errorigin.Category]string{
	errorigin.Decode:        "the arguments are decoded",
	errorigin.Validate:      "the argument is checked",
	errorigin.InvalidParams: "the InvalidParams error is built",
	errorigin.OtherFailure:  "the error comes from",
}
