package assertions

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/argflow"
	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/report"
	"github.com/mcperrlint/mcperrlint/internal/sorted"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
	"github.com/mcperrlint/mcperrlint/passes/paths"
)

// An asserted is a single-value type assertion (x.(T), neither comma-ok
// nor a type switch) on an argument value, in a tool handler or in a
// function of the package a handler passes argument values (or its
// request) to: a wrong-typed or missing argument makes it panic, which
// kills a stdio server or, with mcp-go's WithRecovery, becomes a -32603
// protocol error. Its category is Decode.
type asserted struct {
	// Func is the function that holds the assertion: a handler, or, when
	// Helper is set, a function that handlers pass argument values to,
	// which has no tool result to return. Func.SDK is its handler's.
	Func   *report.Func
	Helper bool
	// Lparen is the position of the left parenthesis of x.(T), which
	// the SSA form keeps; the analyzer finds the expression from it.
	Lparen token.Pos
	// Key is the argument's key when the asserted value is a lookup of a
	// constant key in an argument map (req.GetArguments()["name"]).
	Key    string
	HasKey bool
	// Arguments reports that the asserted value is the arguments
	// themselves (req.Params.Arguments.(map[string]any)).
	Arguments bool
	// Type is the asserted type.
	Type types.Type
}

// maxHelperDepth bounds the chain of helpers followed from a handler.
const maxHelperDepth = 4

// assertions returns the argument assertions of the package's handlers
// and of the helpers they pass argument values to, but for the handlers of
// the SDKs in recovered, whose every server recovers panics.
func (s *walker) assertions(ps *paths.Result, recovered, converted map[string]bool) []*asserted {
	var out []*asserted
	seen := make(map[token.Pos]bool)
	add := func(a *asserted) {
		if !seen[a.Lparen] {
			seen[a.Lparen] = true
			out = append(out, a)
		}
	}
	// helpers: the seeded parameters of each helper, and the handler
	// that first reaches it, in the order they are met.
	type helper struct {
		seeds   []bool
		handler *handlers.Handler
		depth   int
	}
	helpers := make(map[*ssa.Function]*helper)
	var queue []*ssa.Function
	visit := func(fn *ssa.Function, flow *argflow.Func, h *handlers.Handler, depth int, isHelper bool, info *report.Func) {
		validated := s.validatedSchema(h, fn, isHelper)
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.TypeAssert:
					if a := s.assertion(flow, instr, validated); a != nil {
						a.Func, a.Helper = info, isHelper
						add(a)
					}
				case *ssa.Call:
					if depth >= maxHelperDepth {
						continue
					}
					callee := instr.Common().StaticCallee()
					if callee == nil || callee.Pkg != s.pkg || callee.Blocks == nil || callee.Synthetic != "" || s.origins.IsHandler(callee) {
						continue
					}
					args := instr.Common().Args
					if len(args) != len(callee.Params) {
						continue
					}
					hp := helpers[callee]
					grew := false
					for i, arg := range args {
						if flow.Taint(arg)&argflow.ArgValue == 0 && !isRequest(h.SDK, arg.Type()) {
							continue
						}
						if hp == nil {
							hp = &helper{seeds: make([]bool, len(callee.Params)), handler: h, depth: depth + 1}
							helpers[callee] = hp
						}
						if !hp.seeds[i] {
							hp.seeds[i], grew = true, true
						}
					}
					if grew {
						queue = append(queue, callee)
					}
				}
			}
		}
	}
	// A handler whose errors a wrapper converts still panics on a
	// wrong-typed argument: no wrapper's conversion reaches a panic. One
	// that the package's registrations run only below a recover that
	// answers the panic with a tool result does not. Nor does one whose
	// every server recovers panics in middleware, unless a wrapper turned
	// the panic into an error on the way, which the middleware sees as
	// an error: a protocol error, unless the servers convert errors too.
	for _, h := range slices.Concat(ps.Handlers, ps.Converted) {
		// A handler no registration here reaches may panic as it is.
		asPanic := !ps.Reach.Reached[h.Fn] || ps.Reach.Panics[h.Fn]
		asError := ps.Reach.PanicErrors[h.Fn]
		if (!asPanic || recovered[h.SDK.Name]) && (!asError || converted[h.SDK.Name]) {
			continue
		}
		flow := s.flows[h.Fn]
		if flow == nil {
			flow = s.origins.Flow(h.Fn, []*sdk.Binding{h.SDK}, s.seeds.Of(h))
		}
		visit(h.Fn, flow, h, 0, false, ps.Func(h))
	}
	for len(queue) > 0 {
		fn := queue[0]
		queue = queue[1:]
		hp := helpers[fn]
		var seeds []*ssa.Parameter
		for i, seeded := range hp.seeds {
			if seeded && !isRequest(hp.handler.SDK, fn.Params[i].Type()) {
				seeds = append(seeds, fn.Params[i])
			}
		}
		visit(fn, s.origins.Flow(fn, []*sdk.Binding{hp.handler.SDK}, seeds), hp.handler, hp.depth, true, report.NewFunc(fn, hp.handler.SDK, sdk.Raw))
	}
	slices.SortFunc(out, func(a, b *asserted) int { return sorted.ComparePositions(s.pass.Fset, a.Lparen, b.Lparen) })
	return out
}

func isRequest(b *sdk.Binding, t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	return b.IsRequest(t) || b.IsRequest(types.NewPointer(t))
}

// assertion returns the asserted ta is, if it is a single-value
// assertion on an argument value that nothing has made safe: a comma-ok
// test of the same value against the same type that the assertion's
// block depends on, the server's schema validation (validated: the
// schema type of each required argument, by key), or a dynamic type the
// program fixed rather than the arguments (programTyped).
func (s *walker) assertion(flow *argflow.Func, ta *ssa.TypeAssert, validated map[string]string) *asserted {
	if ta.CommaOk || !ta.Pos().IsValid() || flow.Taint(ta.X)&argflow.ArgValue == 0 {
		return nil
	}
	if flow.Unreachable(ta.Block()) || guarded(flow, ta) || programTyped(ta.X) {
		return nil
	}
	a := &asserted{Lparen: ta.Pos(), Type: ta.AssertedType}
	if key, ok := constKey(ta.X); ok {
		a.Key, a.HasKey = key, true
		if schemaType, ok := validated[key]; ok && schemaAssures(schemaType, ta.AssertedType) && argumentsMap(flow.SDKs, ta.X) {
			return nil
		}
	} else if isArgumentsField(flow, ta.X) {
		a.Arguments = true
	}
	return a
}

// constKey returns the constant key of a map lookup v (m["name"]).
func constKey(v ssa.Value) (string, bool) {
	l, ok := v.(*ssa.Lookup)
	if !ok || l.CommaOk {
		return "", false
	}
	k, ok := l.Index.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(k.Value), true
}

// isArgumentsField reports whether v is the request's arguments field
// itself (req.Params.Arguments).
func isArgumentsField(flow *argflow.Func, v ssa.Value) bool {
	var field *types.Var
	switch x := v.(type) {
	case *ssa.Field:
		field = ssaval.StructField(x.X.Type(), x.Field)
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			field = ssaval.StructField(fa.X.Type(), fa.Field)
		}
	}
	if field == nil {
		return false
	}
	for _, b := range flow.SDKs {
		if b.IsArgumentField(field) {
			return true
		}
	}
	return false
}

// guarded reports whether the block of ta depends on a comma-ok assertion
// of the same value to the same type (if _, ok := v.(string); ok { s :=
// v.(string) }), or of a lookup of the same key in the same map.
func guarded(flow *argflow.Func, ta *ssa.TypeAssert) bool {
	for _, cond := range flow.ControlConditions(ta.Block()) {
		if not, ok := cond.(*ssa.UnOp); ok && not.Op == token.NOT {
			cond = not.X
		}
		ex, ok := cond.(*ssa.Extract)
		if !ok || ex.Index != 1 {
			continue
		}
		test, ok := ex.Tuple.(*ssa.TypeAssert)
		if !ok || !types.Identical(test.AssertedType, ta.AssertedType) {
			continue
		}
		if sameValue(test.X, ta.X) {
			return true
		}
	}
	return false
}

// sameValue reports whether a and b are the same value, or lookups of
// the same constant key in the same map.
func sameValue(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	la, ok1 := a.(*ssa.Lookup)
	lb, ok2 := b.(*ssa.Lookup)
	if !ok1 || !ok2 {
		return false
	}
	ka, ok1 := constKey(la)
	kb, ok2 := constKey(lb)
	return ok1 && ok2 && ka == kb && sameMap(la.X, lb.X)
}

// sameMap reports whether a and b are the same map: the same value, or
// calls of the same accessor on the same request (req.GetArguments()).
func sameMap(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	ca, ok1 := a.(*ssa.Call)
	cb, ok2 := b.(*ssa.Call)
	if !ok1 || !ok2 || ca.Common().IsInvoke() || cb.Common().IsInvoke() {
		return false
	}
	fa, fb := ca.Common().StaticCallee(), cb.Common().StaticCallee()
	return fa != nil && fa == fb && slices.Equal(ca.Common().Args, cb.Common().Args)
}
