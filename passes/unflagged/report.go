package unflagged

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/report"
)

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
	build, _ := report.InBody(root, pos, func(e ast.Expr) bool {
		switch e := e.(type) {
		case *ast.CallExpr:
			return !literal && e.Lparen == pos
		case *ast.CompositeLit:
			return literal && e.Lbrace == pos
		}
		return false
	})
	return build
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
