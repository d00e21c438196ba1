package ssaval_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
)

const src = `package p

import (
	"errors"
	"fmt"
)

type fieldError struct{ Field string }

func (e *fieldError) Error() string { return e.Field }

func as(err error, target **fieldError) bool { return errors.As(err, target) }

func rewrite(msg string, err error) error {
	var fe *fieldError
	if as(err, &fe) {
		return fmt.Errorf("invalid %s", fe.Field)
	}
	if msg == "" {
		return fmt.Errorf("failed: %s", err.Error())
	}
	return fmt.Errorf("%s", msg)
}

func keys(params map[string]any, other map[string]any) bool {
	_, a := params["owner"]
	_, b := params["repo"]
	_, c := params["owner"]
	_, d := other["x"]
	_ = params["plain"]
	return a && b && c && d
}

func notMap(s []string) string { return s[0] }
`

// build returns the SSA form of src.
func build(t *testing.T) *ssa.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset, types.NewPackage("p", "p"), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

func TestParamOf(t *testing.T) {
	fn := build(t).Func("rewrite")
	params := map[*ssa.Parameter]int{fn.Params[1]: 1} // err, not msg
	var found, notFound int
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || call.Call.StaticCallee() == nil || call.Call.StaticCallee().Name() != "Errorf" {
				continue
			}
			// The first Errorf's operands come from what as found in err,
			// the second's from err's text, the third's from msg alone.
			i, ok := 0, false
			seen := make(map[ssa.Value]bool)
			for _, op := range ssaval.Operands(call.Common()) {
				if i, ok = ssaval.ParamOf(op, params, seen); ok {
					break
				}
			}
			switch {
			case ok && i == 1:
				found++
			case !ok:
				notFound++
			default:
				t.Errorf("ParamOf = %d, want 1", i)
			}
		}
	}
	if found != 2 || notFound != 1 {
		t.Errorf("%d calls derived from err and %d not, want 2 and 1", found, notFound)
	}
}

func TestCommaOkKeys(t *testing.T) {
	pkg := build(t)
	fn := pkg.Func("keys")
	if got, want := ssaval.CommaOkKeys(fn.Params[0]), []string{"owner", "repo"}; !slices.Equal(got, want) {
		t.Errorf("CommaOkKeys(params) = %q, want %q", got, want)
	}
	if got := ssaval.CommaOkKeys(pkg.Func("notMap").Params[0]); got != nil {
		t.Errorf("CommaOkKeys(slice) = %q, want none", got)
	}
}

func TestPos(t *testing.T) {
	fn := build(t).Func("keys")
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			// The ok of a comma-ok lookup has no position of its own: it
			// is the lookup's.
			if ext, ok := instr.(*ssa.Extract); ok && ext.Index == 1 {
				if ext.Pos().IsValid() || ssaval.Pos(ext) != ext.Tuple.Pos() || !ssaval.Pos(ext).IsValid() {
					t.Errorf("Pos(%s) = %v, want the lookup's %v", ext.Name(), ssaval.Pos(ext), ext.Tuple.Pos())
				}
			}
		}
	}
	if p := ssaval.Pos(fn.Params[0]); p.IsValid() != fn.Params[0].Pos().IsValid() {
		t.Errorf("Pos of a parameter = %v", p)
	}
}
