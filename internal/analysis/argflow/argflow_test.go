package argflow_test

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/argflow"
	"github.com/mcperrlint/mcperrlint/internal/analysis/mcpssa"
	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/testbin"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
)

// The testdata packages argflow_* call probes, functions with empty
// bodies whose operands the test analyzer reports on:
//
//	taint(v)          the taint of v
//	class(v)          how argflow classifies the call v comes from
//	sources(v)        the kinds of values ssaval.Sources finds for v
//	stored(v, field)  the constant a struct literal v stores in field
//	guard()           the taints of the conditions the probe's block is
//	                  control dependent on, the loop failures of those
//	                  conditions, and whether the block is unreachable
//
// Each handler the handler finder finds is tracked with its seeds. A
// function that is no handler is tracked too, its parameters named arg*
// seeded whole and one named field_<Name> seeded in that field only.
//
// Functions whose names start with sum have a summary (see summaries),
// and functions of the testdata package named in userRows have the roles
// given there. Package-level maps FindFixedMaps finds fixed are
// reported at their declaration.

// taintString spells a taint as the names of its bits, or "none".
func taintString(t argflow.Taint) string {
	var names []string
	for _, n := range []struct {
		bit  argflow.Taint
		name string
	}{
		{argflow.ArgValue, "arg"},
		{argflow.DecodeFailure, "decode"},
		{argflow.CheckFailure, "check"},
		{argflow.RequestLevel, "request"},
	} {
		if t&n.bit != 0 {
			names = append(names, n.name)
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, "|")
}

var kindNames = map[argflow.CallKind]string{
	argflow.Other:            "other",
	argflow.Decode:           "decode",
	argflow.Validate:         "validate",
	argflow.ArgumentSource:   "source",
	argflow.Pure:             "pure",
	argflow.ErrorConstructor: "errorconstructor",
	argflow.IsErrorResult:    "iserrorresult",
	argflow.Summarized:       "summarized",
}

// summaries is a Summarizer for the testdata functions named sum*: the
// rest of the name says what the function does. It records, by
// function, the argument taints and struct fields it was asked about.
type summaries struct {
	asked map[*ssa.Function][]string
}

func (s *summaries) Effect(fn *ssa.Function, args []argflow.Taint, fields func(int) map[string]argflow.Taint) (argflow.Effect, bool) {
	name := fn.Name()
	if !strings.HasPrefix(name, "sum") {
		return argflow.Effect{}, false
	}
	var e argflow.Effect
	switch {
	case strings.HasPrefix(name, "sumDecode"): // decodes operand 0 into operand 1
		e.Err, e.Fills = argflow.DecodeFailure, []int{1}
	case strings.HasPrefix(name, "sumCheck"): // checks its operands
		if args[0]&argflow.ArgValue != 0 {
			e.Err = argflow.CheckFailure
		}
	case strings.HasPrefix(name, "sumValue"): // returns argument values
		e.Values = []int{0}
	case strings.HasPrefix(name, "sumWrap"): // wraps its errors
		e.Wraps = []int{len(args) - 1}
	case strings.HasPrefix(name, "sumValid"): // says whether operand 0 is valid
		e.Tests = []int{0}
	case strings.HasPrefix(name, "sumScope"): // returns a struct with argument values in OrgID
		e.Values = []int{0}
		e.FieldValues = []argflow.FieldValue{{Result: 0, Field: "OrgID"}}
	}
	var parts []string
	for i, t := range args {
		part := taintString(t)
		if fs := fields(i); fs != nil {
			var names []string
			for n, t := range fs {
				names = append(names, n+"="+taintString(t))
			}
			slices.Sort(names)
			part += "{" + strings.Join(names, " ") + "}"
		}
		parts = append(parts, part)
	}
	s.asked[fn] = append(s.asked[fn], strings.Join(parts, ", "))
	return e, true
}

// userRows gives testdata functions roles, as a user's configuration
// would.
func userRows(pkg *types.Package) []roles.Row {
	ref := func(name string) roles.Ref { return roles.MustParseRef(pkg.Path() + "." + name) }
	return []roles.Row{
		{Func: ref("anyDecode"), Role: roles.Decode, Data: roles.AnyOperand, Target: roles.LastPointer},
		{Func: ref("badDecode"), Role: roles.Decode, Data: 5, Target: 6},
		{Func: ref("userValidate"), Role: roles.Validate},
		{Func: ref("toolError"), Role: roles.IsErrorResult},
		{Func: ref("clean"), Role: roles.Sanitize},
		{Func: ref("parseFirst"), Role: roles.Pure, Checks: []int{0}},
		{Func: ref("newError"), Role: roles.ErrorConstructor},
	}
}

var probeAnalyzer = &analysis.Analyzer{
	Name: "argflow",
	Doc:  "report what argflow computes at the probes of the argflow_* testdata",
	Run:  runProbes,
}

func runProbes(pass *analysis.Pass) (any, error) {
	prog, err := mcpssa.Build(pass, sdk.Default)
	if prog == nil || err != nil {
		return nil, fmt.Errorf("no SSA form: %v", err)
	}
	table := roles.NewTable(roles.Builtin(), sdk.RoleRows(prog.SDKs), userRows(pass.Pkg))
	fixed := argflow.FindFixedMaps(prog.Pkg, prog.SrcFuncs, func(v *types.Var) bool {
		return strings.HasPrefix(v.Name(), "Fixed")
	})
	for g := range fixed {
		if g.Pkg == prog.Pkg {
			pass.Reportf(g.Pos(), "fixed map %s", g.Name())
		}
	}
	sums := &summaries{asked: make(map[*ssa.Function][]string)}
	found := handlers.Find(prog, table, handlers.Inputs{
		ImportFact: func(types.Object, analysis.Fact) bool { return false },
		InSDK:      func(string) bool { return false },
	})
	byFunc := make(map[*ssa.Function]*handlers.Handler)
	for _, h := range found.Handlers {
		byFunc[h.Fn] = h
	}

	reported := make(map[string]bool)
	report := func(pos interface{ Pos() token.Pos }, format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		key := fmt.Sprint(pos.Pos(), msg)
		if !reported[key] {
			reported[key] = true
			pass.Reportf(pos.Pos(), "%s", msg)
		}
	}
	for _, fn := range prog.SrcFuncs {
		var flow *argflow.Func
		if h := byFunc[fn]; h != nil {
			flow = argflow.New(fn, sdk.Bindings{h.SDK}, table, h.Seeds)
		} else {
			var seeds []*ssa.Parameter
			for _, p := range fn.Params {
				if strings.HasPrefix(p.Name(), "arg") {
					seeds = append(seeds, p)
				}
			}
			flow = argflow.New(fn, prog.SDKs, table, seeds)
			for _, p := range fn.Params {
				if name, ok := strings.CutPrefix(p.Name(), "field_"); ok {
					st := argflow.StructFields(p.Type())
					for i := range st.NumFields() {
						if st.Field(i).Name() == name {
							flow.SeedField(p, i)
						}
					}
				}
			}
		}
		flow.Summaries, flow.Fixed = sums, fixed
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || call.Call.StaticCallee() == nil || call.Call.StaticCallee().Pkg != prog.Pkg {
					continue
				}
				args := call.Call.Args
				switch call.Call.StaticCallee().Name() {
				case "taint":
					report(call, "taint %s", taintString(flow.Taint(args[0])))
				case "class":
					report(call, "class %s", classString(flow, args[0]))
				case "sources":
					var kinds []string
					for _, src := range ssaval.Sources(args[0]) {
						kinds = append(kinds, strings.TrimPrefix(fmt.Sprintf("%T", src), "*ssa."))
					}
					slices.Sort(kinds)
					report(call, "sources %s", strings.Join(kinds, " "))
				case "stored":
					report(call, "stored %s", storedString(args[0], args[1]))
				case "guard":
					report(call, "guard %s", guardString(flow, b))
				}
			}
		}
	}
	for _, fn := range prog.SrcFuncs {
		asked := slices.Compact(slices.Sorted(slices.Values(sums.asked[fn])))
		if len(asked) > 0 {
			report(fn, "asked %s", strings.Join(asked, "; "))
		}
	}
	return nil, nil
}

// classString classifies the call v comes from.
func classString(flow *argflow.Func, v ssa.Value) string {
	for _, src := range ssaval.Sources(v) {
		call, _ := ssaval.CallOf(src)
		if call == nil {
			continue
		}
		c := flow.Classify(call.Common())
		s := kindNames[c.Kind]
		if c.Callee != nil {
			s += " " + c.Callee.Name()
		}
		switch c.Kind {
		case argflow.Pure:
			s += fmt.Sprintf(" operands=%s checked=%s", taintString(c.Operands), taintString(c.Checked))
			if c.NotCheck {
				s += " notcheck"
			}
		case argflow.Decode:
			switch target := argflow.Unwrap(c.Target).(type) {
			case *ssa.Alloc:
				s += " target=" + target.Comment
			case nil:
			default:
				s += " target=" + strings.TrimPrefix(fmt.Sprintf("%T", target), "*ssa.")
			}
		case argflow.Summarized:
			s += fmt.Sprintf(" targets=%d wrapped=%d", len(c.Targets), len(c.Wrapped))
		}
		return s
	}
	return "no call"
}

func storedString(v, field ssa.Value) string {
	name := constant.StringVal(field.(*ssa.Const).Value)
	for _, src := range ssaval.Sources(v) {
		if a, ok := src.(*ssa.Alloc); ok {
			if k, ok := ssaval.StoredConst(a, name); ok {
				return k.ExactString()
			}
		}
	}
	return "none"
}

// guardString describes what the block b depends on.
func guardString(flow *argflow.Func, b *ssa.BasicBlock) string {
	var parts []string
	for _, cond := range flow.ControlConditions(b) {
		part := taintString(flow.Taint(cond))
		if loop := flow.LoopFailure(cond); loop != 0 {
			part += " loop(" + taintString(loop) + ")"
		}
		parts = append(parts, part)
	}
	s := "[" + strings.Join(parts, ", ") + "]"
	if flow.Unreachable(b) {
		s += " unreachable"
	}
	return s
}

// TestProbes runs the probe families in one load (each load type-checks
// the standard library from source, which costs more than the cases):
//   - argflow_taint: which values are argument values, decode and check
//     failures or request-level, in mcp-go handlers;
//   - argflow_control: control dependence, loop failures and unreachable
//     blocks, in go-sdk handlers;
//   - argflow_calls: the classification of calls, the summaries' effects,
//     field sensitivity, Sources and StoredConst;
//   - argflow_bugs: the cases where argflow once disagreed with its
//     documentation.
func TestProbes(t *testing.T) {
	analysistest.Run(t, testbin.Testdata(t), probeAnalyzer, "argflow_taint", "argflow_control", "argflow_calls", "argflow_bugs")
}

// TestStructFields checks which types StructFields sees a struct in.
func TestStructFields(t *testing.T) {
	pkg := types.NewPackage("p", "p")
	st := types.NewStruct([]*types.Var{
		types.NewField(token.NoPos, pkg, "A", types.Typ[types.String], false),
		types.NewField(token.NoPos, pkg, "B", types.Typ[types.Int], false),
	}, nil)
	named := types.NewNamed(types.NewTypeName(token.NoPos, pkg, "S", nil), st, nil)
	for _, tc := range []struct {
		name   string
		t      types.Type
		fields int // -1: no struct
	}{
		{"struct literal type", st, 2},
		{"named struct", named, 2},
		{"pointer to named struct", types.NewPointer(named), 2},
		{"pointer to pointer", types.NewPointer(types.NewPointer(named)), -1},
		{"slice of structs", types.NewSlice(named), -1},
		{"basic", types.Typ[types.String], -1},
		{"empty struct", types.NewStruct(nil, nil), 0},
	} {
		got := argflow.StructFields(tc.t)
		switch {
		case tc.fields < 0 && got != nil:
			t.Errorf("%s: StructFields(%v) = %v, want nil", tc.name, tc.t, got)
		case tc.fields >= 0 && (got == nil || got.NumFields() != tc.fields):
			t.Errorf("%s: StructFields(%v) = %v, want %d fields", tc.name, tc.t, got, tc.fields)
		}
	}
}
