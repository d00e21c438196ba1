package summaries

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/analysis/toolresult"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/sorted"
)

// marks returns the named types of the error values sources may hold,
// looking through the errors that constructors and helpers wrap, as
// errors.As does: an allocation of a named type, or what a helper's
// summary says it makes.
func (c *classifier) marks(sources []ssa.Value) []string {
	var out []string
	for _, src := range sources {
		out = sorted.Union(out, c.sourceMarks(src))
	}
	return out
}

// sourceMarks is marks for one source, memoized: error chains share their
// links, and a chain met again while it is being followed adds nothing.
func (c *classifier) sourceMarks(src ssa.Value) []string {
	if m, ok := c.markMemo[src]; ok {
		return m
	}
	if c.markMemo == nil {
		c.markMemo = make(map[ssa.Value][]string)
	}
	c.markMemo[src] = nil
	var out []string
	if a, ok := src.(*ssa.Alloc); ok {
		if name := toolresult.TypeName(a.Type().(*types.Pointer).Elem()); name != "" {
			out = []string{name}
		}
	} else if call, _ := ssaval.CallOf(src); call != nil {
		if fn := call.Common().StaticCallee(); fn != nil {
			if sum := c.s.summaryOf(fn); sum != nil && !sum.Handler {
				out = sorted.Union(out, sum.Pick(c.flow.ArgTaints(call.Common()), c.argFields(call.Common())).Marks)
			}
		}
		for _, op := range ssaval.Operands(call.Common()) {
			if isErrorValue(op) {
				out = sorted.Union(out, c.marks(ssaval.Sources(op)))
			}
		}
	}
	c.markMemo[src] = out
	return out
}

func intersects(a, b []string) bool {
	return slices.ContainsFunc(a, func(x string) bool { return slices.Contains(b, x) })
}

// isErrorValue reports whether v is an error.
func isErrorValue(v ssa.Value) bool { return sdk.ImplementsError(v.Type()) }
