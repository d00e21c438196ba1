package summaries

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/argflow"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
	"github.com/mcperrlint/mcperrlint/internal/ssaval"
)

// fieldFuncs is a package fact: what the functions stored into the
// function-typed fields of struct types do, in the package and in those
// it imports (a registry's tools[name].Handler(ctx, args), with the table
// built in the tools' packages). Each package exports what it stores and
// what its imports' facts say, since go vet passes on the package facts
// of direct imports only.
type fieldFuncs struct {
	Fields []fieldFunc
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

// A fieldFunc is the strongest outcome of the functions stored into one
// field, "path.Type.Field", for each parameter holding argument values.
type fieldFunc struct {
	Field   string
	Outcome outcome
}

// fieldKey returns "path.Type.Field" for field i of the struct x points to
// or is, or "" when x is no named struct.
func fieldKey(x ssa.Value, i int) string {
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

// storedFieldFuncs computes the package's fieldFuncs fact: what it
// stores into function-typed fields, joined with what its imports'
// facts say.
func (s knowing) storedFieldFuncs() *fieldFuncs {
	byField := make(map[string][]outcome)
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
				key := fieldKey(fa.X, fa.Field)
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
	out := &fieldFuncs{}
	for field, outcomes := range byField {
		for _, o := range strongestByParam(outcomes) {
			out.Fields = append(out.Fields, fieldFunc{Field: field, Outcome: o})
		}
	}
	slices.SortFunc(out.Fields, func(a, b fieldFunc) int {
		if c := strings.Compare(a.Field, b.Field); c != 0 {
			return c
		}
		return a.Outcome.Param - b.Outcome.Param
	})
	return out
}

// strongestByParam keeps, for each parameter, the outcome of the
// strongest argument kind, with no position: the functions differ.
func strongestByParam(outcomes []outcome) []outcome {
	best := make(map[int]outcome)
	for _, o := range outcomes {
		if o.Category <= category.ToolError {
			continue
		}
		if b, ok := best[o.Param]; !ok || o.Category > b.Category {
			o.pos, o.Fresh, o.Wraps, o.Values, o.Fills, o.Tests, o.Marks = token.NoPos, false, nil, nil, nil, nil, nil
			o.Field, o.ByField, o.FieldValues = "", false, nil
			best[o.Param] = o
		}
	}
	var out []outcome
	for _, o := range best {
		out = append(out, o)
	}
	slices.SortFunc(out, func(a, b outcome) int { return a.Param - b.Param })
	return out
}

// fieldOrigin classifies the error of a call of a function loaded from a
// function-typed field of a struct, by what the functions stored there
// do, here and in the packages imported.
func (c *classifier) fieldOrigin(call *ssa.Call) (origin, bool) {
	common := call.Common()
	var key string
	switch v := common.Value.(type) {
	case *ssa.Field:
		key = fieldKey(v.X, v.Field)
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			key = fieldKey(fa.X, fa.Field)
		}
	}
	if key == "" || c.s.fieldFuncs == nil {
		return origin{}, false
	}
	taints := c.flow.ArgTaints(common)
	var best outcome
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
		return origin{}, false
	}
	return origin{category: best.Category, site: call.Pos(), via: typeAndField(key)}, true
}

// typeAndField returns "Type.Field" of a key "path.Type.Field".
func typeAndField(key string) string {
	field := strings.LastIndexByte(key, '.')
	return key[strings.LastIndexByte(key[:field], '.')+1:]
}
