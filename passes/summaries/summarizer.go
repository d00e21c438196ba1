package summaries

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/argflow"
	"github.com/mcperrlint/mcperrlint/internal/analysis/implementers"
	"github.com/mcperrlint/mcperrlint/internal/analysis/mcpssa"
	"github.com/mcperrlint/mcperrlint/internal/analysis/summary"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

// summarizer computes the summaries of a package's functions, and reads
// those of its dependencies' from facts.
type summarizer struct {
	pass     *analysis.Pass
	pkg      *ssa.Package
	sdks     sdk.Bindings
	roles    *roles.Table
	fixed    argflow.FixedMaps
	srcFuncs []*ssa.Function // the package's functions, literals after their parents

	local map[*ssa.Function]*summary.Func // nil while being computed

	fieldFuncs *fieldFuncs // what functions stored into fields do
	sdkTable   sdk.Table   // the SDKs the analyzer knows

	// imported holds the summaries of other packages' functions read so
	// far, nil for none.
	imported map[*types.Func]*summary.Func
	// dispatch lists the implementations of interface methods among the
	// types the package sees that may have summarized methods.
	dispatch *implementers.Index
}

// newSummarizer returns the summarizer of a package. Its summaries are
// the functions' own, whoever calls them: they are computed before the
// package's handlers are known, for handler finding to read, and are not
// computed again once they are (see knowledge).
func newSummarizer(pass *analysis.Pass, prog *mcpssa.Result, table *roles.Table, sdks sdk.Table, fixed argflow.FixedMaps, dispatch *implementers.Index) *summarizer {
	return &summarizer{
		pass:     pass,
		pkg:      prog.Pkg,
		sdks:     prog.SDKs,
		roles:    table,
		sdkTable: sdks,
		fixed:    fixed,
		srcFuncs: prog.SrcFuncs,
		local:    make(map[*ssa.Function]*summary.Func),
		imported: make(map[*types.Func]*summary.Func),
		dispatch: dispatch,
	}
}

func originFunc(fn *ssa.Function) *ssa.Function {
	if fn != nil && fn.Origin() != nil {
		return fn.Origin()
	}
	return fn
}

// importedSummary returns the summary of obj, a function of another
// package, from its fact.
func (s *summarizer) importedSummary(obj *types.Func) *summary.Func {
	obj = obj.Origin()
	if sum, ok := s.imported[obj]; ok {
		return sum
	}
	var sum *summary.Func
	// The SDKs' functions are what the descriptors say: their summaries
	// exist only in the SDK's own repository, and reading them there
	// would judge its examples unlike a user's code.
	if obj.Pkg() != nil && obj.Pkg() != s.pass.Pkg && !s.sdkTable.InSDK(obj.Pkg().Path()) {
		var fact summaryFact
		if s.pass.ImportObjectFact(obj, &fact) {
			sum = &fact.Func
		}
	}
	s.imported[obj] = sum
	return sum
}

// summaryOf returns the summary of fn, or nil when there is none: fn is
// synthetic, belongs to a package that was not summarized, or is being
// summarized (a recursive call).
func (s *summarizer) summaryOf(fn *ssa.Function) *summary.Func {
	fn = originFunc(fn)
	// Synthetic functions with a body (wrappers, thunks, bound methods)
	// take other parameters than the function summarized. Functions of
	// other packages have no body here: they are built from types.
	if fn == nil || fn.Synthetic != "" && fn.Blocks != nil {
		return nil
	}
	if fn.Pkg != s.pkg {
		obj, ok := fn.Object().(*types.Func)
		if !ok {
			return nil
		}
		return s.importedSummary(obj)
	}
	if fn.Blocks == nil {
		return nil
	}
	if sum, ok := s.local[fn]; ok {
		return sum
	}
	s.local[fn] = nil
	sum := s.summarize(fn)
	s.local[fn] = sum
	return sum
}

// outcomeOrigin returns the origin of the errors fn makes, by its
// outcome o (see summary.OriginOf).
func (s *summarizer) outcomeOrigin(fn *ssa.Function, o summary.Outcome) summary.Origin {
	return summary.OriginOf(s.pass.Fset, originFunc(fn).Object(), o)
}
