package unflagged

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

// An errUse is an error value whose text a string carries, and, when the
// string calls its Error method, the block of that call: the error is
// non-nil there (or the call panics).
type errUse struct {
	err    ssa.Value
	called *ssa.BasicBlock
}

// errorsIn returns the error values the string v is built from: through
// concatenation, conversions, phis and local variables, the Error method,
// and the operands of fmt's and strings' functions (fmt.Sprintf("failed:
// %v", err), strings.TrimSpace(err.Error())).
func errorsIn(v ssa.Value, depth int, seen map[ssa.Value]bool) []errUse {
	if depth > maxTraceDepth || seen[v] {
		return nil
	}
	seen[v] = true
	var out []errUse
	for _, src := range ssaval.Sources(v) {
		switch x := src.(type) {
		case *ssa.BinOp:
			if x.Op == token.ADD {
				out = append(out, errorsIn(x.X, depth+1, seen)...)
				out = append(out, errorsIn(x.Y, depth+1, seen)...)
			}
		case *ssa.Convert:
			out = append(out, errorsIn(x.X, depth+1, seen)...)
		case *ssa.Call:
			common := x.Common()
			fn := ssaval.Callee(common)
			if fn == nil {
				continue
			}
			if recv := errorMethodReceiver(common, fn); recv != nil {
				out = append(out, errUse{err: stripInterface(recv), called: x.Block()})
				continue
			}
			if fn.Pkg() == nil || !textPackages[fn.Pkg().Path()] {
				continue
			}
			for _, op := range ssaval.Operands(common) {
				op = stripInterface(op)
				switch {
				case sdk.ImplementsError(op.Type()):
					out = append(out, errUse{err: op})
				case isString(op.Type()):
					out = append(out, errorsIn(op, depth+1, seen)...)
				}
			}
		}
	}
	return out
}

// textPackages are the packages whose functions build strings from their
// operands' text.
var textPackages = map[string]bool{"fmt": true, "strings": true}

// errorMethodReceiver returns the error whose Error method common calls.
func errorMethodReceiver(common *ssa.CallCommon, fn *types.Func) ssa.Value {
	sig := fn.Signature()
	if fn.Name() != "Error" || sig.Recv() == nil || sig.Params().Len() != 0 || sig.Results().Len() != 1 || !isString(sig.Results().At(0).Type()) {
		return nil
	}
	var recv ssa.Value
	switch {
	case common.IsInvoke():
		recv = common.Value
	case len(common.Args) > 0:
		recv = common.Args[0]
	default:
		return nil
	}
	if !sdk.ImplementsError(recv.Type()) {
		return nil
	}
	return recv
}

func isString(t types.Type) bool {
	basic, ok := t.Underlying().(*types.Basic)
	return ok && basic.Info()&types.IsString != 0
}

// stripInterface returns v before conversions to interfaces.
func stripInterface(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		default:
			return v
		}
	}
}

// nonNil reports whether use's error is non-nil wherever block b runs:
// b is reached only through the branch of a test that it is not nil
// (err != nil, !(err == nil), errors.Is(err, target)), or only after
// its Error method was called.
func nonNil(use errUse, b *ssa.BasicBlock) bool {
	if b == nil {
		return false
	}
	if use.called != nil && use.called.Dominates(b) {
		return true
	}
	for d := b; d != nil; d = d.Idom() {
		if len(d.Preds) != 1 {
			continue
		}
		p := d.Preds[0]
		ifInstr, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok || len(p.Succs) != 2 || p.Succs[0] == p.Succs[1] {
			continue
		}
		if testsNonNil(ifInstr.Cond, use.err, d == p.Succs[0]) {
			return true
		}
	}
	return false
}

// testsNonNil reports whether cond, evaluating to taken, says err is not
// nil.
func testsNonNil(cond, err ssa.Value, taken bool) bool {
	if not, ok := cond.(*ssa.UnOp); ok && not.Op == token.NOT {
		return testsNonNil(not.X, err, !taken)
	}
	switch c := cond.(type) {
	case *ssa.BinOp:
		if c.Op != token.EQL && c.Op != token.NEQ {
			return false
		}
		x, y := stripInterface(c.X), stripInterface(c.Y)
		if k, ok := x.(*ssa.Const); ok {
			x, y = y, k
		}
		if k, ok := y.(*ssa.Const); !ok || !k.IsNil() || !sameError(x, err) {
			return false
		}
		return (c.Op == token.NEQ) == taken
	case *ssa.Call:
		// errors.Is(err, target) and errors.As(err, &target) hold only
		// for a non-nil err.
		fn := ssaval.Callee(c.Common())
		if !taken || fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "errors" || fn.Name() != "Is" && fn.Name() != "As" {
			return false
		}
		return len(c.Common().Args) > 0 && sameError(stripInterface(c.Common().Args[0]), err)
	}
	return false
}

// sameError reports whether tested, the error a condition tests, is the
// error err: the same value, or loads of one variable that is not
// assigned after the test (a named result that a deferred function
// sees, which the SSA form keeps in memory, or captures).
func sameError(tested, err ssa.Value) bool {
	if tested == err {
		return true
	}
	l1, ok1 := tested.(*ssa.UnOp)
	l2, ok2 := err.(*ssa.UnOp)
	if !ok1 || !ok2 || l1.Op != token.MUL || l2.Op != token.MUL || l1.X != l2.X {
		return false
	}
	a, ok := l1.X.(*ssa.Alloc)
	if !ok || !l1.Block().Dominates(l2.Block()) {
		return false
	}
	for _, ref := range *a.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			// Before the test, or on no path to the error's use.
			if !ssaval.Dominates(r, l1) && ssaval.Reaches(r, l2) {
				return false
			}
		case *ssa.UnOp, *ssa.DebugRef:
		case *ssa.MakeClosure:
			// A deferred closure that captures it (a recover that sets
			// the named error) runs when the function returns, after
			// the result is built.
			if !ssaval.OnlyDeferred(r) {
				return false
			}
		default:
			return false // its address is taken
		}
	}
	return true
}

// errPos returns where the error value v is made, if it has a position.
func errPos(v ssa.Value) token.Pos {
	for _, src := range ssaval.Sources(v) {
		if call, _ := ssaval.CallOf(src); call != nil {
			return call.Pos()
		}
		if p := src.Pos(); p.IsValid() {
			return p
		}
	}
	return token.NoPos
}

// maxTraceDepth bounds the values followed back from a returned result.
const maxTraceDepth = 16
