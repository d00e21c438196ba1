package assertions

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/report"
)

// diagnose reports a single-value type assertion on an argument,
// with a fix in a handler's body: the comma-ok form, and an IsError
// result naming the argument and the type it must have.
func diagnose(pass *analysis.Pass, a *asserted, srcs *report.SourceFiles, fc *report.FixContext) (report.Finding, bool) {
	file := report.FileOf(pass, a.Lparen)
	expr := typeAssertExpr(a.Func.Syntax, a.Lparen)
	if file == nil || expr == nil {
		return report.Finding{}, false
	}
	d := analysis.Diagnostic{
		Pos:      expr.Pos(),
		End:      expr.End(),
		Category: category.Decode.String(),
		Message:  assertionMessage(pass, a, expr),
		URL:      category.DocURL(category.Decode.String()),
	}
	// No SDK for Silenced: a server's converting middleware does not
	// catch a panic.
	fd := report.Finding{Diag: d, Node: expr, Func: a.Func.Syntax}
	f, reason := buildFix(pass, file, expr, a, srcs, fc)
	if f != nil {
		fd.Diag.SuggestedFixes = []analysis.SuggestedFix{*f.Suggested}
		fd.Fix = f
	} else {
		fd.Diag.Message += " (no fix: " + reason + ")"
	}
	return fd, true
}

// assertionMessage words the diagnostic: what is asserted, that it panics,
// and the remedy.
func assertionMessage(pass *analysis.Pass, a *asserted, expr *ast.TypeAssertExpr) string {
	h := a.Func
	who := "tool handler"
	switch {
	case a.Helper:
		who = h.Quoted() + " (a tool handler passes it argument values)"
	case h.Forwarded:
		who = h.Quoted() + " (a tool handler forwards its result)"
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
func argumentName(a *asserted) string {
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
	expr, _ := report.InBody(root, lparen, func(e *ast.TypeAssertExpr) bool { return e.Lparen == lparen })
	return expr
}

// buildFix returns the fix of an assertion, or the reason it has none:
// the comma-ok form and an IsError result naming the argument and the
// type it must have, in a tool handler whose result reaches the client.
func buildFix(pass *analysis.Pass, file *ast.File, expr *ast.TypeAssertExpr, a *asserted, srcs *report.SourceFiles, fc *report.FixContext) (*report.Fix, string) {
	h := a.Func
	if a.Helper {
		return nil, h.Quoted() + " is not a tool handler and has no tool result to return; check the type with the comma-ok form there and return an error, or check it in the handler"
	}
	if h.Forwarded && !h.ResultForwarded {
		return nil, "`" + h.ResultDroppedBy + "` drops the tool result of this function; check the type with the comma-ok form and return a CallToolResult with IsError there"
	}
	msg := strconv.Quote(strings.TrimPrefix(argumentName(a), "an ") + " must be " + jsonKind(a.Type))
	if !a.HasKey && !a.Arguments {
		msg = strconv.Quote("an argument must be " + jsonKind(a.Type))
	}
	return report.AssertionFix(pass, file, expr, h, msg, srcs, fc)
}
