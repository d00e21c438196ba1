package summary

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
)

// A FieldFunc is the strongest outcome of the functions stored into one
// function-typed field, "path.Type.Field" (see FieldKey), for each
// parameter holding argument values: a registry's
// tools[name].Handler(ctx, args), with the table built in the tools'
// packages, is judged by it.
type FieldFunc struct {
	Field   string
	Outcome Outcome
}

// FieldKey returns "path.Type.Field" for field i of the struct x points to
// or is, or "" when x is no named struct.
func FieldKey(x ssa.Value, i int) string {
	t := x.Type()
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return ""
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return ""
	}
	return named.Obj().Pkg().Path() + "." + named.Obj().Name() + "." + st.Field(i).Name()
}

// LoadedFieldKey returns the FieldKey of the field v is loaded from, or ""
// when v is no load of a field.
func LoadedFieldKey(v ssa.Value) string {
	switch v := v.(type) {
	case *ssa.Field:
		return FieldKey(v.X, v.Field)
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			return FieldKey(fa.X, fa.Field)
		}
	}
	return ""
}

// TypeAndField returns "Type.Field" of a key "path.Type.Field".
func TypeAndField(key string) string {
	field := strings.LastIndexByte(key, '.')
	return key[strings.LastIndexByte(key[:field], '.')+1:]
}

// FieldFuncs returns the field funcs of the outcomes of the functions
// stored into each field, sorted by field and parameter.
func FieldFuncs(byField map[string][]Outcome) []FieldFunc {
	var out []FieldFunc
	for field, outcomes := range byField {
		for _, o := range strongestByParam(outcomes) {
			out = append(out, FieldFunc{Field: field, Outcome: o})
		}
	}
	slices.SortFunc(out, func(a, b FieldFunc) int {
		if c := strings.Compare(a.Field, b.Field); c != 0 {
			return c
		}
		return a.Outcome.Param - b.Outcome.Param
	})
	return out
}

// strongestByParam keeps, for each parameter, the outcome of the
// strongest argument kind, with no position: the functions differ.
func strongestByParam(outcomes []Outcome) []Outcome {
	best := make(map[int]Outcome)
	for _, o := range outcomes {
		if o.Category <= category.ToolError {
			continue
		}
		if b, ok := best[o.Param]; !ok || o.Category > b.Category {
			o.Pos, o.Fresh, o.Wraps, o.Values, o.Fills, o.Tests, o.Marks = token.NoPos, false, nil, nil, nil, nil, nil
			o.Field, o.ByField, o.FieldValues = "", false, nil
			best[o.Param] = o
		}
	}
	var out []Outcome
	for _, o := range best {
		out = append(out, o)
	}
	slices.SortFunc(out, func(a, b Outcome) int { return a.Param - b.Param })
	return out
}
