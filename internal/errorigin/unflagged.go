package errorigin

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/argflow"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/sorted"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
)

// An Unflagged is a return of a tool handler that answers a failure with a
// result that is not marked as an error: its text is built from an error
// value (err.Error(), fmt.Sprintf("...%v", err), a concatenation), on a
// path where that error is non-nil, the result has no IsError, and the
// returned error is nil. The client, server middleware and the SDK's
// GetError read it as a success. Its category is "unflagged-error".
type Unflagged struct {
	Func *Func
	// Pos is the position of the statement's return keyword.
	Pos token.Pos
	// Build is where the result is built: the left parenthesis of the call
	// of a text result builder (NewToolResultText), or, when Literal is
	// set, the left brace of the result's composite literal.
	Build   token.Pos
	Literal bool
	// Err is where the error value whose text the result carries is
	// made, when it has a position.
	Err token.Pos
}

// unflagged returns the unflagged error results the package's handlers
// return, by position. A handler whose result its forwarders drop is
// left out: its result never reaches the client.
func unflagged(fset *token.FileSet, hs *handlers.Result) []*Unflagged {
	var out []*Unflagged
	for _, h := range hs.Handlers {
		if !h.ResultForwarded {
			continue
		}
		var info *Func
		for _, b := range h.Fn.Blocks {
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok || len(ret.Results) < 2 || !sdk.IsError(ret.Results[len(ret.Results)-1].Type()) || !ret.Pos().IsValid() {
				continue
			}
			u := unflaggedReturn(h.SDK, ret)
			if u == nil {
				continue
			}
			if info == nil {
				info = newFunc(h)
			}
			u.Func = info
			out = append(out, u)
		}
	}
	slices.SortFunc(out, func(a, b *Unflagged) int { return sorted.ComparePositions(fset, a.Pos, b.Pos) })
	return out
}

// unflaggedReturn returns the Unflagged ret is, if it is one.
func unflaggedReturn(b *sdk.Binding, ret *ssa.Return) *Unflagged {
	for _, src := range returned(ret, ret.Results[len(ret.Results)-1]) {
		if k, ok := src.(*ssa.Const); !ok || !k.IsNil() {
			return nil // a non-nil error: the result is dropped
		}
	}
	res := ret.Results[0]
	if !b.IsResultPointer(res.Type()) {
		return nil
	}
	for _, src := range returned(ret, res) {
		texts, u := textResult(b, src)
		if u == nil || marked(b, src) {
			continue
		}
		for _, text := range texts {
			for _, use := range errorsIn(text, 0, make(map[ssa.Value]bool)) {
				if nonNil(use, ret.Block()) || nonNil(use, src.(ssa.Instruction).Block()) {
					u.Pos = ret.Pos()
					u.Err = errPos(use.err)
					return u
				}
			}
		}
	}
	return nil
}

// returned returns the values v, a result of ret, may have come from.
// A named result that a deferred function may assign is read back after
// the deferred calls run: what the return statement stored into it, in
// the block of the return, is what it returns unless a deferred call
// changes it (a recover on a panic's path, not this one).
func returned(ret *ssa.Return, v ssa.Value) []ssa.Value {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL && load.Block() == ret.Block() {
		if a, ok := load.X.(*ssa.Alloc); ok {
			instrs := ret.Block().Instrs
			for i := slices.Index(instrs, ssa.Instruction(load)) - 1; i >= 0; i-- {
				if st, ok := instrs[i].(*ssa.Store); ok && st.Addr == a {
					return argflow.Sources(st.Val)
				}
			}
		}
	}
	return argflow.Sources(v)
}

// textResult returns the texts of the result src builds, and where it
// builds it: a call of one of the SDK's text result builders, or a
// composite literal of the result type whose content holds text
// contents.
func textResult(b *sdk.Binding, src ssa.Value) ([]ssa.Value, *Unflagged) {
	switch v := src.(type) {
	case *ssa.Call:
		if fn := argflow.Callee(v.Common()); fn != nil && b.IsTextResultFunc(fn) && len(v.Common().Args) > 0 {
			return []ssa.Value{v.Common().Args[0]}, &Unflagged{Build: v.Pos()}
		}
	case *ssa.Alloc:
		if !v.Pos().IsValid() || !b.IsResultPointer(v.Type()) {
			return nil, nil
		}
		var texts []ssa.Value
		seen := make(map[ssa.Value]bool)
		for _, val := range storedInto(v, b.TextResult.ContentField) {
			texts = append(texts, contentTexts(b, val, seen)...)
		}
		if len(texts) > 0 {
			return texts, &Unflagged{Build: v.Pos(), Literal: true}
		}
	}
	return nil, nil
}

// storedInto returns the values stored into the named field of the
// struct a points to.
func storedInto(a ssa.Value, field string) []ssa.Value {
	var out []ssa.Value
	for _, ref := range *a.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || fa.X != a || fieldName(fa) != field {
			continue
		}
		for _, r := range *fa.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == fa {
				out = append(out, st.Val)
			}
		}
	}
	return out
}

func fieldName(fa *ssa.FieldAddr) string {
	if f := structField(fa.X.Type(), fa.Field); f != nil {
		return f.Name()
	}
	return ""
}

// contentTexts returns the texts of the text contents a content slice
// holds: the elements of a slice literal, and of what append adds; seen
// holds the slices met so far (a slice appended to in a loop is its own
// operand).
func contentTexts(b *sdk.Binding, slice ssa.Value, seen map[ssa.Value]bool) []ssa.Value {
	if seen[slice] {
		return nil
	}
	seen[slice] = true
	var out []ssa.Value
	for _, src := range argflow.Sources(slice) {
		switch v := src.(type) {
		case *ssa.Slice:
			elems, _ := argflow.SliceLiteral(v)
			for _, elem := range elems {
				out = append(out, elementText(b, elem)...)
			}
		case *ssa.Call:
			if bi, ok := v.Common().Value.(*ssa.Builtin); ok && bi.Name() == "append" {
				for _, op := range argflow.Operands(v.Common()) {
					if _, isSlice := op.Type().Underlying().(*types.Slice); isSlice {
						out = append(out, contentTexts(b, op, seen)...)
					} else {
						out = append(out, elementText(b, op)...)
					}
				}
			}
		}
	}
	return out
}

// elementText returns the text of a content element: a text content
// literal (by pointer or by value), or a call of a text content builder.
func elementText(b *sdk.Binding, v ssa.Value) []ssa.Value {
	v = stripInterface(v)
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X
	}
	switch x := v.(type) {
	case *ssa.Alloc:
		if b.IsTextContent(x.Type()) {
			return storedInto(x, b.TextResult.TextField)
		}
	case *ssa.Call:
		if fn := argflow.Callee(x.Common()); fn != nil && b.IsTextContentFunc(fn) && len(x.Common().Args) > 0 {
			return []ssa.Value{x.Common().Args[0]}
		}
	}
	return nil
}

// marked reports whether the result src may be marked as an error after
// it is built, or goes where it may be: a store into its IsError field
// (of anything but false), or a call it is given (SetError, a helper).
func marked(b *sdk.Binding, src ssa.Value) bool {
	for _, ref := range *src.Referrers() {
		switch r := ref.(type) {
		case *ssa.Return, *ssa.DebugRef, *ssa.Phi:
		case *ssa.FieldAddr:
			if fieldName(r) != b.TextResult.IsErrorField {
				continue
			}
			for _, rr := range *r.Referrers() {
				if st, ok := rr.(*ssa.Store); ok && st.Addr == r {
					if k, ok := st.Val.(*ssa.Const); !ok || k.Value == nil || k.Value.String() != "false" {
						return true
					}
				}
			}
		case *ssa.Store:
			// A named result that a deferred function can see is a
			// local variable; anywhere else, what happens to the
			// result there is unknown.
			if _, local := r.Addr.(*ssa.Alloc); r.Val == src && !local {
				return true
			}
		default:
			return true
		}
	}
	return false
}

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
	if depth > maxDepth || seen[v] {
		return nil
	}
	seen[v] = true
	var out []errUse
	for _, src := range argflow.Sources(v) {
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
			fn := argflow.Callee(common)
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
			for _, op := range argflow.Operands(common) {
				op = stripInterface(op)
				switch {
				case isErrorValue(op):
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
	if !isErrorValue(recv) {
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
		fn := argflow.Callee(c.Common())
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
// sees, which the SSA form keeps in memory).
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
			if !dominates(r, l1) && reaches(r, l2) {
				return false
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return false // its address is taken
		}
	}
	return true
}

// errPos returns where the error value v is made, if it has a position.
func errPos(v ssa.Value) token.Pos {
	for _, src := range argflow.Sources(v) {
		if call, _ := argflow.CallOf(src); call != nil {
			return call.Pos()
		}
		if p := src.Pos(); p.IsValid() {
			return p
		}
	}
	return token.NoPos
}
