// Package report is what mcperrlint's check passes share to report: the
// Finding each check builds, the description of the function a finding
// is in (Func), and the suggested fixes that turn an error into a tool
// error result (ReturnFix, AssertionFix), tidied together once every
// finding of a package is known (TidyImports).
package report

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

// A Finding is a diagnostic a check pass built, with what the mcperrlint
// analyzer needs to report it: the nodes an ignore directive may stand
// on, and the fix, whose imports are tidied with the other fixes of its
// file.
type Finding struct {
	Diag analysis.Diagnostic
	// Node is the statement or expression reported and Func the
	// *ast.FuncDecl or *ast.FuncLit that holds it: an ignore directive on
	// Node's line, the line above, or Func's doc comment silences the
	// finding. A finding with no Node is silenced by none.
	Node, Func ast.Node
	// Fix is the fix of Diag.SuggestedFixes[0], if it has one.
	Fix *Fix
	// SDK names the SDK of the handler whose return is reported: a server
	// of that SDK that turns errors into tool results silences it
	// (package silence). Empty for findings no server silences.
	SDK string
}

// A Fix is a suggested fix and the fixer that built it.
type Fix struct {
	Suggested *analysis.SuggestedFix
	*fixer
}

// A Func is the function that holds a finding: a tool handler, or a
// function whose errors or results tool handlers forward.
type Func struct {
	// Syntax is the *ast.FuncDecl or *ast.FuncLit of the function.
	Syntax    ast.Node
	Signature *types.Signature
	// Name is the function's name, or for a function literal, the name
	// of the declared function that contains it.
	Name    string
	Literal bool

	SDK  *sdk.Binding
	Kind sdk.HandlerKind
	// Forwarded reports that the function is reached only through other
	// handlers, which return its error as their own.
	Forwarded bool
	// ResultForwarded reports that a tool error result the function
	// returns reaches the client; if not, ResultDroppedBy names a
	// function that forwards its error but drops its result.
	ResultForwarded bool
	ResultDroppedBy string
	// Marked reports that the function's wrappers turn its errors into
	// tool results but for marked ones, which they pass on as protocol
	// errors: its reported returns return such a mark.
	Marked bool
}

// NewFunc returns the description of fn, a function of SDK b's kind.
func NewFunc(fn *ssa.Function, b *sdk.Binding, kind sdk.HandlerKind) *Func {
	return &Func{Syntax: fn.Syntax(), Signature: fn.Signature, Name: ssaval.Outermost(fn).Name(), Literal: fn.Parent() != nil, SDK: b, Kind: kind}
}

// Quoted names the function in a message.
func (h *Func) Quoted() string {
	if h.Literal {
		return "function literal in `" + h.Name + "`"
	}
	return "`" + h.Name + "`"
}

// FileOf returns the syntax tree of the file of pass containing pos.
func FileOf(pass *analysis.Pass, pos token.Pos) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}

// InBody returns the first node of type N at pos (one whose extent holds
// it) in the body of the function root (an *ast.FuncDecl or *ast.FuncLit)
// that match accepts, not looking into the function literals the body
// contains: a finding's position names a node of the function it is in.
// Only the nodes around pos are visited, not the whole body, since every
// finding asks.
func InBody[N ast.Node](root ast.Node, pos token.Pos, match func(N) bool) (N, bool) {
	var found N
	ok := false
	if root == nil {
		return found, false
	}
	ast.Inspect(root, func(n ast.Node) bool {
		if ok || n == nil || pos < n.Pos() || pos >= n.End() {
			return false
		}
		if lit, isLit := n.(*ast.FuncLit); isLit && lit != root {
			return false
		}
		if x, isN := n.(N); isN && match(x) {
			found, ok = x, true
		}
		return !ok
	})
	return found, ok
}

// ReturnStmt finds the return statement at pos in the body of the
// function root, not in the function literals it contains.
func ReturnStmt(root ast.Node, pos token.Pos) *ast.ReturnStmt {
	ret, _ := InBody(root, pos, func(r *ast.ReturnStmt) bool { return r.Return == pos })
	return ret
}

// ReturnFix returns the fix of the return statement ret of fn, which
// returns an error a tool handler passes on as a protocol error (the
// results of via, when it passes on a call's), or the reason it has none.
func ReturnFix(pass *analysis.Pass, file *ast.File, ret *ast.ReturnStmt, fn *Func, via string, srcs *SourceFiles, fc *FixContext) (*Fix, string) {
	if !fn.ResultForwarded {
		return nil, "`" + fn.ResultDroppedBy + "` forwards this error but drops the tool result beside it; return a CallToolResult with IsError there"
	}
	src, err := srcs.Read(pass.Fset.File(file.FileStart).Name())
	if err != nil {
		return nil, "the file cannot be read"
	}
	f := &fixer{pass: pass, file: file, src: src, ret: ret, fn: fn, via: via, sig: fn.Signature, FixContext: fc}
	fix, reason := f.build()
	if fix == nil {
		return nil, reason
	}
	return &Fix{fix, f}, ""
}
