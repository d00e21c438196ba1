package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/internal/errorigin"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

// diagnoseAssertion reports a single-value type assertion on an argument,
// with a fix in a handler's body: the comma-ok form, and an IsError
// result naming the argument and the type it must have.
func diagnoseAssertion(pass *analysis.Pass, a *errorigin.Assertion, dirs *directives, srcs *sourceFiles, fc *fixContext) (finding, bool) {
	file := fileOf(pass, a.Lparen)
	expr := typeAssertExpr(a.Func.Syntax, a.Lparen)
	if file == nil || expr == nil {
		return finding{}, false
	}
	if dirs.ignores(expr, a.Func.Syntax) {
		return finding{}, false
	}
	d := analysis.Diagnostic{
		Pos:      expr.Pos(),
		End:      expr.End(),
		Category: errorigin.Decode.String(),
		Message:  assertionMessage(pass, a, expr),
		URL:      categoryURL(errorigin.Decode),
	}
	// No SDK for Silenced: a server's converting middleware does not
	// catch a panic.
	fd := finding{diag: d}
	f, reason := buildAssertionFix(pass, file, expr, a, srcs, fc)
	if f != nil {
		fd.diag.SuggestedFixes = []analysis.SuggestedFix{*f.fix}
		fd.fix = f.fixer
	} else {
		fd.diag.Message += " (no fix: " + reason + ")"
	}
	return fd, true
}

// assertionMessage words the diagnostic: what is asserted, that it panics,
// and the remedy.
func assertionMessage(pass *analysis.Pass, a *errorigin.Assertion, expr *ast.TypeAssertExpr) string {
	h := a.Func
	who := "tool handler"
	switch {
	case a.Helper:
		who = funcName(h) + " (a tool handler passes it argument values)"
	case h.Forwarded:
		who = funcName(h) + " (a tool handler forwards its result)"
	case h.Kind == sdk.Typed:
		who = "typed tool handler"
	}
	remedy := "use the comma-ok form and return a CallToolResult with IsError"
	switch {
	case a.Helper:
		remedy = "use the comma-ok form and return an error the handler turns into a CallToolResult with IsError"
	case h.Kind == sdk.Typed:
		remedy = "use the comma-ok form and return a plain error, which the SDK turns into a tool error"
	}
	return fmt.Sprintf("%s asserts the type of %s with .(%s), which panics on a wrong-typed or missing argument; the model never sees a tool error: %s",
		who, argumentName(a), types.TypeString(a.Type, types.RelativeTo(pass.Pkg)), remedy)
}

// argumentName names the asserted value in a message.
func argumentName(a *errorigin.Assertion) string {
	switch {
	case a.HasKey:
		return "argument " + strconv.Quote(a.Key)
	case a.Arguments:
		return "the arguments"
	}
	return "an argument value"
}

// jsonKind says what an argument of Go type t is, in JSON terms, for the
// message of the fix's tool error.
func jsonKind(t types.Type) string {
	if b, ok := t.Underlying().(*types.Basic); ok {
		switch {
		case b.Info()&types.IsString != 0:
			return "a string"
		case b.Info()&types.IsBoolean != 0:
			return "a boolean"
		case b.Info()&types.IsNumeric != 0:
			return "a number"
		}
	}
	switch t.Underlying().(type) {
	case *types.Slice:
		return "an array"
	case *types.Map:
		return "an object"
	}
	return "of type " + types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// typeAssertExpr finds the type assertion whose left parenthesis is at
// lparen in the body of the function root, not in the function literals
// it contains.
func typeAssertExpr(root ast.Node, lparen token.Pos) *ast.TypeAssertExpr {
	if root == nil {
		return nil
	}
	var found *ast.TypeAssertExpr
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return n == root
		case *ast.TypeAssertExpr:
			if n.Lparen == lparen {
				found = n
			}
		}
		return found == nil
	})
	return found
}

// buildAssertionFix returns the fix of an assertion, or the reason it has
// none: it rewrites name := x.(T), a statement of its own, into
//
//	name, ok := x.(T)
//	if !ok {
//		return <IsError result>, nil
//	}
func buildAssertionFix(pass *analysis.Pass, file *ast.File, expr *ast.TypeAssertExpr, a *errorigin.Assertion, srcs *sourceFiles, fc *fixContext) (*builtFix, string) {
	h := a.Func
	if a.Helper {
		return nil, funcName(h) + " is not a tool handler and has no tool result to return; check the type with the comma-ok form there and return an error, or check it in the handler"
	}
	if h.Forwarded && !h.ResultForwarded {
		return nil, "`" + h.ResultDroppedBy + "` drops the tool result of this function; check the type with the comma-ok form and return a CallToolResult with IsError there"
	}
	stmt, ok := definingStmt(h.Syntax, expr)
	if !ok {
		return nil, "the assertion is not the value of a `name := x.(T)` statement of its own; rewrite it to the comma-ok form by hand"
	}
	lhs := stmt.Lhs[0].(*ast.Ident)
	src, err := srcs.read(pass.Fset.File(file.FileStart).Name())
	if err != nil {
		return nil, "the file cannot be read"
	}
	f := &fixer{pass: pass, file: file, src: src, ret: &ast.ReturnStmt{Return: stmt.Pos()}, r: &errorigin.Return{Handler: h, Category: errorigin.Decode}, sig: h.Signature, fixContext: fc}
	okName, ok := f.freeName(stmt, "ok", lhs.Name+"OK")
	if !ok {
		return nil, "no name for the ok result is free here"
	}
	msg := strconv.Quote(strings.TrimPrefix(argumentName(a), "an ") + " must be " + jsonKind(a.Type))
	if !a.HasKey && !a.Arguments {
		msg = strconv.Quote("an argument must be " + jsonKind(a.Type))
	}
	results, edits, reason := f.assertionResults(msg)
	if results == nil {
		return nil, reason
	}
	// Two insertions, so that a comment after the statement stays on its
	// line: ", ok" after the name, and the check after the line.
	indent := lineIndent(src, pass.Fset.Position(stmt.Pos()).Offset)
	check := fmt.Sprintf("\n%sif !%s {\n%s\treturn %s\n%s}", indent, okName, indent, strings.Join(results, ", "), indent)
	f.newReturn = check
	edits = append([]analysis.TextEdit{
		{Pos: lhs.End(), End: lhs.End(), NewText: []byte(", " + okName)},
		{Pos: f.lineEnd(stmt.End()), End: f.lineEnd(stmt.End()), NewText: []byte(check)},
	}, edits...)
	fix := &analysis.SuggestedFix{Message: "Check the argument's type and return a tool error when it is wrong", TextEdits: edits}
	return &builtFix{fix, f}, ""
}

// assertionResults returns the results of the return statement the fix
// writes, the edits (imports) they need, or the reason there are none.
func (f *fixer) assertionResults(msg string) ([]string, []analysis.TextEdit, string) {
	h := f.r.Handler
	results := f.sig.Results()
	if h.Kind == sdk.Typed {
		if results.Len() != 3 {
			return nil, nil, "the handler's results are not (result, output, error)"
		}
		zero, edits, ok := f.zeroValue(results.At(1).Type())
		if !ok {
			return nil, nil, "the zero value of its output type cannot be written here"
		}
		name, more, ok := f.importName("errors", "errors")
		if !ok {
			return nil, nil, "the errors package cannot be named here"
		}
		return []string{"nil", zero, name + ".New(" + msg + ")"}, append(edits, more...), ""
	}
	if results.Len() != 2 || !h.SDK.IsResultPointer(results.At(0).Type()) {
		return nil, nil, "its first result is no tool result; check the type in the handler that calls it"
	}
	mcpName, edits, ok := f.importName(h.SDK.MCP.Path(), h.SDK.MCP.Name())
	if !ok {
		return nil, nil, "the SDK's package " + strconv.Quote(h.SDK.MCP.Path()) + " cannot be named here"
	}
	return []string{f.textResult(mcpName, msg), "nil"}, edits, ""
}

// zeroValue returns an expression of the zero value of t, as the file can
// write it.
func (f *fixer) zeroValue(t types.Type) (string, []analysis.TextEdit, bool) {
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return "nil", nil, true
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			return `""`, nil, true
		case u.Info()&types.IsBoolean != 0:
			return "false", nil, true
		case u.Info()&types.IsNumeric != 0:
			return "0", nil, true
		}
	case *types.Struct:
		named, ok := types.Unalias(t).(*types.Named)
		if !ok || named.TypeArgs().Len() > 0 {
			return "", nil, false
		}
		obj := named.Obj()
		if obj.Pkg() == nil || obj.Parent() != obj.Pkg().Scope() {
			return "", nil, false // a local type
		}
		if obj.Pkg() == f.pass.Pkg {
			if _, found := f.pass.TypesInfo.Scopes[f.file].Innermost(f.ret.Pos()).LookupParent(obj.Name(), f.ret.Pos()); found != obj {
				return "", nil, false
			}
			return obj.Name() + "{}", nil, true
		}
		if !obj.Exported() {
			return "", nil, false
		}
		name, edits, ok := f.importName(obj.Pkg().Path(), obj.Pkg().Name())
		if !ok {
			return "", nil, false
		}
		return name + "." + obj.Name() + "{}", edits, true
	}
	return "", nil, false
}

// definingStmt returns the statement name := expr that expr is the whole
// value of, when it stands in a statement list (not in the header of an
// if, for or switch), so that a statement can follow it.
func definingStmt(root ast.Node, expr *ast.TypeAssertExpr) (*ast.AssignStmt, bool) {
	var found *ast.AssignStmt
	ok := false
	inList := func(list []ast.Stmt) {
		for _, s := range list {
			as, isAssign := s.(*ast.AssignStmt)
			if !isAssign || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != expr {
				continue
			}
			if id, isIdent := as.Lhs[0].(*ast.Ident); isIdent && id.Name != "_" {
				found, ok = as, true
			}
		}
	}
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return n == root
		case *ast.BlockStmt:
			inList(n.List)
		case *ast.CaseClause:
			inList(n.Body)
		case *ast.CommClause:
			inList(n.Body)
		}
		return !ok
	})
	return found, ok
}

// freeName returns the first candidate name that declaring at stmt
// changes nothing else: no object of that name is visible there (which
// the declaration would shadow for the statements after it), and none
// is declared later in the same block (which the declaration would
// clash with).
func (f *fixer) freeName(stmt *ast.AssignStmt, candidates ...string) (string, bool) {
	lhs := stmt.Lhs[0].(*ast.Ident).Name
	scope := f.pass.TypesInfo.Scopes[f.file].Innermost(stmt.Pos())
	if scope == nil {
		return "", false
	}
	for _, name := range candidates {
		if name == lhs {
			continue
		}
		if _, obj := scope.LookupParent(name, stmt.Pos()); obj != nil {
			continue
		}
		if scope.Lookup(name) != nil {
			continue
		}
		return name, true
	}
	return "", false
}

// lineEnd returns the end of the line pos is on when only blanks and a
// line comment follow pos there, else pos itself.
func (f *fixer) lineEnd(pos token.Pos) token.Pos {
	tf := f.pass.Fset.File(pos)
	off := tf.Offset(pos)
	i := off
	for i < len(f.src) && (f.src[i] == ' ' || f.src[i] == '\t') {
		i++
	}
	if i < len(f.src) && f.src[i] == '\n' {
		return tf.Pos(i)
	}
	if i+1 < len(f.src) && f.src[i] == '/' && f.src[i+1] == '/' {
		for i < len(f.src) && f.src[i] != '\n' {
			i++
		}
		return tf.Pos(i)
	}
	return pos
}

// lineIndent returns the whitespace that starts the line holding offset.
func lineIndent(src []byte, offset int) string {
	start := offset
	for start > 0 && src[start-1] != '\n' {
		start--
	}
	end := start
	for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return string(src[start:end])
}
