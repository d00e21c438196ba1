package summaries

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/argflow"
	"github.com/mcperrlint/mcperrlint/internal/analysis/summary"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
)

// dispatchOrigin classifies the error of a call through an interface
// method (a registry's t.Execute(ctx, args)) from the summaries of the
// implementations the package can see (package implementers): an argument
// error when one of them returns one for what the call passes, since the
// registry may dispatch any tool there.
func (c *classifier) dispatchOrigin(call *ssa.Call) (summary.Origin, bool) {
	common := call.Common()
	impls := c.s.dispatch.Methods(common.Method)
	if c.s.reach() != nil {
		// The paths from the registrations that return this call's
		// error raw bound its receiver: only those methods count.
		if methods, ok := c.s.reach().InvokedRaw(common); ok {
			impls = slices.DeleteFunc(slices.Clone(impls), func(m *types.Func) bool {
				return !slices.ContainsFunc(methods, func(fn *ssa.Function) bool { return fn.Object() == m })
			})
		}
	}
	if len(impls) == 0 {
		return summary.Origin{}, false
	}
	// A method's summary counts its receiver as parameter 0.
	taints := append([]argflow.Taint{c.flow.Taint(common.Value)}, c.flow.ArgTaints(common)...)
	var best summary.Origin
	for _, impl := range impls {
		sum := c.s.summaryOfObject(impl)
		if sum == nil || sum.Handler {
			continue
		}
		// The receiver leads the taints: the operands' fields are not
		// told apart here.
		if o := sum.Pick(taints, nil); o.Category > category.ToolError && o.Category > best.Category {
			best = summary.OriginOf(c.s.pass.Fset, impl, o)
		}
	}
	return best, best.Category != category.None
}
