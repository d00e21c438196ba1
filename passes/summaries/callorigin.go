package summaries

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/argflow"
	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/analysis/summary"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

const maxDepth = 16

// originOf classifies one source value of a returned error.
func (c *classifier) originOf(src ssa.Value, depth int) summary.Origin {
	if depth > maxDepth {
		return summary.Origin{Category: category.ToolError}
	}
	if o, ok := c.memo[src]; ok {
		return o
	}
	if c.memo == nil {
		c.memo = make(map[ssa.Value]summary.Origin)
	}
	c.memo[src] = summary.Origin{Nil: true}
	o := c.sourceOrigin(src, depth)
	c.memo[src] = o
	return o
}

func (c *classifier) sourceOrigin(src ssa.Value, depth int) summary.Origin {
	switch v := src.(type) {
	case *ssa.Const:
		if v.IsNil() {
			return summary.Origin{Nil: true}
		}
	case *ssa.Parameter:
		if i, ok := c.errParams[v]; ok {
			return summary.Origin{Wraps: 1 << i}
		}
	case *ssa.Alloc:
		if pe, ok := c.sdks.ProtocolError(v.Type()); ok {
			if code, ok := ssaval.StoredConst(v, pe.CodeField); ok && code.Kind() == constant.Int && constant.Compare(code, token.EQL, constant.MakeInt64(sdk.InvalidParamsCode)) {
				return c.invalidParams(v.Block(), v.Pos())
			}
			return c.fresh(v.Block(), v.Pos())
		}
		// An error of the project's own type that holds another error
		// (&ProtocolError{Code: ..., Err: err}) keeps its origin, as
		// fmt.Errorf("%w") does: errors.As and Unwrap see through both.
		if o, ok := c.heldOrigin(v, depth); ok {
			return o
		}
		// Any other error of the project's own type (&ValidationError{
		// Field: "script"}) is as fresh as errors.New's.
		if sdk.ImplementsError(v.Type()) {
			return c.fresh(v.Block(), v.Pos())
		}
	case *ssa.UnOp:
		if g, ok := v.X.(*ssa.Global); ok {
			if obj, ok := g.Object().(*types.Var); ok && c.sdks.IsInvalidParamsSentinel(obj) {
				return c.invalidParams(v.Block(), v.Pos())
			}
			// A sentinel error is as fresh as a new one.
			return c.fresh(v.Block(), v.Pos())
		}
	case *ssa.Lookup:
		// A prepared error picked from a map (argErrors["days"]) is as
		// fresh as a sentinel.
		if !v.CommaOk {
			return c.fresh(v.Block(), v.Pos())
		}
	case *ssa.Call, *ssa.Extract:
		if call, _ := ssaval.CallOf(v); call != nil {
			return c.callOrigin(call, depth)
		}
	}
	return summary.Origin{Category: category.ToolError}
}

// callOrigin classifies the error a call returns: by what the role table
// or a summary says of the callee, as another handler's, as an error
// that wraps others, by the functions a dynamic call may run, or as the
// judgement has it.
func (c *classifier) callOrigin(call *ssa.Call, depth int) summary.Origin {
	class := c.flow.Classify(call.Common())
	if o, ok := c.classOrigin(call, class, depth); ok {
		return o
	}
	if fn := call.Common().StaticCallee(); fn != nil && c.s.isHandler(fn) {
		return c.judge.calledHandler()
	}
	if o, ok := c.wrappingOrigin(call, class, depth); ok {
		return o
	}
	if o, ok := c.dynamicOrigin(call); ok {
		return o
	}
	return c.judge.opaqueCall(call)
}

// classOrigin classifies the error of a call by its class, when the class
// decides it.
func (c *classifier) classOrigin(call *ssa.Call, class argflow.Class, depth int) (summary.Origin, bool) {
	switch class.Kind {
	case argflow.IsErrorResult:
		return summary.Origin{Nil: true}, true // the problem is in the result
	case argflow.Decode:
		return summary.Origin{Category: category.Decode, Site: call.Pos()}, true
	case argflow.Validate:
		return summary.Origin{Category: category.Validate, Site: call.Pos()}, true
	case argflow.Pure:
		if class.Checked&argflow.ArgValue != 0 && !class.NotCheck {
			return summary.Origin{Category: category.Validate, Site: call.Pos()}, true // a parse error
		}
		return summary.Origin{Category: category.ToolError}, true
	case argflow.Summarized:
		return c.summaryOrigin(call, depth), true
	}
	return summary.Origin{}, false
}

// wrappingOrigin classifies the error of a call that builds an error from
// other errors, or is given them: it keeps their origin
// (fmt.Errorf("...: %w", err), errors.Join, logAndReturn(err)). An error
// constructor that wraps nothing makes a fresh error.
func (c *classifier) wrappingOrigin(call *ssa.Call, class argflow.Class, depth int) (summary.Origin, bool) {
	wrapped, ok := c.wrappedOrigin(call, depth)
	if class.Kind == argflow.ErrorConstructor {
		// fmt.Errorf makes an error even when what it wraps is nil: in a
		// helper (logAndReturnError(msg, err)), its caller's conditions
		// tell what that error means when it passes nil.
		if !ok || wrapped.Nil {
			if i, ok := c.derivedFromErrParam(call); ok {
				return summary.Origin{Wraps: 1 << i}, true
			}
			return c.fresh(call.Block(), call.Pos()), true
		}
		// Only a helper's errors wrap its error parameters.
		if wrapped.Wraps != 0 {
			var j summary.Joined
			j.AddWrapped(wrapped)
			j.AddWrapped(c.fresh(call.Block(), call.Pos()))
			return j.Result(), true
		}
	}
	return wrapped, ok
}

// dynamicOrigin classifies the error of a call through an interface, a
// function value the package's value flow resolves, or a struct field
// whose stored functions are known.
func (c *classifier) dynamicOrigin(call *ssa.Call) (summary.Origin, bool) {
	if call.Common().IsInvoke() {
		return c.dispatchOrigin(call)
	}
	if o, ok := c.resolvedOrigin(call); ok {
		return o, true
	}
	return c.fieldOrigin(call)
}

// resolvedOrigin classifies the error of a call of a function value that
// the package's value flow resolves to functions of its own, all of them
// (t.Handler(ctx, req), with t from a table of tools the package builds):
// forwarded when each is a handler analyzed on its own, else what the
// summaries of the others say.
func (c *classifier) resolvedOrigin(call *ssa.Call) (summary.Origin, bool) {
	if c.s.reach() == nil {
		return summary.Origin{}, false
	}
	callees, complete := c.s.reach().Callees(call.Common())
	if !complete || len(callees) == 0 {
		return summary.Origin{}, false
	}
	taints := c.flow.ArgTaints(call.Common())
	var j summary.Joined
	for _, fn := range callees {
		switch sum := c.s.summaryOf(fn); {
		case c.s.isHandler(fn), c.s.converted(fn):
			// A handler's error is judged where it is returned; one
			// whose every path to the SDK converts it reaches this call
			// only on such a path (a shared adapter that one guard
			// wraps and a logger another).
			j.Add(c.judge.calledHandler())
		case sum != nil:
			if o := sum.Pick(taints, c.argFields(call.Common())); o.Category != category.None {
				j.Add(c.s.outcomeOrigin(fn, o))
			} else {
				j.Add(summary.Origin{Nil: true})
			}
		default:
			j.Add(summary.Origin{Category: category.ToolError})
		}
	}
	return j.Result(), true
}

// derivedFromErrParam reports, for a helper being summarized, whether the
// error that call makes is a rewrite of one of the helper's error
// parameters: made from its text or from what errors.As found in it
// (fmt.Errorf("invalid %s: %s", ute.Field, err.Error())), or made only
// where a test of it holds (if errors.As(err, &ute) { return
// fmt.Errorf(...) }). It is that error in other words, and keeps its
// origin, whatever message it makes.
func (c *classifier) derivedFromErrParam(call *ssa.Call) (int, bool) {
	if len(c.errParams) == 0 {
		return 0, false
	}
	seen := make(map[ssa.Value]bool)
	for _, op := range ssaval.Operands(call.Common()) {
		if i, ok := ssaval.ParamOf(op, c.errParams, seen); ok {
			return i, true
		}
	}
	for _, cond := range c.flow.ControlConditions(call.Block()) {
		if i, ok := ssaval.ParamOf(cond, c.errParams, seen); ok {
			return i, true
		}
	}
	return 0, false
}

// argFields tells, for a summary's pick, how the fields of the struct
// operands of call relate to the arguments.
func (c *classifier) argFields(call *ssa.CallCommon) func(param int) map[string]argflow.Taint {
	return func(param int) map[string]argflow.Taint { return c.flow.ArgFields(call, param) }
}

// summaryOrigin classifies the error of a call to a summarized function:
// the errors it makes, judged by its summary, joined with those it makes
// unconditionally, judged by the conditions of the call here, and those
// it wraps, judged where they come from.
func (c *classifier) summaryOrigin(call *ssa.Call, depth int) summary.Origin {
	common := call.Common()
	fn := common.StaticCallee()
	o := c.s.summaryOf(fn).Pick(c.flow.ArgTaints(common), c.argFields(common))
	var j summary.Joined
	if o.Category != category.None {
		j.AddWrapped(c.s.outcomeOrigin(fn, o))
	}
	var wrapped summary.Joined
	for _, i := range o.Wraps {
		for _, arg := range argflow.Arg(common, i) {
			for _, src := range ssaval.Sources(arg) {
				if isErrorValue(src) {
					wrapped.AddWrapped(c.originOf(src, depth+1))
				}
			}
		}
	}
	if w := wrapped.Result(); !w.Nil {
		j.AddWrapped(w)
	} else if o.Fresh {
		// It makes a new error (of what it was given, nil here): the
		// conditions of the call tell what that error means.
		j.AddWrapped(c.fresh(call.Block(), call.Pos()))
	}
	return j.Result()
}

// wrappedOrigin classifies the error operands of call together; ok is
// false when call takes no non-nil error.
func (c *classifier) wrappedOrigin(call *ssa.Call, depth int) (summary.Origin, bool) {
	var j summary.Joined
	for _, op := range ssaval.Operands(call.Common()) {
		for _, src := range ssaval.Sources(op) {
			if isErrorValue(src) {
				if o := c.originOf(src, depth+1); !o.Nil && !o.RequestLevel {
					j.AddWrapped(o)
				}
			}
		}
	}
	return j.Result(), j.Any()
}

// heldOrigin classifies the errors stored into the fields of a, an
// allocation of an error type; ok is false when it holds none.
func (c *classifier) heldOrigin(a *ssa.Alloc, depth int) (summary.Origin, bool) {
	if !isErrorValue(a) {
		return summary.Origin{}, false
	}
	var j summary.Joined
	for _, ref := range *a.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || fa.X != a {
			continue
		}
		for _, r := range *fa.Referrers() {
			st, ok := r.(*ssa.Store)
			if !ok || st.Addr != fa || !isErrorValue(st.Val) {
				continue
			}
			for _, src := range ssaval.Sources(st.Val) {
				if o := c.originOf(src, depth+1); !o.Nil && !o.RequestLevel {
					j.AddWrapped(o)
				}
			}
		}
	}
	return j.Result(), j.Any()
}
