package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/internal/driver/silence"
	"github.com/mcperrlint/mcperrlint/internal/errorigin"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/config"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
	"github.com/mcperrlint/mcperrlint/passes/scope"
)

// Config configures an analyzer built with New. Each field is also a
// flag of the analyzer (in parentheses), and a golangci-lint setting of
// the same name.
type Config struct {
	// ToolErrors also reports errors with no argument origin (API
	// failures, I/O, internal state), Category tool-error (-tool-errors).
	ToolErrors bool

	// DisableUnflaggedErrors turns off the reports of results built from
	// an error's text without IsError, Category unflagged-error
	// (-unflagged-errors=false).
	DisableUnflaggedErrors bool

	// Functions names the project's own decode, validate and
	// tool-error-result functions, for code the analyzer cannot see into
	// (-decode-funcs, -validate-funcs, -tool-error-result-funcs).
	Functions
}

// enabled is a boolean flag that sets the Config field it points to to
// its negation: -unflagged-errors=false sets DisableUnflaggedErrors, so
// that the zero Config is the default one.
type enabled struct{ disabled *bool }

func (e enabled) String() string {
	if e.disabled == nil {
		return "false" // the zero value, for the flag package's help
	}
	return strconv.FormatBool(!*e.disabled)
}

func (e enabled) Set(s string) error {
	on, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	*e.disabled = !on
	return nil
}

func (e enabled) IsBoolFlag() bool { return true }

// Functions names the project's own decode, validate and
// tool-error-result functions; see [Config].
type Functions = config.Functions

// FuncList is a list of qualified function names, a flag.Value that
// takes them comma-separated.
type FuncList = config.FuncList

// New returns an analyzer configured by cfg, with flags that change its
// own copy of cfg. It shares no state with other analyzers New returns.
//
// Each such analyzer requires an analyzer of its own that computes the
// function summaries (facts) under its configuration, and a run of
// go/analysis allows each fact type to one analyzer: analysis.Validate,
// and so every driver, rejects two analyzers from New in one run ("fact
// type ... registered by two analyzers"). Differently
// configured analyzers can live in one process, each run on its own.
func New(cfg Config) *analysis.Analyzer {
	c := &cfg
	scopePass := scope.New(&c.Functions, sdk.Default)
	origins := errorigin.New(scopePass, handlers.New(scopePass, sdk.Default), sdk.Default)
	a := &analysis.Analyzer{
		Name:       "mcperrlint",
		Doc:        doc,
		URL:        category.URL,
		Requires:   []*analysis.Analyzer{origins},
		ResultType: reflect.TypeFor[*silence.Result](),
		FactTypes:  []analysis.Fact{new(convertedBy)},
	}
	a.Flags.BoolVar(&c.ToolErrors, "tool-errors", c.ToolErrors,
		"also report errors with no argument origin (API failures, I/O), Category tool-error")
	a.Flags.Var(enabled{&c.DisableUnflaggedErrors}, "unflagged-errors",
		"report results built from an error's text without IsError, Category unflagged-error")
	a.Flags.Var(&c.Decode, "decode-funcs",
		"comma-separated `functions` (importpath.Func or importpath.Type.Method) that decode tool arguments")
	a.Flags.Var(&c.Validate, "validate-funcs",
		"comma-separated `functions` (importpath.Func or importpath.Type.Method) that validate tool arguments")
	a.Flags.Var(&c.IsErrorResult, "tool-error-result-funcs",
		"comma-separated `functions` (importpath.Func or importpath.Type.Method) that return an IsError tool result")
	a.Run = func(pass *analysis.Pass) (any, error) {
		return run(pass, c, pass.ResultOf[origins].(*errorigin.Result))
	}
	return a
}

// Analyzer reports argument errors that MCP tool handlers return as
// protocol errors, with the default configuration.
var Analyzer = New(Config{})

func run(pass *analysis.Pass, cfg *Config, res *errorigin.Result) (*silence.Result, error) {
	for _, list := range []config.FuncList{cfg.Decode, cfg.Validate, cfg.IsErrorResult} {
		if err := list.Check(); err != nil {
			return nil, err
		}
	}
	out := &silence.Result{Servers: res.Servers, SDKs: make(map[token.Pos]string)}
	dirs := readDirectives(pass)
	convertedElsewhere := readConvertedBy(pass)
	if len(convertedElsewhere) > 0 {
		pass.ExportPackageFact(&convertedBy{Servers: convertedElsewhere})
	}
	checkConvertedBy(pass, res.Servers)
	var reported []*errorigin.Return
	for _, r := range res.Returns {
		if r.Category == errorigin.OtherFailure && !cfg.ToolErrors || len(convertedElsewhere) > 0 {
			// A directive written for -tool-errors runs is not unused
			// in the runs without, nor one on a return that a
			// converted-by directive silences.
			if ret := returnStmt(r.Handler.Syntax, r.Pos); ret != nil {
				dirs.ignores(ret, r.Handler.Syntax)
			}
			continue
		}
		reported = append(reported, r)
	}
	srcs := newSourceFiles(pass)
	fc := &fixContext{replaced: make(map[token.Pos]bool), sdks: res.SDKs}
	for _, r := range reported {
		fc.replaced[r.Pos] = true
	}
	var found []finding
	for _, r := range reported {
		if fd, ok := diagnose(pass, r, dirs, srcs, fc); ok {
			found = append(found, fd)
		}
	}
	// A panic is no returned error: middleware that converts errors, or
	// a converted-by directive, does not silence these.
	for _, a := range res.Assertions {
		if fd, ok := diagnoseAssertion(pass, a, dirs, srcs, fc); ok {
			found = append(found, fd)
		}
	}
	for _, u := range res.Unflagged {
		if cfg.DisableUnflaggedErrors {
			// A directive written for the runs that report them is
			// not unused in the runs that do not.
			if ret := returnStmt(u.Func.Syntax, u.Pos); ret != nil {
				dirs.ignores(ret, u.Func.Syntax)
			}
			continue
		}
		if fd, ok := diagnoseUnflagged(pass, u, dirs, srcs); ok {
			found = append(found, fd)
		}
	}
	// Only with every fix of the package known can a fix tell which
	// imports it leaves unused: another fix may name the same package.
	deleteUnusedImports(found)
	for _, fd := range found {
		pass.Report(fd.diag)
		if fd.sdk != "" {
			out.SDKs[fd.diag.Pos] = fd.sdk
		}
	}
	dirs.reportUnused(pass)
	reportOldSDKs(pass, res)
	return out, nil
}

// A finding is a diagnostic and the fixer that built its fix, if any.
type finding struct {
	diag analysis.Diagnostic
	fix  *fixer
	sdk  string // the name of the handler's SDK, for a return: what Silenced reads
}

func diagnose(pass *analysis.Pass, r *errorigin.Return, dirs *directives, srcs *sourceFiles, fc *fixContext) (finding, bool) {
	file := fileOf(pass, r.Pos)
	ret := returnStmt(r.Handler.Syntax, r.Pos)
	if file == nil || ret == nil {
		return finding{}, false // synthesized code has no statement to point at
	}
	if dirs.ignores(ret, r.Handler.Syntax) {
		return finding{}, false
	}
	d := analysis.Diagnostic{
		Pos:      ret.Pos(),
		End:      ret.End(),
		Category: r.Category.String(),
		Message:  message(r),
		URL:      categoryURL(r.Category),
	}
	if r.Site.IsValid() && (r.Site < ret.Pos() || r.Site >= ret.End()) {
		d.Related = []analysis.RelatedInformation{{Pos: r.Site, Message: siteNote(r)}}
	}
	fd := finding{diag: d, sdk: r.Handler.SDK.Name}
	fix, reason := buildFix(pass, file, ret, r, srcs, fc)
	if fix != nil {
		fd.diag.SuggestedFixes = []analysis.SuggestedFix{*fix.fix}
		fd.fix = fix.fixer
	} else {
		fd.diag.Message += " (no fix: " + reason + ")"
	}
	return fd, true
}

// A builtFix is a suggested fix and the fixer that built it.
type builtFix struct {
	fix *analysis.SuggestedFix
	*fixer
}

// buildFix returns the fix of a reported return, or the reason it has
// none.
func buildFix(pass *analysis.Pass, file *ast.File, ret *ast.ReturnStmt, r *errorigin.Return, srcs *sourceFiles, fc *fixContext) (*builtFix, string) {
	if !r.Handler.ResultForwarded {
		return nil, "`" + r.Handler.ResultDroppedBy + "` forwards this error but drops the tool result beside it; return a CallToolResult with IsError there"
	}
	src, err := srcs.read(pass.Fset.File(file.FileStart).Name())
	if err != nil {
		return nil, "the file cannot be read"
	}
	f := &fixer{pass: pass, file: file, src: src, ret: ret, r: r, sig: r.Handler.Signature, fixContext: fc}
	fix, reason := f.build()
	if fix == nil {
		return nil, reason
	}
	return &builtFix{fix, f}, ""
}

// siteNote says where the error comes from; a site in a function of
// another package is that function's declaration, and the note names the
// line of its decisive return.
func siteNote(r *errorigin.Return) string {
	msg := siteVerb[r.Category]
	if r.Via == "" {
		return msg + " here"
	}
	msg += " in `" + r.Via + "`"
	if r.SiteLine > 0 {
		msg += fmt.Sprintf(", at line %d", r.SiteLine)
	}
	return msg
}

func categoryURL(k errorigin.Category) string {
	return category.DocURL(k.String())
}

// message words the diagnostic vet-style: what is wrong, the consequence,
// the remedy.
func message(r *errorigin.Return) string {
	what := map[errorigin.Category]string{
		errorigin.Decode:        "an argument decoding error as a protocol error",
		errorigin.Validate:      "an argument validation error as a protocol error",
		errorigin.InvalidParams: "an InvalidParams protocol error",
		errorigin.OtherFailure:  "an error as a protocol error",
	}[r.Category]
	h := r.Handler
	if h.Marked {
		what = strings.Replace(what, "an ", "a marked ", 1) + " (its wrapper passes marked errors on)"
	}
	switch {
	case h.Kind == sdk.Typed:
		return "typed tool handler returns " + what + "; the model never sees it: return a plain error, which the SDK turns into a tool error"
	case h.Forwarded:
		return funcName(h) + " returns " + what + " (a tool handler forwards it); the model never sees it: return a CallToolResult with IsError"
	}
	return "tool handler returns " + what + "; the model never sees it: return a CallToolResult with IsError"
}

func funcName(h *errorigin.Func) string {
	if h.Literal {
		return "function literal in `" + h.Name + "`"
	}
	return "`" + h.Name + "`"
}

// fileOf returns the syntax tree of the file containing pos.
func fileOf(pass *analysis.Pass, pos token.Pos) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}

// returnStmt finds the return statement at pos in the body of the
// function root, not in the function literals it contains.
func returnStmt(root ast.Node, pos token.Pos) *ast.ReturnStmt {
	if root == nil {
		return nil
	}
	var found *ast.ReturnStmt
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return n == root
		case *ast.ReturnStmt:
			if n.Return == pos {
				found = n
			}
		}
		return found == nil
	})
	return found
}
