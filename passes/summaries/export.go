package summaries

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/summary"
)

// export records the summaries of the package's functions and methods as
// facts, for the packages that import it, and reports whether it recorded
// a method's.
func (s *summarizer) export(known *knowledge) (methods bool) {
	// The declared functions and methods, not the method sets of the
	// package's types: those hold promoted methods, whose wrappers the
	// SSA builder would make only for them to be skipped (types that
	// embed Kubernetes' ObjectMeta promote dozens each).
	for _, fn := range s.srcFuncs {
		methods = knowing{s, known}.exportFunc(fn) && fn.Signature.Recv() != nil || methods
	}
	return methods
}

// exportFunc exports the summary of fn, if it tells callers anything,
// and reports whether it did.
func (s knowing) exportFunc(fn *ssa.Function) bool {
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() != s.pass.Pkg || fn.Synthetic != "" {
		return false
	}
	sum := s.summaryOf(fn)
	if sum == nil || !sum.Informative() {
		return false
	}
	s.pass.ExportObjectFact(obj, &summaryFact{*sum.Exported()})
	return true
}

// summaryFact is a fact about a function: its summary, for the handlers of
// every package that imports it to classify a call to it by, the way they
// classify a call to json.Unmarshal.
type summaryFact struct{ summary.Func }

// AFact marks summaryFact as an analysis.Fact.
func (*summaryFact) AFact() {}
