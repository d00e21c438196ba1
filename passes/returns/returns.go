// Package returns defines the check of tool handlers' returns: a handler
// that returns an argument decoding or validation error, or an
// InvalidParams error it built, as a JSON-RPC protocol error, which the
// model never sees (and with -tool-errors, any error). Each is reported
// with a fix that returns a CallToolResult with IsError instead, or, in a
// typed go-sdk handler, a plain error.
package returns

import (
	"fmt"
	"go/token"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/argflow"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/report"
	"github.com/mcperrlint/mcperrlint/passes/paths"
	"github.com/mcperrlint/mcperrlint/passes/scope"
	"github.com/mcperrlint/mcperrlint/passes/seeds"
	"github.com/mcperrlint/mcperrlint/passes/servers"
	"github.com/mcperrlint/mcperrlint/passes/summaries"
)

// Result holds the check's findings, in the order of the handlers and
// their blocks.
type Result struct {
	Findings []report.Finding
	// Off holds what the configuration, or a converted-by directive,
	// leaves unreported: an ignore directive written for the runs that
	// report it is not unused then.
	Off []report.Finding
	// Replaced holds the positions of the returns reported, which fixes
	// may replace: every fix of the package allows for the others.
	Replaced map[token.Pos]bool
	// Flows holds the argument flow of each handler the check
	// classified, for the assertions check, which walks the same
	// handlers: a flow answers from what it has solved.
	Flows map[*ssa.Function]*argflow.Func
}

// New returns the check of the returns of the handlers pathsPass
// keeps, classified by summariesPass with the seeds of seedsPass; those of SDKs whose every server
// serversPass finds turns errors into results are left out, and those
// with no argument origin unless *toolErrors, read when it runs.
func New(scopePass, pathsPass, serversPass, summariesPass, seedsPass *analysis.Analyzer, toolErrors *bool) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "mcpreturns",
		Doc:        "report tool handlers that return argument errors as protocol errors",
		URL:        category.URL,
		Requires:   []*analysis.Analyzer{scopePass, pathsPass, serversPass, summariesPass, seedsPass},
		ResultType: reflect.TypeFor[*Result](),
		Run: func(pass *analysis.Pass) (any, error) {
			res := &Result{Replaced: make(map[token.Pos]bool), Flows: make(map[*ssa.Function]*argflow.Func)}
			sc := pass.ResultOf[scopePass].(*scope.Result)
			if sc.Result == nil {
				return res, nil
			}
			ps := pass.ResultOf[pathsPass].(*paths.Result)
			origins := pass.ResultOf[summariesPass].(*summaries.Result)
			sd := pass.ResultOf[seedsPass].(*seeds.Result)
			converted := pass.ResultOf[serversPass].(*servers.Result).Converted()
			convertedElsewhere, _ := report.ConvertedBy(pass)
			type reported struct {
				fn *report.Func
				r  summaries.Return
			}
			var found []reported
			for _, h := range ps.Handlers {
				if converted[h.SDK.Name] {
					continue // every server the package builds turns its errors into tool results
				}
				flow := origins.Flow(h.Fn, sdk.Bindings{h.SDK}, sd.Of(h))
				res.Flows[h.Fn] = flow
				var fn *report.Func
				for _, r := range origins.Returns(h, flow) {
					if fn == nil {
						fn = ps.Func(h)
					}
					if r.Kind == category.ToolError && !*toolErrors || len(convertedElsewhere) > 0 {
						if ret := report.ReturnStmt(fn.Syntax, r.Pos); ret != nil {
							res.Off = append(res.Off, report.Finding{Node: ret, Func: fn.Syntax})
						}
						continue
					}
					found = append(found, reported{fn, r})
					res.Replaced[r.Pos] = true
				}
			}
			srcs := report.NewSourceFiles(pass)
			fc := &report.FixContext{Replaced: res.Replaced, SDKs: sc.SDKs}
			for _, x := range found {
				if fd, ok := diagnose(pass, x.fn, x.r, srcs, fc); ok {
					res.Findings = append(res.Findings, fd)
				}
			}
			return res, nil
		},
	}
}

func diagnose(pass *analysis.Pass, h *report.Func, r summaries.Return, srcs *report.SourceFiles, fc *report.FixContext) (report.Finding, bool) {
	file := report.FileOf(pass, r.Pos)
	ret := report.ReturnStmt(h.Syntax, r.Pos)
	if file == nil || ret == nil {
		return report.Finding{}, false // synthesized code has no statement to point at
	}
	d := analysis.Diagnostic{
		Pos:      ret.Pos(),
		End:      ret.End(),
		Category: r.Kind.String(),
		Message:  message(h, r.Kind),
		URL:      category.DocURL(r.Kind.String()),
	}
	if r.Site.IsValid() && (r.Site < ret.Pos() || r.Site >= ret.End()) {
		d.Related = []analysis.RelatedInformation{{Pos: r.Site, Message: siteNote(r)}}
	}
	fd := report.Finding{Diag: d, Node: ret, Func: h.Syntax, SDK: h.SDK.Name}
	fix, reason := report.ReturnFix(pass, file, ret, h, r.Via, srcs, fc)
	if fix != nil {
		fd.Diag.SuggestedFixes = []analysis.SuggestedFix{*fix.Suggested}
		fd.Fix = fix
	} else {
		fd.Diag.Message += " (no fix: " + reason + ")"
	}
	return fd, true
}

// siteNote says where the error comes from; a site in a function of
// another package is that function's declaration, and the note names the
// line of its decisive return.
func siteNote(r summaries.Return) string {
	msg := siteVerb[r.Kind]
	if r.Via == "" {
		return msg + " here"
	}
	msg += " in `" + r.Via + "`"
	if r.SiteLine > 0 {
		msg += fmt.Sprintf(", at line %d", r.SiteLine)
	}
	return msg
}

// message words the diagnostic vet-style: what is wrong, the consequence,
// the remedy.
func message(h *report.Func, kind category.Kind) string {
	what := map[category.Kind]string{
		category.Decode:        "an argument decoding error as a protocol error",
		category.Validate:      "an argument validation error as a protocol error",
		category.InvalidParams: "an InvalidParams protocol error",
		category.ToolError:     "an error as a protocol error",
	}[kind]
	if h.Marked {
		what = strings.Replace(what, "an ", "a marked ", 1) + " (its wrapper passes marked errors on)"
	}
	switch {
	case h.Kind == sdk.Typed:
		return "typed tool handler returns " + what + "; the model never sees it: return a plain error, which the SDK turns into a tool error"
	case h.Forwarded:
		return h.Quoted() + " returns " + what + " (a tool handler forwards it); the model never sees it: return a CallToolResult with IsError"
	}
	return "tool handler returns " + what + "; the model never sees it: return a CallToolResult with IsError"
}

// siteVerb says what happens at a reported return's site, by its
// category.
var siteVerb = map[category.Kind]string{
	category.Decode:        "the arguments are decoded",
	category.Validate:      "the argument is checked",
	category.InvalidParams: "the InvalidParams error is built",
	category.ToolError:     "the error comes from",
}
