// Package summaries defines the pass that summarizes what the errors of a
// package's functions mean when tool handlers call them with the tool
// call's arguments (summary, a fact other packages read), and that tells
// the checks where the errors each handler returns come from and what
// argument values flow where.
//
// It runs after the handlers are found and the paths from the
// registrations followed: which functions are handlers is the role
// table's and the SDKs' question alone. Its one summarizer computes each
// function's summary once, as the function's own, and the seeds pass and
// the checks read them knowing which functions are handlers (a handler's
// callers forward its errors, a helper's are judged).
package summaries

import (
	"go/token"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/argflow"
	"github.com/mcperrlint/mcperrlint/internal/analysis/implementers"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
	"github.com/mcperrlint/mcperrlint/passes/paths"
	"github.com/mcperrlint/mcperrlint/passes/scope"
)

// New returns the pass, for the SDKs of sdks, over the SSA scope
// scopePass builds and the handlers pathsPass keeps.
func New(scopePass, pathsPass *analysis.Analyzer, sdks sdk.Table) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     "mcpsummaries",
		Doc:      "summarize what the errors of a package's functions mean to the tool handlers that call them",
		URL:      "https://github.com/mcperrlint/mcperrlint/blob/main/docs/how-it-works.md",
		Requires: []*analysis.Analyzer{scopePass, pathsPass},
		Run: func(pass *analysis.Pass) (any, error) {
			return run(pass, pass.ResultOf[scopePass].(*scope.Result), pass.ResultOf[pathsPass].(*paths.Result), sdks)
		},
		ResultType: reflect.TypeFor[*Result](),
		FactTypes:  []analysis.Fact{new(summaryFact), new(fieldFuncs), new(methodSummaries)},
	}
}

// Result is what the checks ask of the summaries of a package: it is
// empty for a package with no SSA scope.
type Result struct {
	known knowing
}

// A Return is one return statement of a handler whose non-nil error
// reaches the client as a protocol error.
type Return struct {
	// Pos is the position of the statement's return keyword.
	Pos  token.Pos
	Kind category.Kind
	// Site is where the decisive decode, check or construction happens,
	// or, when that is in a function of another package, the declaration
	// of that function (Via), and SiteLine the line of its decisive
	// return: export data keeps the positions of declarations only.
	Site     token.Pos
	Via      string
	SiteLine int
}

// Returns classifies the returns of h, a handler of the package, with
// flow, its argument flow (Flow, from the seeds of package seeds), and
// returns those whose error reaches the client as a protocol error, in
// the order of h's blocks.
func (r *Result) Returns(h *handlers.Handler, flow *argflow.Func) []Return {
	if r.known.summarizer == nil {
		return nil
	}
	sdks := sdk.Bindings{h.SDK}
	c := &classifier{flow: flow, sdks: sdks, s: r.known, judge: judgeHandler{}}
	var out []Return
	for _, b := range h.Fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 || !sdk.IsError(ret.Results[len(ret.Results)-1].Type()) {
			continue
		}
		if kind, o := c.classifyReturn(h, ret); kind != category.None {
			out = append(out, Return{Pos: ret.Pos(), Kind: kind, Site: o.Site, Via: o.Via, SiteLine: o.SiteLine})
		}
	}
	return out
}

// Flow returns an argument tracker for fn, whose parameters seeds hold
// argument values, that sees through calls by the summaries, knowing the
// package's handlers.
func (r *Result) Flow(fn *ssa.Function, sdks sdk.Bindings, seeds []*ssa.Parameter) *argflow.Func {
	return r.known.flow(fn, sdks, seeds)
}

// IsHandler reports whether fn is a tool handler analyzed on its own, in
// this package or its own.
func (r *Result) IsHandler(fn *ssa.Function) bool { return r.known.isHandler(fn) }

func run(pass *analysis.Pass, sc *scope.Result, ps *paths.Result, sdks sdk.Table) (*Result, error) {
	below := importedMethodSummaries(pass)
	prog, table, fixed := sc.Result, sc.Roles, sc.Fixed
	if prog == nil {
		exportMethodSummaries(pass, below, false)
		return &Result{}, nil
	}
	module := ""
	if pass.Module != nil {
		module = pass.Module.Path
	}
	// Only the types of the packages that export method summaries, and of
	// those that import them, can implement an interface with a method
	// whose summary decides a dynamic call: the others' are not listed.
	dispatch := implementers.New(pass.Pkg, module, sdks, below)
	// The handlers are found first (package handlers): which functions
	// are handlers, and which forward the errors of which, is the role
	// table's and the SDKs' question alone. Then one summarizer, whose
	// summaries are the functions' own; the seeds of the forwards
	// (package seeds) and the classification of the handlers' returns
	// read them knowing which functions are handlers (a handler's callers
	// forward its errors, a helper's are judged).
	s := newSummarizer(pass, prog, table, sdks, fixed, dispatch)
	known := knowing{s, newKnowledge(ps)}
	s.fieldFuncs = known.storedFieldFuncs()
	if len(s.fieldFuncs.Fields) > 0 {
		pass.ExportPackageFact(s.fieldFuncs)
	}
	exportMethodSummaries(pass, below, s.export(known.known))
	return &Result{known: known}, nil
}
