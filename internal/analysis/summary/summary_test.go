package summary_test

import (
	"slices"
	"testing"

	"github.com/mcperrlint/mcperrlint/internal/analysis/argflow"
	"github.com/mcperrlint/mcperrlint/internal/analysis/summary"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
)

// checkArgs is the summary of func checkArgs(ctx, args map[string]any,
// opts Options) (string, error): it fails with an API error when nothing
// it is given holds argument values, validates args when it does (with a
// weaker check when the keys it looks up are the caller's own), and
// decodes opts.Raw when that field does.
var checkArgs = &summary.Func{Outcomes: []summary.Outcome{
	{Param: -1, Category: category.ToolError, Values: []int{0}},
	{Param: 1, Category: category.Validate, Fresh: true, Tests: []int{0}, Line: 12},
	{Param: 1, Category: category.ToolError, Keys: []string{"name", "owner"}},
	{Param: 2, Category: category.Validate, ByField: true},
	{Param: 2, Field: "Raw", Category: category.Decode, Fills: []int{2}, Marks: []string{"pkg.DecodeError"}},
}}

func TestPick(t *testing.T) {
	keyed := map[string]argflow.Taint{"name": argflow.ArgValue, "owner": 0}
	for _, tc := range []struct {
		name   string
		args   []argflow.Taint
		fields map[int]map[string]argflow.Taint
		want   category.Kind
		values []int
	}{
		{"no argument values", []argflow.Taint{0, 0, 0}, nil, category.ToolError, []int{0}},
		{"args holds them", []argflow.Taint{0, argflow.ArgValue, 0}, nil, category.Validate, []int{0}},
		{"args is the caller's literal with the keys", []argflow.Taint{0, argflow.ArgValue, 0}, map[int]map[string]argflow.Taint{1: keyed}, category.ToolError, []int{0}},
		{"opts as a whole", []argflow.Taint{0, 0, argflow.ArgValue}, nil, category.Validate, []int{0}},
		{"opts.Raw holds them", []argflow.Taint{0, 0, argflow.ArgValue}, map[int]map[string]argflow.Taint{2: {"Raw": argflow.ArgValue}}, category.Decode, []int{0}},
		{"opts.Raw does not", []argflow.Taint{0, 0, argflow.ArgValue}, map[int]map[string]argflow.Taint{2: {"Raw": 0}}, category.ToolError, []int{0}},
		{"fewer arguments than parameters", []argflow.Taint{argflow.ArgValue}, nil, category.ToolError, []int{0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var fields func(int) map[string]argflow.Taint
			if tc.fields != nil {
				fields = func(p int) map[string]argflow.Taint { return tc.fields[p] }
			}
			o := checkArgs.Pick(tc.args, fields)
			if o.Category != tc.want || !slices.Equal(o.Values, tc.values) {
				t.Errorf("Pick = %v, want %v values%v", o, tc.want, tc.values)
			}
		})
	}
	if o := (&summary.Func{Handler: true}).Pick(nil, nil); o.Param != -1 || o.Category != category.None {
		t.Errorf("a handler's Pick = %v, want nothing", o)
	}
}

func TestString(t *testing.T) {
	sum := &summary.Func{Handler: true, Outcomes: []summary.Outcome{{
		Param: 0, Field: "Raw", Category: category.InvalidParams, Protocol: true, Fresh: true,
		Wraps: []int{1}, Values: []int{0, 1}, Fills: []int{2}, Tests: []int{3}, Marks: []string{"a.E", "b.F"},
		ByField: true, Keys: []string{"k"}, FieldValues: []argflow.FieldValue{{Result: 0, Field: "Name"}},
	}}}
	want := "handler; param 0.Raw: invalid-params protocol fresh wraps 1 values 0 1 fills 2 tests 3 marks a.E b.F by field if keys k value 0.Name"
	if got := sum.String(); got != want {
		t.Errorf("String =\n%s\nwant\n%s", got, want)
	}
}

func TestInformative(t *testing.T) {
	for _, tc := range []struct {
		sum  *summary.Func
		want bool
	}{
		{&summary.Func{Handler: true}, true},
		{&summary.Func{Outcomes: []summary.Outcome{{Param: -1, Category: category.ToolError}}}, false},
		{&summary.Func{Outcomes: []summary.Outcome{{Param: -1, Category: category.ToolError, Tests: []int{0}}}}, true},
		{&summary.Func{Outcomes: []summary.Outcome{{Param: -1, Category: category.None}}}, true},
	} {
		if got := tc.sum.Informative(); got != tc.want {
			t.Errorf("%v: Informative = %v, want %v", tc.sum, got, tc.want)
		}
	}
}

func TestSameAs(t *testing.T) {
	a := summary.Outcome{Param: -1, Category: category.Validate, Values: []int{0}, Line: 3, Pos: 10}
	b := a
	b.Param, b.Line, b.Pos = 1, 7, 20
	if !a.SameAs(b) {
		t.Errorf("%v and %v differ but for where", a, b)
	}
	b.Keys = []string{"k"}
	if a.SameAs(b) {
		t.Errorf("%v and %v differ by keys", a, b)
	}
}

func TestExported(t *testing.T) {
	sum := &summary.Func{Outcomes: []summary.Outcome{{Param: -1, Category: category.Decode, Pos: 42, Line: 5}}}
	out := sum.Exported()
	if out.Outcomes[0].Pos != 0 || out.Outcomes[0].Line != 5 {
		t.Errorf("Exported = %+v, want no position and the line", out.Outcomes[0])
	}
	if sum.Outcomes[0].Pos != 42 {
		t.Errorf("Exported changed its receiver")
	}
}

func TestEffect(t *testing.T) {
	for kind, want := range map[category.Kind]argflow.Taint{
		category.None: 0, category.ToolError: 0, category.Validate: argflow.CheckFailure,
		category.InvalidParams: argflow.CheckFailure, category.Decode: argflow.DecodeFailure,
	} {
		o := summary.Outcome{Category: kind, Values: []int{0}, Fills: []int{1}, Wraps: []int{2}, Tests: []int{3}}
		e := o.Effect()
		if e.Err != want || !slices.Equal(e.Values, o.Values) || !slices.Equal(e.Fills, o.Fills) || !slices.Equal(e.Wraps, o.Wraps) || !slices.Equal(e.Tests, o.Tests) {
			t.Errorf("Effect of %v = %+v", o, e)
		}
	}
}

func TestFieldFuncs(t *testing.T) {
	got := summary.FieldFuncs(map[string][]summary.Outcome{
		"example.org/tools.Tool.Handler": {
			{Param: 1, Category: category.Validate, Fresh: true, Pos: 9},
			{Param: 1, Category: category.Decode, Values: []int{0}},
			{Param: -1, Category: category.ToolError},
		},
		"example.org/tools.Entry.Run": {{Param: 0, Category: category.InvalidParams, Field: "Args"}},
	})
	want := []summary.FieldFunc{
		{Field: "example.org/tools.Entry.Run", Outcome: summary.Outcome{Param: 0, Category: category.InvalidParams}},
		{Field: "example.org/tools.Tool.Handler", Outcome: summary.Outcome{Param: 1, Category: category.Decode}},
	}
	if len(got) != len(want) {
		t.Fatalf("FieldFuncs = %v, want %v", got, want)
	}
	for i := range got {
		if got[i].Field != want[i].Field || got[i].Outcome.String() != want[i].Outcome.String() || got[i].Outcome.Pos != 0 {
			t.Errorf("FieldFuncs[%d] = %v, want %v", i, got[i], want[i])
		}
	}
	if tf := summary.TypeAndField("example.org/tools.Tool.Handler"); tf != "Tool.Handler" {
		t.Errorf("TypeAndField = %q", tf)
	}
}
