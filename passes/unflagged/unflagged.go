// Package unflagged defines the check of tool handlers' results that
// carry an error's text but are not marked as errors: a result built with
// the SDK's text result builder, or a literal without IsError, from a
// non-nil error, returned with a nil error. The client, server middleware
// and the model read it as a success.
package unflagged

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/argflow"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/report"
	"github.com/mcperrlint/mcperrlint/internal/sorted"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
)

// Result holds the check's findings, by position. With the check turned
// off, Off holds what it would have reported instead: an ignore
// directive written for the runs that report it is not unused then.
type Result struct {
	Findings []report.Finding
	Off      []report.Finding
}

// New returns the check of the handlers handlersPass finds; *off, read
// when it runs, turns its reports off.
func New(handlersPass *analysis.Analyzer, off *bool) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "mcpunflagged",
		Doc:        "report tool results built from an error's text without IsError",
		URL:        category.DocURL(unflaggedCategory),
		Requires:   []*analysis.Analyzer{handlersPass},
		ResultType: reflect.TypeFor[*Result](),
		Run: func(pass *analysis.Pass) (any, error) {
			hs := pass.ResultOf[handlersPass].(*handlers.Result)
			res := &Result{}
			if hs == nil {
				return res, nil
			}
			srcs := report.NewSourceFiles(pass)
			for _, u := range unflagged(pass.Fset, hs) {
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
func unflagged(fset *token.FileSet, hs *handlers.Result) []*unflaggedResult {
	var out []*unflaggedResult
	for _, h := range hs.Handlers {
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
				info = h.Func()
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
					return argflow.Sources(st.Val)
				}
			}
		}
	}
	return argflow.Sources(v)
}

// textResult returns the texts of the result src builds, and where it
// builds it: a call of one of the SDK's text result builders, or a
// composite literal of the result type whose content holds text
// contents.
func textResult(b *sdk.Binding, src ssa.Value) ([]ssa.Value, *unflaggedResult) {
	switch v := src.(type) {
	case *ssa.Call:
		if fn := argflow.Callee(v.Common()); fn != nil && b.IsTextResultFunc(fn) && len(v.Common().Args) > 0 {
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
	if f := argflow.StructField(fa.X.Type(), fa.Field); f != nil {
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
	for _, src := range argflow.Sources(slice) {
		switch v := src.(type) {
		case *ssa.Slice:
			elems, _ := argflow.SliceLiteral(v)
			for _, elem := range elems {
				out = append(out, elementText(b, elem)...)
			}
		case *ssa.Call:
			if bi, ok := v.Common().Value.(*ssa.Builtin); ok && bi.Name() == "append" {
				for _, op := range argflow.Operands(v.Common()) {
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
		if fn := argflow.Callee(x.Common()); fn != nil && b.IsTextContentFunc(fn) && len(x.Common().Args) > 0 {
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

// An errUse is an error value whose text a string carries, and, when the
// string calls its Error method, the block of that call: the error is
// non-nil there (or the call panics).
type errUse struct {
	err    ssa.Value
	called *ssa.BasicBlock
}

// errorsIn returns the error values the string v is built from: through
// concatenation, conversions, phis and local variables, the Error method,
// and the operands of fmt's and strings' functions (fmt.Sprintf("failed:
// %v", err), strings.TrimSpace(err.Error())).
func errorsIn(v ssa.Value, depth int, seen map[ssa.Value]bool) []errUse {
	if depth > maxTraceDepth || seen[v] {
		return nil
	}
	seen[v] = true
	var out []errUse
	for _, src := range argflow.Sources(v) {
		switch x := src.(type) {
		case *ssa.BinOp:
			if x.Op == token.ADD {
				out = append(out, errorsIn(x.X, depth+1, seen)...)
				out = append(out, errorsIn(x.Y, depth+1, seen)...)
			}
		case *ssa.Convert:
			out = append(out, errorsIn(x.X, depth+1, seen)...)
		case *ssa.Call:
			common := x.Common()
			fn := argflow.Callee(common)
			if fn == nil {
				continue
			}
			if recv := errorMethodReceiver(common, fn); recv != nil {
				out = append(out, errUse{err: stripInterface(recv), called: x.Block()})
				continue
			}
			if fn.Pkg() == nil || !textPackages[fn.Pkg().Path()] {
				continue
			}
			for _, op := range argflow.Operands(common) {
				op = stripInterface(op)
				switch {
				case sdk.ImplementsError(op.Type()):
					out = append(out, errUse{err: op})
				case isString(op.Type()):
					out = append(out, errorsIn(op, depth+1, seen)...)
				}
			}
		}
	}
	return out
}

// textPackages are the packages whose functions build strings from their
// operands' text.
var textPackages = map[string]bool{"fmt": true, "strings": true}

// errorMethodReceiver returns the error whose Error method common calls.
func errorMethodReceiver(common *ssa.CallCommon, fn *types.Func) ssa.Value {
	sig := fn.Signature()
	if fn.Name() != "Error" || sig.Recv() == nil || sig.Params().Len() != 0 || sig.Results().Len() != 1 || !isString(sig.Results().At(0).Type()) {
		return nil
	}
	var recv ssa.Value
	switch {
	case common.IsInvoke():
		recv = common.Value
	case len(common.Args) > 0:
		recv = common.Args[0]
	default:
		return nil
	}
	if !sdk.ImplementsError(recv.Type()) {
		return nil
	}
	return recv
}

func isString(t types.Type) bool {
	basic, ok := t.Underlying().(*types.Basic)
	return ok && basic.Info()&types.IsString != 0
}

// stripInterface returns v before conversions to interfaces.
func stripInterface(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		default:
			return v
		}
	}
}

// nonNil reports whether use's error is non-nil wherever block b runs:
// b is reached only through the branch of a test that it is not nil
// (err != nil, !(err == nil), errors.Is(err, target)), or only after
// its Error method was called.
func nonNil(use errUse, b *ssa.BasicBlock) bool {
	if b == nil {
		return false
	}
	if use.called != nil && use.called.Dominates(b) {
		return true
	}
	for d := b; d != nil; d = d.Idom() {
		if len(d.Preds) != 1 {
			continue
		}
		p := d.Preds[0]
		ifInstr, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok || len(p.Succs) != 2 || p.Succs[0] == p.Succs[1] {
			continue
		}
		if testsNonNil(ifInstr.Cond, use.err, d == p.Succs[0]) {
			return true
		}
	}
	return false
}

// testsNonNil reports whether cond, evaluating to taken, says err is not
// nil.
func testsNonNil(cond, err ssa.Value, taken bool) bool {
	if not, ok := cond.(*ssa.UnOp); ok && not.Op == token.NOT {
		return testsNonNil(not.X, err, !taken)
	}
	switch c := cond.(type) {
	case *ssa.BinOp:
		if c.Op != token.EQL && c.Op != token.NEQ {
			return false
		}
		x, y := stripInterface(c.X), stripInterface(c.Y)
		if k, ok := x.(*ssa.Const); ok {
			x, y = y, k
		}
		if k, ok := y.(*ssa.Const); !ok || !k.IsNil() || !sameError(x, err) {
			return false
		}
		return (c.Op == token.NEQ) == taken
	case *ssa.Call:
		// errors.Is(err, target) and errors.As(err, &target) hold only
		// for a non-nil err.
		fn := argflow.Callee(c.Common())
		if !taken || fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "errors" || fn.Name() != "Is" && fn.Name() != "As" {
			return false
		}
		return len(c.Common().Args) > 0 && sameError(stripInterface(c.Common().Args[0]), err)
	}
	return false
}

// sameError reports whether tested, the error a condition tests, is the
// error err: the same value, or loads of one variable that is not
// assigned after the test (a named result that a deferred function
// sees, which the SSA form keeps in memory).
func sameError(tested, err ssa.Value) bool {
	if tested == err {
		return true
	}
	l1, ok1 := tested.(*ssa.UnOp)
	l2, ok2 := err.(*ssa.UnOp)
	if !ok1 || !ok2 || l1.Op != token.MUL || l2.Op != token.MUL || l1.X != l2.X {
		return false
	}
	a, ok := l1.X.(*ssa.Alloc)
	if !ok || !l1.Block().Dominates(l2.Block()) {
		return false
	}
	for _, ref := range *a.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			// Before the test, or on no path to the error's use.
			if !argflow.Dominates(r, l1) && argflow.Reaches(r, l2) {
				return false
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return false // its address is taken
		}
	}
	return true
}

// errPos returns where the error value v is made, if it has a position.
func errPos(v ssa.Value) token.Pos {
	for _, src := range argflow.Sources(v) {
		if call, _ := argflow.CallOf(src); call != nil {
			return call.Pos()
		}
		if p := src.Pos(); p.IsValid() {
			return p
		}
	}
	return token.NoPos
}

// unflaggedCategory is the Category of a result built from an error's
// text without IsError.
const unflaggedCategory = "unflagged-error"

// diagnoseUnflagged reports a return of a result that carries an error's
// text without IsError, with a fix that marks the result: the SDK's error
// result builder in place of its text result builder, or IsError: true
// in the literal.
func diagnoseUnflagged(pass *analysis.Pass, u *unflaggedResult, srcs *report.SourceFiles) (report.Finding, bool) {
	file := report.FileOf(pass, u.Pos)
	ret := report.ReturnStmt(u.Func.Syntax, u.Pos)
	build := buildExpr(u.Func.Syntax, u.Build, u.Literal)
	if file == nil || ret == nil || build == nil {
		return report.Finding{}, false
	}
	d := analysis.Diagnostic{
		Pos:      ret.Pos(),
		End:      ret.End(),
		Category: unflaggedCategory,
		URL:      category.DocURL(unflaggedCategory),
	}
	if u.Err.IsValid() && (u.Err < ret.Pos() || u.Err >= ret.End()) {
		d.Related = []analysis.RelatedInformation{{Pos: u.Err, Message: "the error comes from here"}}
	}
	src, err := srcs.Read(pass.Fset.File(file.FileStart).Name())
	var fix *analysis.SuggestedFix
	remedy, reason := "", "the file cannot be read"
	if err == nil {
		fix, remedy, reason = unflaggedFix(pass, src, u, build)
	}
	d.Message = unflaggedMessage(u.Func, remedy)
	if fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*fix}
	} else {
		d.Message += " (no fix: " + reason + ")"
	}
	// No SDK for Silenced: a middleware that converts errors leaves a
	// result alone.
	return report.Finding{Diag: d, Node: ret, Func: u.Func.Syntax}, true
}

// unflaggedMessage words the diagnostic: what is wrong, the consequence,
// the remedy.
func unflaggedMessage(h *report.Func, remedy string) string {
	who := "tool handler"
	switch {
	case h.Forwarded:
		who = h.Quoted() + " (a tool handler forwards its result)"
	case h.Kind == sdk.Typed:
		who = "typed tool handler"
	}
	if remedy == "" {
		remedy = "mark the result with IsError"
	}
	return who + " answers a failure with a result built from the error's text but without IsError; the client and the model read it as a success: " + remedy
}

// buildExpr finds the expression that builds the result in the body of
// the function root: the call whose left parenthesis is at pos, or the
// composite literal whose left brace is.
func buildExpr(root ast.Node, pos token.Pos, literal bool) ast.Expr {
	if root == nil {
		return nil
	}
	var found ast.Expr
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return n == root
		case *ast.CallExpr:
			if !literal && n.Lparen == pos {
				found = n
			}
		case *ast.CompositeLit:
			if literal && n.Lbrace == pos {
				found = n
			}
		}
		return found == nil
	})
	return found
}

// unflaggedFix returns the fix that marks the result as an error and the
// remedy it applies, or the reason there is none.
func unflaggedFix(pass *analysis.Pass, src []byte, u *unflaggedResult, build ast.Expr) (fix *analysis.SuggestedFix, remedy, reason string) {
	b := u.Func.SDK
	text := func(n ast.Node) string {
		return string(src[pass.Fset.Position(n.Pos()).Offset:pass.Fset.Position(n.End()).Offset])
	}
	switch e := build.(type) {
	case *ast.CompositeLit:
		field := b.TextResult.IsErrorField
		for _, elt := range e.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				return nil, "", "the result literal has positional fields"
			}
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
				// IsError: false, or a value that is false here.
				return &analysis.SuggestedFix{
					Message:   "Mark the result as an error",
					TextEdits: []analysis.TextEdit{{Pos: kv.Value.Pos(), End: kv.Value.End(), NewText: []byte("true")}},
				}, "set `" + field + ": true`", ""
			}
		}
		if len(e.Elts) == 0 {
			return nil, "", "the result literal is empty"
		}
		first := e.Elts[0]
		insert := field + ": true, "
		if line := pass.Fset.Position(first.Pos()).Line; line != pass.Fset.Position(e.Lbrace).Line {
			insert = field + ": true,\n" + report.LineIndent(src, pass.Fset.Position(first.Pos()).Offset)
		}
		return &analysis.SuggestedFix{
			Message:   "Mark the result as an error",
			TextEdits: []analysis.TextEdit{{Pos: first.Pos(), End: first.Pos(), NewText: []byte(insert)}},
		}, "set `" + field + ": true` in the literal", ""
	case *ast.CallExpr:
		er := b.ErrorResult
		sel, isSel := ast.Unparen(e.Fun).(*ast.SelectorExpr)
		if declares(b, er.TextFunc) {
			if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok {
				sel = &ast.SelectorExpr{Sel: id}
			} else if !isSel {
				return nil, "", "the builder is not called by its name"
			}
			return &analysis.SuggestedFix{
				Message:   "Return the text as a tool error",
				TextEdits: []analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(er.TextFunc)}},
			}, "use `" + er.TextFunc + "`", ""
		}
		if !isSel || len(e.Args) != 1 || e.Ellipsis.IsValid() {
			return nil, "", "this SDK version has no `" + er.TextFunc + "`, and the builder is not called by a qualified name with one operand"
		}
		lit := fmt.Sprintf(er.Literal, text(sel.X), text(e.Args[0]))
		return &analysis.SuggestedFix{
			Message:   "Return the text as a tool error",
			TextEdits: []analysis.TextEdit{{Pos: e.Pos(), End: e.End(), NewText: []byte(lit)}},
		}, "return a CallToolResult with IsError", ""
	}
	return nil, "", "the result is not built here"
}

// declares reports whether the SDK version in the build declares the
// function name in its MCP package.
func declares(b *sdk.Binding, name string) bool {
	if name == "" {
		return false
	}
	_, ok := b.MCP.Scope().Lookup(name).(*types.Func)
	return ok
}

// maxTraceDepth bounds the values followed back from a returned result.
const maxTraceDepth = 16
