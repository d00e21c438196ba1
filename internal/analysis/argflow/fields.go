package argflow

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
)

// Field sensitivity for structs: a struct built from the server's
// configuration and from arguments (scope := Scope{AccountID:
// cfg.AccountID}; scope.OrgID = req.GetString("org_id", "")) holds
// argument values in some fields only, and a check of another field
// (if scope.AccountID == "") is no check of an argument.

// SeedField makes field i of parameter p, a struct or a pointer to one,
// hold argument values, and no other field of it: the parameter as a
// whole still counts as holding them where it is passed on whole.
func (f *Func) SeedField(p *ssa.Parameter, i int) {
	if f.fieldSeeds == nil {
		f.fieldSeeds = make(map[*ssa.Parameter]int)
	}
	f.fieldSeeds[p] = i
	f.seeds[p] = true
	f.taints.Forget()
}

// StructFields returns the fields of the struct t is or points to, or nil.
func StructFields(t types.Type) *types.Struct {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}

type fieldOf struct {
	v ssa.Value
	i int
}

// FieldTaint returns how field i of v, a struct or a pointer to one,
// relates to the arguments: what was stored into that field of a local
// struct, what a parameter seeded field by field holds there, what a
// summarized call's result holds there; else the taint of v itself.
func (f *Func) FieldTaint(v ssa.Value, i int) Taint {
	return f.taints.Solve(fieldOf{v, i}, func() Taint { return f.fieldTaintOf(v, i) })
}

// fieldTaintOf computes FieldTaint.
func (f *Func) fieldTaintOf(v ssa.Value, i int) Taint {
	switch x := v.(type) {
	case *ssa.Parameter:
		if j, ok := f.fieldSeeds[x]; ok {
			if i == j {
				return ArgValue
			}
			return 0
		}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if a, ok := x.X.(*ssa.Alloc); ok && fieldsLocal(a) {
				return f.storedField(a, i)
			}
		}
	case *ssa.Alloc:
		if fieldsLocal(x) {
			return f.storedField(x, i)
		}
	case *ssa.Phi:
		var t Taint
		for _, e := range x.Edges {
			t |= f.FieldTaint(e, i)
		}
		return t
	case *ssa.Call:
		if t, ok := f.resultField(x, 0, i); ok {
			return t
		}
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			if t, ok := f.resultField(call, x.Index, i); ok {
				return t
			}
		}
	}
	return f.Taint(v) & values
}

// fieldsLocal reports whether the stores in this function tell what the
// fields of the struct variable a hold: it is only loaded and stored,
// whole or field by field. (The stores are taken whatever their order: a
// field stored on one path holds what either path stored.)
func fieldsLocal(a *ssa.Alloc) bool {
	if StructFields(a.Type()) == nil {
		return false
	}
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.UnOp, *ssa.DebugRef:
		case *ssa.Store:
			if ref.Val == a {
				return false
			}
		case *ssa.FieldAddr:
			for _, r := range *ref.Referrers() {
				switch r := r.(type) {
				case *ssa.UnOp, *ssa.DebugRef:
				case *ssa.Store:
					if r.Val == ref {
						return false
					}
				default:
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// storedField returns the taint of what is stored into field i of the
// local struct a, field by field or whole.
func (f *Func) storedField(a *ssa.Alloc, i int) Taint {
	var t Taint
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.FieldAddr:
			if ref.Field != i {
				continue
			}
			for _, r := range *ref.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == ref {
					t |= f.Taint(st.Val) & values
				}
			}
		case *ssa.Store:
			if ref.Addr == a {
				t |= f.FieldTaint(ref.Val, i)
			}
		}
	}
	return t
}

// resultField returns the taint of field i of result index of a
// summarized call, when its summary tells that result field by field.
func (f *Func) resultField(call *ssa.Call, index, i int) (Taint, bool) {
	c := f.Classify(call.Common())
	if c.Kind != Summarized {
		return 0, false
	}
	st := StructFields(call.Type())
	if index >= 0 {
		if tuple, ok := call.Type().(*types.Tuple); ok && index < tuple.Len() {
			st = StructFields(tuple.At(index).Type())
		}
	}
	if st == nil || i >= st.NumFields() {
		return 0, false
	}
	known := false
	for _, fv := range c.Effect.FieldValues {
		if fv.Result == max(index, 0) {
			known = true
			if fv.Field == st.Field(i).Name() {
				return ArgValue, true
			}
		}
	}
	return 0, known
}

// A FieldValue names a field of a result that holds argument values.
type FieldValue struct {
	Result int
	Field  string
}

// ArgFields returns, for the operand a static call passes in parameter p
// of its callee, a struct or a pointer to one, how each named field
// relates to the arguments; for a map literal of the caller's with
// constant string keys, how the value under each key does; nil for any
// other operand.
func (f *Func) ArgFields(c *ssa.CallCommon, p int) map[string]Taint {
	args := Arg(c, p)
	if len(args) != 1 {
		return nil
	}
	st := StructFields(args[0].Type())
	if st == nil {
		return f.literalKeys(args[0])
	}
	out := make(map[string]Taint, st.NumFields())
	for i := range st.NumFields() {
		out[st.Field(i).Name()] = f.FieldTaint(args[0], i)
	}
	return out
}

// literalKeys returns, for a map the function makes and fills with
// constant string keys where it makes it (a composite literal), how the
// value under each key relates to the arguments: those keys are in the
// map wherever it is used, unless it is deleted from, which makes the
// answer nil, as it is for any other value.
func (f *Func) literalKeys(v ssa.Value) map[string]Taint {
	srcs := ssaval.Sources(v)
	if len(srcs) != 1 {
		return nil
	}
	m, ok := srcs[0].(*ssa.MakeMap)
	if !ok {
		return nil
	}
	out := make(map[string]Taint)
	for _, ref := range *m.Referrers() {
		switch ref := ref.(type) {
		case *ssa.MapUpdate:
			k, ok := ref.Key.(*ssa.Const)
			if ok && ref.Block() == m.Block() && k.Value != nil && k.Value.Kind() == constant.String {
				out[constant.StringVal(k.Value)] |= f.Taint(ref.Value) & values
			}
		case *ssa.Call:
			if b, ok := ref.Call.Value.(*ssa.Builtin); ok && b.Name() == "delete" {
				return nil
			}
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
