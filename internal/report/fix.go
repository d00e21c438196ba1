package report

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

// SourceFiles reads each file of a package once, however many of its
// findings get a fix.
type SourceFiles struct {
	pass  *analysis.Pass
	files map[string]sourceFile
}

type sourceFile struct {
	src []byte
	err error
}

// NewSourceFiles returns a reader of the files of the package pass analyzes.
func NewSourceFiles(pass *analysis.Pass) *SourceFiles {
	return &SourceFiles{pass: pass, files: make(map[string]sourceFile)}
}

// Read returns the content of the named file, as pass.ReadFile does.
func (s *SourceFiles) Read(name string) ([]byte, error) {
	f, ok := s.files[name]
	if !ok {
		f.src, f.err = s.pass.ReadFile(name)
		s.files[name] = f
	}
	return f.src, f.err
}

// A fixer builds the one suggested fix for a reported return, when the
// rewrite is unambiguous.
type fixer struct {
	pass      *analysis.Pass
	file      *ast.File
	src       []byte
	ret       *ast.ReturnStmt
	fn        *Func  // the function holding the return
	via       string // the function whose results the return passes on, if any
	sig       *types.Signature
	newReturn string // the return statement the fix writes, once built
	*FixContext
}

// A FixContext is what the fixers of one package share: each fix must
// allow for the others, since the -fix driver applies them all.
type FixContext struct {
	// Replaced holds the positions of the return statements that fixes
	// may replace.
	Replaced map[token.Pos]bool

	// SDKs are the SDKs the package sees.
	SDKs sdk.Bindings
}

// results returns the source text of each result of the return, spelling
// out the named results of a bare return.
func (f *fixer) results() ([]string, []ast.Expr, bool) {
	n := f.sig.Results().Len()
	if len(f.ret.Results) == 0 {
		names := make([]string, n)
		for i := range names {
			name := f.sig.Results().At(i).Name()
			if name == "" || name == "_" {
				return nil, nil, false
			}
			names[i] = name
		}
		return names, make([]ast.Expr, n), true
	}
	if len(f.ret.Results) != n {
		return nil, nil, false // return f(): a forwarding return
	}
	texts := make([]string, n)
	for i, e := range f.ret.Results {
		texts[i] = f.text(e)
	}
	return texts, f.ret.Results, true
}

func (f *fixer) text(n ast.Node) string {
	return string(f.src[f.pass.Fset.Position(n.Pos()).Offset:f.pass.Fset.Position(n.End()).Offset])
}

// build returns the fix, or nil and the reason there is none, worded to
// follow "no fix: ".
func (f *fixer) build() (*analysis.SuggestedFix, string) {
	texts, exprs, ok := f.results()
	if !ok {
		if len(f.ret.Results) == 0 {
			return nil, "the bare return has unnamed results"
		}
		if f.via != "" {
			return nil, "the return passes on the results of `" + f.via + "`; split it to convert the error here"
		}
		return nil, "the return passes on another call's results; split it to convert the error here"
	}
	last := len(texts) - 1
	var edits []analysis.TextEdit
	if f.fn.Kind == sdk.Typed {
		plain, extra, ok := f.plainError(exprs[last])
		if !ok {
			return nil, "no plain error with the same message can be written here"
		}
		texts[last] = plain
		edits = append(edits, extra...)
		return f.finish("Return a plain error, which the SDK turns into a tool error", texts, edits)
	}

	// The fix returns a tool result in the first result: a forwarded
	// function's may be of another type (a type parameter, a value).
	if !f.fn.SDK.IsResultPointer(f.sig.Results().At(0).Type()) {
		return nil, "its first result is no tool result; return a CallToolResult with IsError from the handler that calls it"
	}
	// The result a raw handler returns beside a non-nil error is dropped
	// by the SDK; it can be dropped here too unless computing it has
	// effects.
	if exprs[0] != nil && hasEffects(exprs[0]) {
		return nil, "the result beside the error is computed by a call, which the fix would drop"
	}
	mcpName, importEdit, ok := f.importName(f.fn.SDK.MCP.Path(), f.fn.SDK.MCP.Name())
	if !ok {
		return nil, "the SDK's package " + strconv.Quote(f.fn.SDK.MCP.Path()) + " cannot be named here"
	}
	result, ok := f.errorResult(mcpName, exprs[last], texts[last])
	if !ok {
		return nil, "no tool result with the same message can be written here"
	}
	edits = append(edits, importEdit...)
	texts[0], texts[last] = result, "nil"
	return f.finish("Return the error as a tool result with IsError set", texts, edits)
}

func (f *fixer) finish(message string, results []string, extra []analysis.TextEdit) (*analysis.SuggestedFix, string) {
	if f.dropsLastRead(results) {
		return nil, "the rewrite would leave a variable unused"
	}
	f.newReturn = "return " + strings.Join(results, ", ")
	edit := analysis.TextEdit{Pos: f.ret.Pos(), End: f.ret.End(), NewText: []byte(f.newReturn)}
	return &analysis.SuggestedFix{Message: message, TextEdits: append([]analysis.TextEdit{edit}, extra...)}, ""
}

// errorResult returns an expression building a tool error result that
// carries the same message as the error expression e (nil for the named
// result of a bare return, whose name is text).
func (f *fixer) errorResult(mcpName string, e ast.Expr, text string) (string, bool) {
	er := f.fn.SDK.ErrorResult
	qualify := func(name string) string {
		if mcpName == "" {
			return name
		}
		return mcpName + "." + name
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && call.Ellipsis == token.NoPos {
		switch f.calleeName(call) {
		case "errors.New":
			if len(call.Args) == 1 {
				return f.textResult(mcpName, f.text(call.Args[0])), true
			}
		case "fmt.Errorf":
			format, ok := stringLiteral(call.Args[0])
			if !ok {
				break
			}
			args := call.Args[1:]
			if len(args) == 0 && !strings.Contains(format, "%") {
				return f.textResult(mcpName, f.text(call.Args[0])), true
			}
			if m := fromErrFormat.FindStringSubmatch(format); m != nil && len(args) == 1 && f.isError(args[0]) && f.sdkHas(er.FromErr) {
				return fmt.Sprintf("%s(%s, %s)", qualify(er.FromErr), strconv.Quote(m[1]), f.text(args[0])), true
			}
			verbs := strconv.Quote(replaceWrapVerb(format))
			argText := f.textRange(args)
			if f.sdkHas(er.Formatf) {
				return fmt.Sprintf("%s(%s%s)", qualify(er.Formatf), verbs, argText), true
			}
			fmtName := f.selectorQualifier(call.Fun)
			return f.textResult(mcpName, fmt.Sprintf("%sSprintf(%s%s)", fmtName, verbs, argText)), true
		}
	}
	if e != nil {
		if _, msg, ok := f.protocolErrorMessage(e); ok {
			return f.textResult(mcpName, msg), true
		}
		text = operand(e, text)
	}
	return f.textResult(mcpName, text+".Error()"), true
}

// textResult returns an expression building a tool error result with the
// message msg, by the SDK's builder where the version in the build
// declares it, else by the literal every version accepts.
func (f *fixer) textResult(mcpName, msg string) string {
	er := f.fn.SDK.ErrorResult
	if er.TextFunc != "" && !f.sdkHas(er.TextFunc) {
		return fmt.Sprintf(er.Literal, mcpName, msg)
	}
	return fmt.Sprintf(er.Text, mcpName, msg)
}

// fromErrFormat matches "text: %w", the message FromErr constructors build.
var fromErrFormat = regexp.MustCompile(`^([^%]*): %[wv]$`)

// replaceWrapVerb turns the %w verbs of a format into %v, which prints
// the same text.
func replaceWrapVerb(format string) string {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		b.WriteByte(format[i])
		if format[i] != '%' {
			continue
		}
		// Copy flags, width and precision, then the verb.
		j := i + 1
		for j < len(format) && strings.IndexByte("+-# 0123456789.[]*", format[j]) >= 0 {
			j++
		}
		if j < len(format) {
			b.WriteString(format[i+1 : j])
			if format[j] == 'w' {
				b.WriteByte('v')
			} else {
				b.WriteByte(format[j])
			}
			i = j
		}
	}
	return b.String()
}

// plainError returns an expression building a plain error with the
// message of a protocol error expression, for typed handlers.
func (f *fixer) plainError(e ast.Expr) (string, []analysis.TextEdit, bool) {
	if e == nil {
		return "", nil, false
	}
	msgExpr, msg, ok := f.protocolErrorMessage(e)
	if !ok {
		// A helper's error that holds a protocol error (decodeArgs
		// returning &jsonrpc.Error{...} as an error): a plain error
		// with its text.
		if !sdk.IsError(f.pass.TypesInfo.TypeOf(e)) || hasEffects(e) {
			return "", nil, false
		}
		msgExpr, msg = nil, operand(e, f.text(e))+".Error()"
	}
	if call, ok := ast.Unparen(msgExpr).(*ast.CallExpr); ok && f.calleeName(call) == "fmt.Sprintf" && call.Ellipsis == token.NoPos {
		return fmt.Sprintf("%sErrorf(%s)", f.selectorQualifier(call.Fun), f.textRange(call.Args)[len(", "):]), nil, true
	}
	name, edits, ok := f.importName("errors", "errors")
	if !ok {
		return "", nil, false
	}
	return fmt.Sprintf("%s.New(%s)", name, msg), edits, true
}

// protocolErrorMessage returns a string expression holding the message of
// a protocol error expression: the message field of its composite
// literal when there is one (msgExpr is then that field's value), else a
// selection of the field.
func (f *fixer) protocolErrorMessage(e ast.Expr) (msgExpr ast.Expr, msg string, ok bool) {
	pe, ok := f.fn.SDK.ProtocolError(f.pass.TypesInfo.TypeOf(e))
	if !ok {
		return nil, "", false
	}
	if lit := protocolLiteral(e); lit != nil {
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				return nil, "", false // positional fields: leave it to the user
			}
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == pe.MessageField {
				return kv.Value, f.text(kv.Value), true
			}
		}
		return nil, `""`, true
	}
	if hasEffects(e) {
		return nil, "", false
	}
	return nil, operand(e, f.text(e)) + "." + pe.MessageField, true
}

// protocolLiteral returns the composite literal of &T{...}, or nil.
func protocolLiteral(e ast.Expr) *ast.CompositeLit {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
		lit, _ := ast.Unparen(u.X).(*ast.CompositeLit)
		return lit
	}
	return nil
}

// calleeName returns "pkgpath.Func" for a call of a package-level
// function, named as the role table names it.
func (f *fixer) calleeName(call *ast.CallExpr) string {
	fn, ok := typeutil.Callee(f.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return ""
	}
	return roles.RefOf(fn).String()
}

// selectorQualifier returns "fmt." for fmt.Errorf, "" for a dot-imported Errorf.
func (f *fixer) selectorQualifier(fun ast.Expr) string {
	if sel, ok := ast.Unparen(fun).(*ast.SelectorExpr); ok {
		return f.text(sel.X) + "."
	}
	return ""
}

// textRange returns ", a, b" for the source of args, or "" for none.
func (f *fixer) textRange(args []ast.Expr) string {
	if len(args) == 0 {
		return ""
	}
	return ", " + string(f.src[f.pass.Fset.Position(args[0].Pos()).Offset:f.pass.Fset.Position(args[len(args)-1].End()).Offset])
}

// isError reports whether e is an error value.
func (f *fixer) isError(e ast.Expr) bool {
	t := f.pass.TypesInfo.TypeOf(e)
	return t != nil && sdk.ImplementsError(t)
}

func (f *fixer) sdkHas(name string) bool {
	if name == "" {
		return false
	}
	_, ok := f.fn.SDK.MCP.Scope().Lookup(name).(*types.Func)
	return ok
}

// operand parenthesizes text when e must be to take a selector.
func operand(e ast.Expr, text string) string {
	switch ast.Unparen(e).(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.CallExpr, *ast.IndexExpr, *ast.IndexListExpr, *ast.TypeAssertExpr:
		return text
	}
	return "(" + text + ")"
}

// stringLiteral returns the value of a string literal expression.
func stringLiteral(e ast.Expr) (string, bool) {
	lit, ok := ast.Unparen(e).(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// hasEffects reports whether evaluating e may call a function or receive.
func hasEffects(e ast.Expr) bool {
	effects := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			effects = true
		case *ast.UnaryExpr:
			effects = effects || n.Op == token.ARROW
		case *ast.FuncLit:
			return false
		}
		return !effects
	})
	return effects
}
