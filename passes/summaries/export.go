package summaries

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
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
	if sum == nil || !sum.informative() {
		return false
	}
	s.pass.ExportObjectFact(obj, sum.exported())
	return true
}

// exported returns the summary as the fact other packages see: in the
// standalone driver facts are not encoded, and must carry no position of
// this package's file set all the same, for both drivers to agree.
func (s *summary) exported() *summary {
	out := &summary{Handler: s.Handler, Outcomes: slices.Clone(s.Outcomes)}
	for i := range out.Outcomes {
		out.Outcomes[i].pos = token.NoPos
	}
	return out
}
