package valueflow_test

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/mcperrlint/mcperrlint/internal/analysis/valueflow"
	"github.com/mcperrlint/mcperrlint/internal/testbin"
)

// TestOf reports, at each call of sink in testdata/src/valueflow, the
// functions its operand may hold and whether that is all (Of), and at
// each call of sinkField those of a field of its operand (Field), against
// the want comments there.
func TestOf(t *testing.T) {
	a := &analysis.Analyzer{
		Name:     "valueflow",
		Doc:      "report what the operands of sink may hold",
		Requires: []*analysis.Analyzer{buildssa.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			ssaRes := pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA)
			funcs := slices.Clone(ssaRes.SrcFuncs)
			if init := ssaRes.Pkg.Func("init"); init != nil {
				funcs = append(funcs, init)
			}
			g := valueflow.New(ssaRes.Pkg, funcs)
			// The testdata's adapt stands for an adapter of another
			// package (mcp-go's NewTypedToolHandler).
			g.Adapters = func(c *ssa.CallCommon) bool {
				return c.StaticCallee() != nil && c.StaticCallee().Name() == "adapt"
			}
			for _, fn := range funcs {
				for _, b := range fn.Blocks {
					for _, instr := range b.Instrs {
						call, ok := instr.(*ssa.Call)
						if !ok || call.Call.StaticCallee() == nil {
							continue
						}
						var s *valueflow.Set
						switch call.Call.StaticCallee().Name() {
						case "sink":
							s = g.Of(call.Call.Args[0])
						case "sinkField":
							// sinkField(v, name): what field name of v holds.
							v := call.Call.Args[0].(*ssa.MakeInterface).X
							s = g.Field(v, constant.StringVal(call.Call.Args[1].(*ssa.Const).Value))
						default:
							continue
						}
						var names []string
						for _, f := range s.Funcs {
							names = append(names, f.Name())
						}
						slices.Sort(names)
						complete := "complete"
						if !s.Complete {
							complete = "incomplete"
						}
						pass.Reportf(call.Pos(), "funcs %s; %s", strings.Join(names, " "), complete)
					}
				}
			}
			return nil, nil
		},
	}
	dir := testbin.Testdata(t)
	analysistest.Run(t, dir, a, "valueflow")
}

// bugSource holds the cases where Of claimed a complete answer that
// missed a function the value may hold.
const bugSource = `package p

func sink(v any) {}

func a() error { return nil }
func b() error { return nil }
func c() error { return nil }

type Tool struct{ Handler func() error }

// A closure writes the captured variable: the store is into the free
// variable, which New does not index as a store into the cell.
func closureWrite(ok bool) {
	k := a
	if ok {
		k = b
	}
	set := func() { k = c }
	set()
	sink(k) // funcs a b c; complete
}

// An array of structs held by value: the element was copied whole
// from a composite literal, whose field store is on another base.
func arrayElem() {
	arr := [1]Tool{{Handler: a}}
	sink(arr[0].Handler) // funcs a; complete
}

// A closure in a closure writes the variable both capture.
func nestedClosureWrite() {
	k := a
	outer := func() {
		inner := func() { k = c }
		inner()
	}
	outer()
	sink(k) // funcs a c; complete
}

// Structs copied whole into the elements of a slice, and an array
// copied whole into another.
func elemCopies() {
	t := Tool{Handler: b}
	s := make([]Tool, 1)
	s[0] = t
	sink(s[0].Handler) // funcs b; complete
}

func arrayCopy() {
	var arr [2]Tool
	arr[1] = Tool{Handler: c}
	cp := arr
	sink(cp[1].Handler) // funcs c; complete
}
`

// TestOfBugs runs the cases of bugSource: each sink's answer must be
// the one its comment gives.
func TestOfBugs(t *testing.T) {
	pkg, _ := buildSource(t, bugSource)
	var funcs []*ssa.Function
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		funcs = append(funcs, fn)
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
	}
	for _, mem := range pkg.Members {
		if fn, ok := mem.(*ssa.Function); ok {
			add(fn)
		}
	}
	g := valueflow.New(pkg, funcs)
	want := map[string]string{
		"closureWrite":       "funcs a b c; complete",
		"arrayElem":          "funcs a; complete",
		"nestedClosureWrite": "funcs a c; complete",
		"elemCopies":         "funcs b; complete",
		"arrayCopy":          "funcs c; complete",
	}
	asked := 0
	for _, fn := range funcs {
		for _, call := range sinkCalls(fn) {
			asked++
			s := g.Of(call.Call.Args[0])
			got := fmt.Sprintf("funcs %s; %s", funcNames(s), map[bool]string{true: "complete", false: "incomplete"}[s.Complete])
			if got != want[fn.Name()] {
				t.Errorf("%s: %s, want %s", fn.Name(), got, want[fn.Name()])
			}
		}
	}
	if asked != len(want) {
		t.Errorf("%d calls of sink asked about, want %d", asked, len(want))
	}
}

// TestOfCycle: Of, like argflow's Taint, broke cycles with a placeholder
// (an empty, complete set) and memoized what it computed from it: in a
// loop that swaps two variables, asking x first memoized the phi of y
// with b alone, and y then answered, complete, without a.
func TestOfCycle(t *testing.T) {
	src := `package p

func sink(v any) {}

func a() error { return nil }
func b() error { return nil }

func swap(n int) {
	x, y := a, b
	for i := 0; i < n; i++ {
		x, y = y, x
	}
	sink(x)
	sink(y)
}
`
	pkg, fset := buildSource(t, src)
	fn := pkg.Func("swap")
	g := valueflow.New(pkg, []*ssa.Function{fn})
	calls := sinkCalls(fn)
	if len(calls) != 2 {
		t.Fatalf("%d calls of sink in swap, want 2", len(calls))
	}
	for _, call := range calls {
		s := g.Of(call.Call.Args[0])
		if got := funcNames(s); got != "a b" || !s.Complete {
			t.Errorf("%v: funcs %s, complete %v; want funcs a b, complete", fset.Position(call.Pos()), got, s.Complete)
		}
	}
}

const shareSource = `package p

type Tool struct{ Handler func() error }

type handlerFunc func() error

func a() error { return nil }
func b() error { return nil }

var tools = []Tool{{Handler: a}, {Handler: b}}

func sink(v any) {}

func chain(i int) {
	h := tools[i].Handler
	var f handlerFunc = h
	var x any = f
	sink(x)
	more := []Tool{{Handler: b}}
	sink(more[0].Handler)
}
`

// TestOfShares checks that a value that holds just what another holds
// (a conversion, an interface of it) answers with that value's set, not
// a copy, and that answering more questions changes no set answered
// before: answers are shared.
func TestOfShares(t *testing.T) {
	pkg, _ := buildSource(t, shareSource)
	chain := pkg.Func("chain")
	funcs := []*ssa.Function{chain, pkg.Func("init")}
	g := valueflow.New(pkg, funcs)
	sinks := sinkCalls(chain)
	if len(sinks) != 2 {
		t.Fatalf("%d calls of sink, want 2", len(sinks))
	}
	conv := sinks[0].Call.Args[0].(*ssa.MakeInterface) // any(f)
	got := g.Of(conv)
	before := slices.Clone(got.Funcs)
	if inner := g.Of(conv.X); inner != got {
		t.Errorf("Of(%v) is a copy of Of(%v), want the same set", conv, conv.X)
	}
	if len(before) != 2 || !got.Complete {
		t.Errorf("Of(%v) = %v (complete %v), want a and b, complete", conv, before, got.Complete)
	}
	// Another answer built from one of the same stores adds to its own
	// set, not to the one shared.
	g.Of(sinks[1].Call.Args[0])
	if !slices.Equal(got.Funcs, before) {
		t.Errorf("Of(%v) changed from %v to %v after another question", conv, before, got.Funcs)
	}
}

// buildSource builds the SSA form of package p from src, a single file.
func buildSource(t *testing.T, src string) (*ssa.Package, *token.FileSet) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{}, fset, types.NewPackage("p", "p"), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	return pkg, fset
}

// sinkCalls returns the calls of the package's sink in fn.
func sinkCalls(fn *ssa.Function) []*ssa.Call {
	var calls []*ssa.Call
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(*ssa.Call); ok && call.Call.StaticCallee() != nil && call.Call.StaticCallee().Name() == "sink" {
				calls = append(calls, call)
			}
		}
	}
	return calls
}

// funcNames returns the names of the functions of s, sorted.
func funcNames(s *valueflow.Set) string {
	var names []string
	for _, f := range s.Funcs {
		names = append(names, f.Name())
	}
	slices.Sort(names)
	return strings.Join(names, " ")
}
