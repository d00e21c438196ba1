package summaries

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/argflow"
	"github.com/mcperrlint/mcperrlint/internal/analysis/summary"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
	"github.com/mcperrlint/mcperrlint/passes/paths"
)

// knowledge is what handler finding tells the classification of the
// package's handlers' returns, beyond the summaries: which functions are
// handlers analyzed on their own, whose callers forward their errors, and
// where the registrations lead.
type knowledge struct {
	handlers map[*ssa.Function]*handlers.Handler
	// converted holds the handler-shaped functions whose every path to
	// the SDK converts their errors (paths.Result.Converted).
	converted map[*ssa.Function]bool
	reach     *paths.Reach
	// escaping holds the error types that escape the converting wrappers
	// a handler is given to (paths.Result.Escaping).
	escaping map[*ssa.Function][]string
}

func newKnowledge(hs *paths.Result) *knowledge {
	k := &knowledge{handlers: make(map[*ssa.Function]*handlers.Handler), converted: make(map[*ssa.Function]bool), reach: hs.Reach, escaping: hs.Escaping}
	for _, h := range hs.Handlers {
		k.handlers[h.Fn] = h
	}
	for _, h := range hs.Converted {
		k.converted[h.Fn] = true
	}
	return k
}

// rawHandler reports whether fn is a raw tool handler of the package:
// its callers forward its errors, so it has no summary for them.
func (k *knowledge) rawHandler(fn *ssa.Function) bool {
	if k == nil {
		return false
	}
	h := k.handlers[originFunc(fn)]
	return h != nil && h.Kind == sdk.Raw
}

// handlerSummary is the summary of a raw handler, as its callers see it.
var handlerSummary = &summary.Func{Handler: true}

// knowing is the summarizer as the classification of handlers' returns
// reads it: a raw handler of the package is summarized as one.
type knowing struct {
	*summarizer
	known *knowledge
}

// summaryOf returns the summary of fn as a caller that knows the
// package's handlers sees it.
func (v knowing) summaryOf(fn *ssa.Function) *summary.Func {
	if v.known.rawHandler(fn) {
		return handlerSummary
	}
	return v.summarizer.summaryOf(fn)
}

// Effect implements argflow.Summarizer.
func (v knowing) Effect(fn *ssa.Function, args []argflow.Taint, fields func(param int) map[string]argflow.Taint) (argflow.Effect, bool) {
	sum := v.summaryOf(fn)
	if sum == nil || sum.Handler {
		return argflow.Effect{}, false // unknown, or forwarded: a raw handler's errors are its callers'
	}
	return sum.Pick(args, fields).Effect(), true
}

// escaping returns the error types whose values alone reach the client
// from fn, a handler given only to wrappers that convert the others.
func (v knowing) escaping(fn *ssa.Function) []string {
	if v.known == nil {
		return nil
	}
	return v.known.escaping[fn]
}

// reach returns where the package's registrations lead, if known.
func (v knowing) reach() *paths.Reach {
	if v.known == nil {
		return nil
	}
	return v.known.reach
}

// converted reports whether every path from the SDK to fn, a
// handler-shaped function, converts its errors.
func (v knowing) converted(fn *ssa.Function) bool {
	return v.known != nil && v.known.converted[fn]
}

// isHandler reports whether fn is a tool handler analyzed on its own, in
// this package or its own.
func (v knowing) isHandler(fn *ssa.Function) bool {
	if fn = originFunc(fn); fn == nil {
		return false
	}
	if v.known != nil && v.known.handlers[fn] != nil {
		return true
	}
	sum := v.summaryOf(fn)
	return sum != nil && sum.Handler
}

// flow returns an argument tracker for fn that sees through summarized
// calls.
func (v knowing) flow(fn *ssa.Function, sdks sdk.Bindings, seeds []*ssa.Parameter) *argflow.Func {
	f := argflow.New(fn, sdks, v.roles, seeds)
	f.Summaries, f.Fixed = v, v.fixed
	return f
}

// summaryOfObject returns the summary of the function or method obj, of
// this package or another.
func (v knowing) summaryOfObject(obj *types.Func) *summary.Func {
	if obj.Pkg() == v.pass.Pkg {
		return v.summaryOf(v.pkg.Prog.FuncValue(obj))
	}
	return v.importedSummary(obj)
}
