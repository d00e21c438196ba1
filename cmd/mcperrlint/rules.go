package main

import (
	"github.com/mcperrlint/mcperrlint/analyzer"
)

// A rule is a category of report as the CI formats describe it: SARIF's
// reportingDescriptor and the level of GitHub's annotations.
type rule struct {
	id    string // the diagnostics' Category
	name  string // SARIF's rule name, PascalCase
	short string // one line
	full  string
	level string // SARIF's level: error, warning or note
}

// rules are the categories the analyzer reports, in the order of the
// documentation (docs/categories.md). A category not listed here (a new
// one the analyzer has and this table not yet) still gets a rule, made by
// ruleFor, so no result refers to a rule that is not there.
var rules = []rule{
	{"decode", "ArgumentDecodingError",
		"tool handler returns an argument decoding error as a protocol error",
		"A tool handler returns the error of decoding its arguments as a JSON-RPC protocol error, which the language model never sees; the MCP specification makes it a tool execution error (a CallToolResult with isError), which the model can read and correct its call from.",
		"error"},
	{"validate", "ArgumentValidationError",
		"tool handler returns an argument validation error as a protocol error",
		"A tool handler returns an error made because an argument value failed a check (missing, out of range, unknown enum value, unparsable) as a JSON-RPC protocol error, which the language model never sees; the MCP specification makes input validation errors tool execution errors.",
		"error"},
	{"invalid-params", "InvalidParamsError",
		"tool handler returns an InvalidParams protocol error",
		"A tool handler builds a JSON-RPC InvalidParams (-32602) error for its arguments; the language model never sees it. Return a CallToolResult with isError, or in a typed go-sdk handler a plain error, which the SDK turns into one.",
		"error"},
	{"tool-error", "ToolExecutionError",
		"tool handler returns an error as a protocol error (-tool-errors)",
		"A tool handler returns an error with no argument origin (an API call, I/O, internal state failed) as a protocol error. The MCP specification makes these tool execution errors too; reported only with -tool-errors.",
		"warning"},
	{"sdk-version", "SDKVersionAdvisory",
		"go-sdk release returns typed tools' schema validation failures as protocol errors",
		"go-sdk releases before v1.5.0 return a schema validation failure of a typed tool's arguments as a protocol error themselves; upgrade github.com/modelcontextprotocol/go-sdk to v1.5.0 or later.",
		"warning"},
	{"unused-ignore", "UnusedIgnoreDirective",
		"mcperrlint:ignore directive suppresses nothing",
		"A //mcperrlint:ignore directive suppresses no report; remove it so it does not outlive the code it was written for.",
		"warning"},
	{"directive", "MalformedDirective",
		"mcperrlint:ignore directive has no reason",
		"A //mcperrlint:ignore directive without a reason suppresses nothing; give the reason after the directive.",
		"warning"},
}

// ruleFor returns the rule of a category.
func ruleFor(category string) rule {
	for _, r := range rules {
		if r.id == category {
			return r
		}
	}
	return rule{id: category, short: "mcperrlint reports " + category, level: "warning"}
}

// helpURI is the documentation of a category: its section of the
// categories page, as the analyzer's diagnostics link it.
func helpURI(category string) string {
	return analyzer.URL + "#" + category
}
