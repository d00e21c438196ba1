package report

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

// AssertionFix returns the fix of a single-value type assertion expr in
// the tool handler fn, whose tool error says msg (a Go string literal), or
// the reason it has none: it rewrites name := x.(T), a statement of its
// own, into
//
//	name, ok := x.(T)
//	if !ok {
//		return <IsError result>, nil
//	}
func AssertionFix(pass *analysis.Pass, file *ast.File, expr *ast.TypeAssertExpr, h *Func, msg string, srcs *SourceFiles, fc *FixContext) (*Fix, string) {
	stmt, ok := definingStmt(h.Syntax, expr)
	if !ok {
		return nil, "the assertion is not the value of a `name := x.(T)` statement of its own; rewrite it to the comma-ok form by hand"
	}
	lhs := stmt.Lhs[0].(*ast.Ident)
	src, err := srcs.Read(pass.Fset.File(file.FileStart).Name())
	if err != nil {
		return nil, "the file cannot be read"
	}
	f := &fixer{pass: pass, file: file, src: src, ret: &ast.ReturnStmt{Return: stmt.Pos()}, fn: h, sig: h.Signature, FixContext: fc}
	okName, ok := f.freeName(stmt, "ok", lhs.Name+"OK")
	if !ok {
		return nil, "no name for the ok result is free here"
	}
	results, edits, reason := f.assertionResults(msg)
	if results == nil {
		return nil, reason
	}
	// Two insertions, so that a comment after the statement stays on its
	// line: ", ok" after the name, and the check after the line.
	indent := LineIndent(src, pass.Fset.Position(stmt.Pos()).Offset)
	check := fmt.Sprintf("\n%sif !%s {\n%s\treturn %s\n%s}", indent, okName, indent, strings.Join(results, ", "), indent)
	f.newReturn = check
	edits = append([]analysis.TextEdit{
		{Pos: lhs.End(), End: lhs.End(), NewText: []byte(", " + okName)},
		{Pos: f.lineEnd(stmt.End()), End: f.lineEnd(stmt.End()), NewText: []byte(check)},
	}, edits...)
	fix := &analysis.SuggestedFix{Message: "Check the argument's type and return a tool error when it is wrong", TextEdits: edits}
	return &Fix{fix, f}, ""
}

// assertionResults returns the results of the return statement the fix
// writes, the edits (imports) they need, or the reason there are none.
func (f *fixer) assertionResults(msg string) ([]string, []analysis.TextEdit, string) {
	h := f.fn
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

// LineIndent returns the whitespace that starts the line holding offset.
func LineIndent(src []byte, offset int) string {
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
