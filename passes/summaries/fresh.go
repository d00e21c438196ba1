package summaries

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/argflow"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
)

// invalidParams classifies an category.InvalidParams error built in block b: an
// invalid-params finding whatever the cause, unless the request itself
// is what is invalid.
func (c *classifier) invalidParams(b *ssa.BasicBlock, site token.Pos) origin {
	if c.flow.Unreachable(b) {
		return origin{nilValue: true}
	}
	for _, cond := range c.flow.ControlConditions(b) {
		if c.flow.Taint(cond)&argflow.RequestLevel != 0 {
			return origin{requestLevel: true}
		}
	}
	return origin{category: category.InvalidParams, site: site}
}

// fresh classifies an error created in block b: it is an argument error
// when every branch condition b depends on tests an argument value, and
// request-level when one tests the request itself.
func (c *classifier) fresh(b *ssa.BasicBlock, site token.Pos) origin {
	if c.flow.Unreachable(b) {
		return origin{nilValue: true}
	}
	conds := c.flow.ControlConditions(b)
	if len(conds) == 0 {
		return c.judge.unconditional(site)
	}
	for _, cond := range conds {
		if c.flow.Taint(cond)&argflow.RequestLevel != 0 {
			return origin{requestLevel: true}
		}
	}
	kind := category.Validate
	for _, cond := range conds {
		t := c.flow.Taint(cond)
		if t == 0 {
			t = c.flow.LoopFailure(cond)
		}
		if t == 0 {
			return origin{category: category.ToolError}
		}
		if t&argflow.DecodeFailure != 0 {
			kind = category.Decode
		}
	}
	if p := valuePos(conds[0]); p.IsValid() {
		site = p
	}
	return origin{category: kind, site: site}
}

// valuePos returns the source position of v, or of the operation it is
// derived from when v itself has none: the ok of a comma-ok type
// assertion or map lookup, or its negation, points at the assertion or
// the lookup.
func valuePos(v ssa.Value) token.Pos {
	for range maxDepth {
		if p := v.Pos(); p.IsValid() {
			return p
		}
		switch x := v.(type) {
		case *ssa.Extract:
			v = x.Tuple
		case *ssa.UnOp:
			v = x.X
		default:
			return token.NoPos
		}
	}
	return token.NoPos
}
