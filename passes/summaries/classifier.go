package summaries

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/argflow"
	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/analysis/summary"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
)

// A classifier tells where the errors one function returns come from:
// the rules every function shares, with a judgement for what the rules
// leave to the function being classified, a handler's returns (judged
// where they are) or a helper's, for its summary.
type classifier struct {
	flow  *argflow.Func
	sdks  sdk.Bindings
	s     knowing // the summaries, and the handlers when classifying theirs
	judge judgement

	// errParams are a helper's error parameters (the first 64: see
	// summarize), whose errors it passes on for its callers to judge;
	// nil for a handler.
	errParams map[*ssa.Parameter]int

	// memo holds the origin of each source classified so far. A source
	// met again while it is being classified (an error wrapped in a
	// loop) adds nothing, so it counts as nil meanwhile.
	memo map[ssa.Value]summary.Origin

	// markMemo holds the error types each source may hold (marks).
	markMemo map[ssa.Value][]string
}

// A judgement decides what the rules of the classifier leave to the
// function being classified.
type judgement interface {
	// calledHandler is the origin of the error of a call of a handler
	// that is analyzed on its own.
	calledHandler() summary.Origin
	// opaqueCall is the origin of the error of a call that no rule
	// classifies.
	opaqueCall(call *ssa.Call) summary.Origin
	// unconditional is the origin of an error made at site whatever the
	// arguments hold.
	unconditional(site token.Pos) summary.Origin
}

// judgeHandler judges a handler's returns: an error of another handler
// is judged there, and an error made whatever the arguments hold is no
// argument error.
type judgeHandler struct{}

func (judgeHandler) calledHandler() summary.Origin { return summary.Origin{Forwarded: true} }

func (judgeHandler) opaqueCall(call *ssa.Call) summary.Origin {
	// Calling a function it was given (next(ctx, req) in middleware)
	// forwards; calling a method of an interface it was given
	// (ctx.Err(), api.Fetch(...)) does not.
	if common := call.Common(); !common.IsInvoke() {
		switch common.Value.(type) {
		case *ssa.Parameter, *ssa.FreeVar:
			return summary.Origin{Forwarded: true}
		}
	}
	return summary.Origin{Category: category.ToolError}
}

func (judgeHandler) unconditional(token.Pos) summary.Origin {
	return summary.Origin{Category: category.ToolError}
}

// judgeHelper summarizes a helper: an error it makes whatever its
// parameters hold is fresh, for each caller to judge by its own
// conditions; the errors of the calls it cannot see into are no
// argument errors, whatever they forward.
type judgeHelper struct{}

func (judgeHelper) calledHandler() summary.Origin {
	return summary.Origin{Category: category.ToolError}
}

func (judgeHelper) opaqueCall(*ssa.Call) summary.Origin {
	return summary.Origin{Category: category.ToolError}
}

func (judgeHelper) unconditional(site token.Pos) summary.Origin {
	return summary.Origin{Fresh: true, Site: site}
}

// classifyReturn returns the kind of the error ret returns, if it
// reaches the client as a protocol error, and where it comes from.
func (c *classifier) classifyReturn(h *handlers.Handler, ret *ssa.Return) (category.Kind, summary.Origin) {
	errVal := ret.Results[len(ret.Results)-1]
	sources := ssaval.Sources(errVal)
	if h.Kind == sdk.Typed && !c.allProtocolErrors(sources) {
		// The SDK turns every other error into a tool error; but a
		// helper that builds an category.InvalidParams protocol error on some of
		// its paths (an invalid cursor) and plain errors on others
		// still sends that one to the client as a protocol error.
		if o := c.join(sources); o.Category == category.InvalidParams && c.someProtocolErrors(sources) {
			return o.Category, o
		}
		return category.None, summary.Origin{}
	}
	if escaping := c.s.escaping(h.Fn); len(escaping) > 0 {
		// Its wrappers turn its errors into tool results, but for the
		// marked ones they pass on as protocol errors.
		if !intersects(c.marks(sources), escaping) {
			return category.None, summary.Origin{}
		}
		if o := c.join(sources); o.Category > category.ToolError {
			return o.Category, o
		}
		return category.None, summary.Origin{}
	}
	switch o := c.join(sources); {
	case o.Category == category.ToolError || o.Category > category.ToolError && c.testedByType(ret.Block(), sources):
		return category.ToolError, summary.Origin{Site: ret.Pos()}
	case o.Category != category.None:
		return o.Category, o
	}
	return category.None, summary.Origin{}
}

// allProtocolErrors reports whether every non-nil source is a value of
// one of the SDK's protocol error types, which a typed handler passes
// through (the SDK checks with a type assertion, so a wrapped one does
// not escape).
func (c *classifier) allProtocolErrors(sources []ssa.Value) bool {
	any := false
	for _, src := range sources {
		if k, ok := src.(*ssa.Const); ok && k.IsNil() {
			continue
		}
		if _, ok := c.sdks.ProtocolError(src.Type()); !ok && !c.returnsProtocolError(src) {
			return false
		}
		any = true
	}
	return any
}

// testedByType reports whether block b, where an error from sources is
// returned, is reached only through a test of that error's identity or
// type (if errors.Is(err, ErrUnknownTarget) { return an IsError result };
// return nil, err): the handler has set its callee's argument failures
// apart, and what it returns here is the rest.
func (c *classifier) testedByType(b *ssa.BasicBlock, sources []ssa.Value) bool {
	calls := make(map[*ssa.Call]bool)
	for _, src := range sources {
		if call, _ := ssaval.CallOf(src); call != nil {
			calls[call] = true
		}
	}
	for _, cond := range c.flow.ControlConditions(b) {
		if not, ok := cond.(*ssa.UnOp); ok && not.Op == token.NOT {
			cond = not.X
		}
		test, ok := cond.(*ssa.Call)
		if !ok {
			continue
		}
		row, ok := c.flow.Roles.Lookup(ssaval.Callee(test.Common()))
		ops := ssaval.Operands(test.Common())
		if !ok || row.Role != roles.ErrorMatch || row.Data >= len(ops) {
			continue
		}
		for _, src := range ssaval.Sources(ops[row.Data]) {
			if call, _ := ssaval.CallOf(src); calls[call] {
				return true
			}
		}
	}
	return false
}

// someProtocolErrors reports whether some source may hold a value of one
// of the SDKs' protocol error types, by the marks of the helpers that
// make it.
func (c *classifier) someProtocolErrors(sources []ssa.Value) bool {
	return slices.ContainsFunc(c.marks(sources), c.sdks.IsProtocolErrorName)
}

// returnsProtocolError reports whether v is the error result of a call to
// a function whose summary says it returns only protocol error values
// (decodeArgs returning &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams}).
func (c *classifier) returnsProtocolError(v ssa.Value) bool {
	call, _ := ssaval.CallOf(v)
	if call == nil {
		return false
	}
	fn := call.Common().StaticCallee()
	if fn == nil {
		return false
	}
	sum := c.s.summaryOf(fn)
	return sum != nil && !sum.Handler && sum.Pick(c.flow.ArgTaints(call.Common()), c.argFields(call.Common())).Protocol
}

// join classifies an error value from its sources.
func (c *classifier) join(sources []ssa.Value) summary.Origin {
	var j summary.Joined
	for _, src := range sources {
		j.Add(c.originOf(src, 0))
	}
	return j.Result()
}
