package summary_test

import (
	"go/token"
	"go/types"
	"slices"
	"testing"

	"github.com/mcperrlint/mcperrlint/internal/analysis/summary"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
)

func TestJoined(t *testing.T) {
	decode := summary.Origin{Category: category.Decode, Site: 5}
	validate := summary.Origin{Category: category.Validate, Site: 7}
	for _, tc := range []struct {
		name    string
		add     []summary.Origin
		wrapped bool
		want    summary.Origin
	}{
		{"nothing", nil, false, summary.Origin{Nil: true}},
		{"the strongest argument origin", []summary.Origin{validate, decode, {Nil: true}}, false, decode},
		{"spoiled by an API error", []summary.Origin{decode, {Category: category.ToolError}}, false, summary.Origin{Category: category.ToolError}},
		{"a forwarded error returned as it is", []summary.Origin{{Forwarded: true}, decode}, false, decode},
		{"a forwarded error wrapped", []summary.Origin{{Forwarded: true}, decode}, true, summary.Origin{Category: category.ToolError}},
		{"fresh and wrapping", []summary.Origin{{Fresh: true, Site: 3}, {Wraps: 1 << 2}}, false, summary.Origin{Fresh: true, Site: 3, Wraps: 1 << 2}},
		{"fresh beside an argument origin", []summary.Origin{{Fresh: true, Site: 3}, validate}, false, summary.Origin{Category: category.Validate, Site: 7, Fresh: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var j summary.Joined
			for _, o := range tc.add {
				if tc.wrapped {
					j.AddWrapped(o)
				} else {
					j.Add(o)
				}
			}
			if got := j.Result(); got != tc.want {
				t.Errorf("Result = %+v, want %+v", got, tc.want)
			}
			if j.Any() != (len(tc.add) > 0) {
				t.Errorf("Any = %v with %d added", j.Any(), len(tc.add))
			}
		})
	}
	var j summary.Joined
	j.Add(summary.Origin{Fresh: true, Wraps: 1<<0 | 1<<3})
	if !j.Fresh() || !slices.Equal(j.Wraps(), []int{0, 3}) {
		t.Errorf("Fresh, Wraps = %v, %v, want true, [0 3]", j.Fresh(), j.Wraps())
	}
}

func TestOriginOf(t *testing.T) {
	fset := token.NewFileSet()
	tf := fset.AddFile("tools.go", -1, 100)
	tf.SetLines([]int{0, 40, 80})
	pkg := types.NewPackage("example.org/tools", "tools")
	recv := types.NewNamed(types.NewTypeName(token.NoPos, pkg, "Tool", nil), types.NewStruct(nil, nil), nil)
	sig := func(recv *types.Var) *types.Signature { return types.NewSignatureType(recv, nil, nil, nil, nil, false) }
	fn := types.NewFunc(tf.Pos(45), pkg, "Check", sig(nil))
	method := types.NewFunc(tf.Pos(85), pkg, "Run", sig(types.NewVar(token.NoPos, pkg, "t", types.NewPointer(recv))))
	o := summary.Outcome{Category: category.Validate, Line: 12}
	for _, tc := range []struct {
		obj  types.Object
		o    summary.Outcome
		want summary.Origin
	}{
		{fn, summary.Outcome{Category: category.Decode, Pos: 9}, summary.Origin{Category: category.Decode, Site: 9}},
		{nil, o, summary.Origin{Category: category.Validate}},
		{fn, o, summary.Origin{Category: category.Validate, Site: tf.Pos(40), Via: "tools.Check", SiteLine: 12}},
		{method, o, summary.Origin{Category: category.Validate, Site: tf.Pos(80), Via: "(*tools.Tool).Run", SiteLine: 12}},
	} {
		if got := summary.OriginOf(fset, tc.obj, tc.o); got != tc.want {
			t.Errorf("OriginOf(%v, %v) = %+v, want %+v", tc.obj, tc.o, got, tc.want)
		}
	}
}
