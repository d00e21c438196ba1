// Package unflagged defines the check of tool handlers' results that
// carry an error's text but are not marked as errors: a result built with
// the SDK's text result builder, or a literal without IsError, from a
// non-nil error, returned with a nil error. The client, server middleware
// and the model read it as a success.
package unflagged

import (
	"go/token"
	"go/types"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/report"
	"github.com/mcperrlint/mcperrlint/internal/sorted"
	"github.com/mcperrlint/mcperrlint/passes/paths"
)

// Result holds the check's findings, by position. With the check turned
// off, Off holds what it would have reported instead: an ignore
// directive written for the runs that report it is not unused then.
type Result struct {
	Findings []report.Finding
	Off      []report.Finding
}

// New returns the check of the handlers pathsPass finds; *off, read
// when it runs, turns its reports off.
func New(pathsPass *analysis.Analyzer, off *bool) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "mcpunflagged",
		Doc:        "report tool results built from an error's text without IsError",
		URL:        category.DocURL(unflaggedCategory),
		Requires:   []*analysis.Analyzer{pathsPass},
		ResultType: reflect.TypeFor[*Result](),
		Run: func(pass *analysis.Pass) (any, error) {
			ps := pass.ResultOf[pathsPass].(*paths.Result)
			res := &Result{}
			if ps == nil {
				return res, nil
			}
			srcs := report.NewSourceFiles(pass)
			for _, u := range unflagged(pass.Fset, ps) {
				if *off {
					if ret := report.ReturnStmt(u.Func.Syntax, u.Pos); ret != nil {
						res.Off = append(res.Off, report.Finding{Node: ret, Func: u.Func.Syntax})
					}
					continue
				}
				if fd, ok := diagnoseUnflagged(pass, u, srcs); ok {
					res.Findings = append(res.Findings, fd)
				}
			}
			return res, nil
		},
	}
}

// An unflaggedResult is a return of a tool handler that answers a failure with a
// result that is not marked as an error: its text is built from an error
// value (err.Error(), fmt.Sprintf("...%v", err), a concatenation), on a
// path where that error is non-nil, the result has no IsError, and the
// returned error is nil. The client, server middleware and the SDK's
// GetError read it as a success. Its category is "unflagged-error".
type unflaggedResult struct {
	Func *report.Func
	// Pos is the position of the statement's return keyword.
	Pos token.Pos
	// Build is where the result is built: the left parenthesis of the call
	// of a text result builder (NewToolResultText), or, when Literal is
	// set, the left brace of the result's composite literal.
	Build   token.Pos
	Literal bool
	// Err is where the error value whose text the result carries is
	// made, when it has a position.
	Err token.Pos
}

// unflagged returns the unflagged error results the package's handlers
// return, by position. A handler whose result its forwarders drop is
// left out: its result never reaches the client.
func unflagged(fset *token.FileSet, ps *paths.Result) []*unflaggedResult {
	var out []*unflaggedResult
	for _, h := range ps.Handlers {
		if !h.ResultForwarded {
			continue
		}
		var info *report.Func
		for _, b := range h.Fn.Blocks {
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok || len(ret.Results) < 2 || !sdk.IsError(ret.Results[len(ret.Results)-1].Type()) || !ret.Pos().IsValid() {
				continue
			}
			u := unflaggedReturn(h.SDK, ret)
			if u == nil {
				continue
			}
			if info == nil {
				info = ps.Func(h)
			}
			u.Func = info
			out = append(out, u)
		}
	}
	slices.SortFunc(out, func(a, b *unflaggedResult) int { return sorted.ComparePositions(fset, a.Pos, b.Pos) })
	return out
}

// unflaggedReturn returns the unflaggedResult ret is, if it is one.
func unflaggedReturn(b *sdk.Binding, ret *ssa.Return) *unflaggedResult {
	for _, src := range returned(ret, ret.Results[len(ret.Results)-1]) {
		if k, ok := src.(*ssa.Const); !ok || !k.IsNil() {
			return nil // a non-nil error: the result is dropped
		}
	}
	res := ret.Results[0]
	if !b.IsResultPointer(res.Type()) {
		return nil
	}
	for _, src := range returned(ret, res) {
		texts, u := textResult(b, src)
		if u == nil || marked(b, src) {
			continue
		}
		for _, text := range texts {
			for _, use := range errorsIn(text, 0, make(map[ssa.Value]bool)) {
				if nonNil(use, ret.Block()) || nonNil(use, src.(ssa.Instruction).Block()) {
					u.Pos = ret.Pos()
					u.Err = errPos(use.err)
					return u
				}
			}
		}
	}
	return nil
}

// returned returns the values v, a result of ret, may have come from.
// A named result that a deferred function may assign is read back after
// the deferred calls run: what the return statement stored into it, in
// the block of the return, is what it returns unless a deferred call
// changes it (a recover on a panic's path, not this one).
func returned(ret *ssa.Return, v ssa.Value) []ssa.Value {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL && load.Block() == ret.Block() {
		if a, ok := load.X.(*ssa.Alloc); ok {
			instrs := ret.Block().Instrs
			for i := slices.Index(instrs, ssa.Instruction(load)) - 1; i >= 0; i-- {
				if st, ok := instrs[i].(*ssa.Store); ok && st.Addr == a {
					return ssaval.Sources(st.Val)
				}
			}
		}
	}
	return ssaval.Sources(v)
}

// textResult returns the texts of the result src builds, and where it
// builds it: a call of one of the SDK's text result builders, or a
// composite literal of the result type whose content holds text
// contents.
func textResult(b *sdk.Binding, src ssa.Value) ([]ssa.Value, *unflaggedResult) {
	switch v := src.(type) {
	case *ssa.Call:
		if fn := ssaval.Callee(v.Common()); fn != nil && b.IsTextResultFunc(fn) && len(v.Common().Args) > 0 {
			return []ssa.Value{v.Common().Args[0]}, &unflaggedResult{Build: v.Pos()}
		}
	case *ssa.Alloc:
		if !v.Pos().IsValid() || !b.IsResultPointer(v.Type()) {
			return nil, nil
		}
		var texts []ssa.Value
		seen := make(map[ssa.Value]bool)
		for _, val := range storedInto(v, b.TextResult.ContentField) {
			texts = append(texts, contentTexts(b, val, seen)...)
		}
		if len(texts) > 0 {
			return texts, &unflaggedResult{Build: v.Pos(), Literal: true}
		}
	}
	return nil, nil
}

// storedInto returns the values stored into the named field of the
// struct a points to.
func storedInto(a ssa.Value, field string) []ssa.Value {
	var out []ssa.Value
	for _, ref := range *a.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || fa.X != a || fieldName(fa) != field {
			continue
		}
		for _, r := range *fa.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == fa {
				out = append(out, st.Val)
			}
		}
	}
	return out
}

func fieldName(fa *ssa.FieldAddr) string {
	if f := ssaval.StructField(fa.X.Type(), fa.Field); f != nil {
		return f.Name()
	}
	return ""
}

// contentTexts returns the texts of the text contents a content slice
// holds: the elements of a slice literal, and of what append adds; seen
// holds the slices met so far (a slice appended to in a loop is its own
// operand).
func contentTexts(b *sdk.Binding, slice ssa.Value, seen map[ssa.Value]bool) []ssa.Value {
	if seen[slice] {
		return nil
	}
	seen[slice] = true
	var out []ssa.Value
	for _, src := range ssaval.Sources(slice) {
		switch v := src.(type) {
		case *ssa.Slice:
			elems, _ := ssaval.SliceLiteral(v)
			for _, elem := range elems {
				out = append(out, elementText(b, elem)...)
			}
		case *ssa.Call:
			if bi, ok := v.Common().Value.(*ssa.Builtin); ok && bi.Name() == "append" {
				for _, op := range ssaval.Operands(v.Common()) {
					if _, isSlice := op.Type().Underlying().(*types.Slice); isSlice {
						out = append(out, contentTexts(b, op, seen)...)
					} else {
						out = append(out, elementText(b, op)...)
					}
				}
			}
		}
	}
	return out
}

// elementText returns the text of a content element: a text content
// literal (by pointer or by value), or a call of a text content builder.
func elementText(b *sdk.Binding, v ssa.Value) []ssa.Value {
	v = stripInterface(v)
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X
	}
	switch x := v.(type) {
	case *ssa.Alloc:
		if b.IsTextContent(x.Type()) {
			return storedInto(x, b.TextResult.TextField)
		}
	case *ssa.Call:
		if fn := ssaval.Callee(x.Common()); fn != nil && b.IsTextContentFunc(fn) && len(x.Common().Args) > 0 {
			return []ssa.Value{x.Common().Args[0]}
		}
	}
	return nil
}

// marked reports whether the result src may be marked as an error after
// it is built, or goes where it may be: a store into its IsError field
// (of anything but false), or a call it is given (SetError, a helper).
func marked(b *sdk.Binding, src ssa.Value) bool {
	for _, ref := range *src.Referrers() {
		switch r := ref.(type) {
		case *ssa.Return, *ssa.DebugRef, *ssa.Phi:
		case *ssa.FieldAddr:
			if fieldName(r) != b.TextResult.IsErrorField {
				continue
			}
			for _, rr := range *r.Referrers() {
				if st, ok := rr.(*ssa.Store); ok && st.Addr == r {
					if k, ok := st.Val.(*ssa.Const); !ok || k.Value == nil || k.Value.String() != "false" {
						return true
					}
				}
			}
		case *ssa.Store:
			// A named result that a deferred function can see is a
			// local variable; anywhere else, what happens to the
			// result there is unknown.
			if _, local := r.Addr.(*ssa.Alloc); r.Val == src && !local {
				return true
			}
		default:
			return true
		}
	}
	return false
}
