package summary

import (
	"maps"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/argflow"
)

// The parts of an outcome that the function's argument flow alone tells,
// without classifying its errors.

// MaxFields bounds the fields of a struct summarized one by one: a
// parameter's outcomes by field, a result's fields that hold argument
// values.
const MaxFields = 16

// FieldValues returns, for each struct result whose values (byResult, by
// result index) hold argument values in some of its fields only, those
// fields: a caller sees argument values in those fields of what it gets.
func FieldValues(flow *argflow.Func, byResult map[int][]ssa.Value) []argflow.FieldValue {
	var out []argflow.FieldValue
	for _, i := range slices.Sorted(maps.Keys(byResult)) {
		vals := byResult[i]
		st := argflow.StructFields(vals[0].Type())
		if st == nil || st.NumFields() > MaxFields {
			continue
		}
		var held []argflow.FieldValue
		for j := range st.NumFields() {
			for _, v := range vals {
				if flow.FieldTaint(v, j)&argflow.ArgValue != 0 {
					held = append(held, argflow.FieldValue{Result: i, Field: st.Field(j).Name()})
					break
				}
			}
		}
		if len(held) < st.NumFields() {
			out = append(out, held...)
		}
	}
	return out
}

// Fills returns the parameters of fn, by index, that a decode in fn
// fills, by its argument flow.
func Fills(fn *ssa.Function, flow *argflow.Func) []int {
	var out []int
	add := func(target ssa.Value) {
		if p, ok := argflow.Unwrap(target).(*ssa.Parameter); ok {
			if i := slices.Index(fn.Params, p); i >= 0 && !slices.Contains(out, i) {
				out = append(out, i)
			}
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			class := flow.Classify(call.Common())
			if class.Kind == argflow.Decode {
				add(class.Target)
			}
			for _, t := range class.Targets {
				add(t)
			}
		}
	}
	slices.Sort(out)
	return out
}
