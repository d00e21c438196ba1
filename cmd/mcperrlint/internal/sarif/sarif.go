// Package sarif declares the part of SARIF 2.1.0 (the OASIS Static
// Analysis Results Interchange Format) that mcperrlint writes: one run of
// one tool, its rules, results with locations, related locations and
// fixes, and the notifications of an invocation.
//
// The types are written by hand rather than taken from a library such as
// github.com/owenrumney/go-sarif (which gosec and trivy use). This module's
// go.mod is what every golangci-lint plugin user builds: golangci-lint
// adds it to its own module graph, and minimal version selection raises
// any dependency golangci-lint pins lower. go-sarif v3.3.1 requires
// testify, gojsonschema (with its two xeipuuv helpers), google/uuid,
// go-spew, go-difflib and yaml.v3: seven modules more for a format that
// takes some twenty struct types to write, and a uuid version golangci-lint
// would then have to agree with. The schema-level checks such a library
// offers are done instead by the SARIF Multitool in the tests, against the
// output itself. The same reasoning kept the language server's protocol
// types hand-written (cmd/mcperrlint/internal/lsp).
//
// Field names and their omission rules follow the schema at
// https://json.schemastore.org/sarif-2.1.0.json; only what is set is
// written.
package sarif

// Version is the SARIF version of a Log.
const Version = "2.1.0"

// Schema is the JSON schema a Log names.
const Schema = "https://json.schemastore.org/sarif-2.1.0.json"

// A Log is a SARIF file: sarifLog.
type Log struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []Run  `json:"runs"`
}

// A Run is one run of one tool.
type Run struct {
	Tool Tool `json:"tool"`
	// Invocations says whether the run succeeded, and why not.
	Invocations []Invocation `json:"invocations,omitempty"`
	// OriginalURIBaseIDs gives the absolute location of each uriBaseId
	// the results use (%SRCROOT%).
	OriginalURIBaseIDs map[string]ArtifactLocation `json:"originalUriBaseIds,omitempty"`
	Results            []Result                    `json:"results"`
	// ColumnKind says what a column counts; SARIF's default is UTF-16
	// code units.
	ColumnKind string `json:"columnKind,omitempty"`
}

// Tool describes the analysis tool.
type Tool struct {
	Driver ToolComponent `json:"driver"`
}

// A ToolComponent is the tool's driver: its name, version and rules.
type ToolComponent struct {
	Name           string                `json:"name"`
	Version        string                `json:"version,omitempty"`
	InformationURI string                `json:"informationUri,omitempty"`
	Rules          []ReportingDescriptor `json:"rules,omitempty"`
}

// A ReportingDescriptor describes a rule: here, one category of report.
type ReportingDescriptor struct {
	ID                   string                  `json:"id"`
	Name                 string                  `json:"name,omitempty"`
	ShortDescription     *MultiformatMessage     `json:"shortDescription,omitempty"`
	FullDescription      *MultiformatMessage     `json:"fullDescription,omitempty"`
	Help                 *MultiformatMessage     `json:"help,omitempty"`
	HelpURI              string                  `json:"helpUri,omitempty"`
	DefaultConfiguration *ReportingConfiguration `json:"defaultConfiguration,omitempty"`
}

// A ReportingConfiguration is a rule's default level.
type ReportingConfiguration struct {
	Level string `json:"level,omitempty"`
}

// A MultiformatMessage is a message in plain text, and optionally in
// Markdown.
type MultiformatMessage struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

// A Message is the text of a result, location or notification.
type Message struct {
	Text string `json:"text"`
}

// A Result is one finding.
type Result struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level,omitempty"`
	Message             Message           `json:"message"`
	Locations           []Location        `json:"locations"`
	RelatedLocations    []Location        `json:"relatedLocations,omitempty"`
	PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
	Fixes               []Fix             `json:"fixes,omitempty"`
}

// A Location is a place in an artifact; related locations carry an id and
// a message.
type Location struct {
	ID               *int              `json:"id,omitempty"`
	PhysicalLocation *PhysicalLocation `json:"physicalLocation,omitempty"`
	Message          *Message          `json:"message,omitempty"`
}

// A PhysicalLocation is a region of an artifact.
type PhysicalLocation struct {
	ArtifactLocation ArtifactLocation `json:"artifactLocation"`
	Region           *Region          `json:"region,omitempty"`
}

// An ArtifactLocation names a file: a URI, relative to URIBaseID when
// that is set.
type ArtifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// A Region is a span of text: 1-based lines, and 1-based columns with
// EndColumn one past the last character. StartColumn equal to EndColumn
// on one line is an insertion point.
type Region struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

// A Fix is a suggested fix: the changes to make to each file.
type Fix struct {
	Description     *Message         `json:"description,omitempty"`
	ArtifactChanges []ArtifactChange `json:"artifactChanges"`
}

// An ArtifactChange is the replacements a fix makes in one file.
type ArtifactChange struct {
	ArtifactLocation ArtifactLocation `json:"artifactLocation"`
	Replacements     []Replacement    `json:"replacements"`
}

// A Replacement deletes a region and inserts text in its place.
type Replacement struct {
	DeletedRegion   Region           `json:"deletedRegion"`
	InsertedContent *ArtifactContent `json:"insertedContent,omitempty"`
}

// ArtifactContent is text to insert.
type ArtifactContent struct {
	Text string `json:"text"`
}

// An Invocation is one run of the tool: whether it succeeded, and the
// notifications of what it could not do.
type Invocation struct {
	ExecutionSuccessful        bool           `json:"executionSuccessful"`
	ToolExecutionNotifications []Notification `json:"toolExecutionNotifications,omitempty"`
}

// A Notification reports a condition of the run itself, such as a
// package that could not be checked.
type Notification struct {
	Level      string                        `json:"level,omitempty"`
	Message    Message                       `json:"message"`
	Descriptor *ReportingDescriptorReference `json:"descriptor,omitempty"`
}

// A ReportingDescriptorReference names a notification's kind.
type ReportingDescriptorReference struct {
	ID string `json:"id"`
}
