package summaries

import (
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/argflow"
	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/analysis/summary"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
)

// fieldFuncs is a package fact: what the functions stored into the
// function-typed fields of struct types do, in the package and in those
// it imports (a registry's tools[name].Handler(ctx, args), with the table
// built in the tools' packages). Each package exports what it stores and
// what its imports' facts say, since go vet passes on the package facts
// of direct imports only.
type fieldFuncs struct {
	Fields []summary.FieldFunc
}

// AFact marks fieldFuncs as a fact.
func (*fieldFuncs) AFact() {}

func (f *fieldFuncs) String() string {
	var b strings.Builder
	for i, ff := range f.Fields {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(ff.Field + ": " + ff.Outcome.String())
	}
	return b.String()
}

// storedFieldFuncs computes the package's fieldFuncs fact: what it
// stores into function-typed fields, joined with what its imports'
// facts say.
func (s knowing) storedFieldFuncs() *fieldFuncs {
	byField := make(map[string][]summary.Outcome)
	funcs := s.srcFuncs
	if init := s.pkg.Func("init"); init != nil {
		funcs = append(slices.Clip(funcs), init) // package-level tables
	}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				fa, ok := st.Addr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				if _, isFunc := st.Val.Type().Underlying().(*types.Signature); !isFunc {
					continue
				}
				key := summary.FieldKey(fa.X, fa.Field)
				target := ssaval.FuncValue(st.Val)
				if key == "" || target == nil {
					continue
				}
				if sum := s.summaryOf(target); sum != nil && !sum.Handler {
					byField[key] = append(byField[key], sum.Outcomes...)
				}
			}
		}
	}
	for _, f := range s.pass.AllPackageFacts() {
		if ff, ok := f.Fact.(*fieldFuncs); ok && f.Package != s.pass.Pkg {
			for _, x := range ff.Fields {
				byField[x.Field] = append(byField[x.Field], x.Outcome)
			}
		}
	}
	return &fieldFuncs{Fields: summary.FieldFuncs(byField)}
}

// fieldOrigin classifies the error of a call of a function loaded from a
// function-typed field of a struct, by what the functions stored there
// do, here and in the packages imported.
func (c *classifier) fieldOrigin(call *ssa.Call) (summary.Origin, bool) {
	common := call.Common()
	key := summary.LoadedFieldKey(common.Value)
	if key == "" || c.s.fieldFuncs == nil {
		return summary.Origin{}, false
	}
	taints := c.flow.ArgTaints(common)
	var best summary.Outcome
	for _, ff := range c.s.fieldFuncs.Fields {
		o := ff.Outcome
		if ff.Field != key || o.Category <= best.Category {
			continue
		}
		if o.Param == -1 || o.Param < len(taints) && taints[o.Param]&argflow.ArgValue != 0 {
			best = o
		}
	}
	if best.Category <= category.ToolError {
		return summary.Origin{}, false
	}
	return summary.Origin{Category: best.Category, Site: call.Pos(), Via: summary.TypeAndField(key)}, true
}
