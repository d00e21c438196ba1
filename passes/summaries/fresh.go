package summaries

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/argflow"
	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/analysis/summary"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
)

// invalidParams classifies an category.InvalidParams error built in block b: an
// invalid-params finding whatever the cause, unless the request itself
// is what is invalid.
func (c *classifier) invalidParams(b *ssa.BasicBlock, site token.Pos) summary.Origin {
	if c.flow.Unreachable(b) {
		return summary.Origin{Nil: true}
	}
	for _, cond := range c.flow.ControlConditions(b) {
		if c.flow.Taint(cond)&argflow.RequestLevel != 0 {
			return summary.Origin{RequestLevel: true}
		}
	}
	return summary.Origin{Category: category.InvalidParams, Site: site}
}

// fresh classifies an error created in block b: it is an argument error
// when every branch condition b depends on tests an argument value, and
// request-level when one tests the request itself.
func (c *classifier) fresh(b *ssa.BasicBlock, site token.Pos) summary.Origin {
	if c.flow.Unreachable(b) {
		return summary.Origin{Nil: true}
	}
	conds := c.flow.ControlConditions(b)
	if len(conds) == 0 {
		return c.judge.unconditional(site)
	}
	for _, cond := range conds {
		if c.flow.Taint(cond)&argflow.RequestLevel != 0 {
			return summary.Origin{RequestLevel: true}
		}
	}
	kind := category.Validate
	for _, cond := range conds {
		t := c.flow.Taint(cond)
		if t == 0 {
			t = c.flow.LoopFailure(cond)
		}
		if t == 0 {
			return summary.Origin{Category: category.ToolError}
		}
		if t&argflow.DecodeFailure != 0 {
			kind = category.Decode
		}
	}
	if p := ssaval.Pos(conds[0]); p.IsValid() {
		site = p
	}
	return summary.Origin{Category: kind, Site: site}
}
