package report

import (
	"go/ast"
	"go/scanner"
	"go/token"
	"go/types"
	"slices"
	"sort"
)

// dropsLastRead reports whether returning results instead of the return
// statement could leave a local variable unread, which does not compile
// ("declared and not used"): the statement reads it, results do not, and
// nothing else does except returns that other fixes may replace as well
// (the -fix driver applies them all).
func (f *fixer) dropsLastRead(results []string) bool {
	kept := make(map[string]bool)
	for _, r := range results {
		names, ok := readNames(r)
		if !ok {
			return true // cannot tell what it reads
		}
		for _, name := range names {
			kept[name] = true
		}
	}
	var dropped []*types.Var
	ast.Inspect(f.ret, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && !kept[id.Name] {
			if v, ok := f.pass.TypesInfo.Uses[id].(*types.Var); ok && v.Kind() == types.LocalVar && !slices.Contains(dropped, v) {
				dropped = append(dropped, v)
			}
		}
		return true
	})
	for _, v := range dropped {
		if !f.readOutsideReplaced(v) {
			return true
		}
	}
	return false
}

// readNames returns the names of the identifiers the expression src may
// read: not the field names of selectors or the keys of composite
// literals. ok is false if src does not scan. It scans rather than
// parses, since every finding's fix asks (a parse was a tenth of building
// a fix); where the tokens alone cannot tell (a label or a case value in
// a function literal), it leaves the name out, which at worst withholds a
// fix, never offers one that does not compile.
func readNames(src string) (names []string, ok bool) {
	fset := token.NewFileSet()
	var s scanner.Scanner
	ok = true
	s.Init(fset.AddFile("", -1, len(src)), []byte(src), func(token.Position, string) { ok = false }, 0)
	var (
		open    []token.Token // the brackets open at this point
		ident   string        // an identifier whose role the next token decides
		selects bool          // the previous token was a period
	)
	for {
		_, tok, lit := s.Scan()
		if ident != "" {
			key := tok == token.COLON && len(open) > 0 && open[len(open)-1] == token.LBRACE
			if !key {
				names = append(names, ident)
			}
			ident = ""
		}
		switch tok {
		case token.EOF:
			return names, ok
		case token.IDENT:
			if !selects {
				ident = lit
			}
		case token.LPAREN, token.LBRACK, token.LBRACE:
			open = append(open, tok)
		case token.RPAREN, token.RBRACK, token.RBRACE:
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		}
		selects = tok == token.PERIOD
	}
}

// readOutsideReplaced reports whether the local variable v is read, as
// the compiler counts reads, outside the returns fixes may replace.
// Assigning to the variable itself is not a read; assigning to a field
// or element through it, or incrementing it, is.
func (f *fixer) readOutsideReplaced(v *types.Var) bool {
	// The declarations are in order: the one holding v is found
	// without a walk over the file's.
	var decl ast.Decl
	decls := f.file.Decls
	if i := sort.Search(len(decls), func(i int) bool { return decls[i].End() > v.Pos() }); i < len(decls) && decls[i].Pos() <= v.Pos() {
		decl = decls[i]
	}
	if decl == nil {
		return true // not in this file: cannot happen for a local the return reads
	}
	read := false
	isV := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && f.pass.TypesInfo.ObjectOf(id) == v
	}
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if read {
			return false
		}
		switch n := n.(type) {
		case *ast.ReturnStmt:
			return !f.Replaced[n.Return]
		case *ast.AssignStmt:
			if n.Tok == token.ASSIGN || n.Tok == token.DEFINE {
				for _, lhs := range n.Lhs {
					if !isV(lhs) {
						ast.Inspect(lhs, visit)
					}
				}
				for _, rhs := range n.Rhs {
					ast.Inspect(rhs, visit)
				}
				return false
			}
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if e != nil && !isV(e) {
						ast.Inspect(e, visit)
					}
				}
				ast.Inspect(n.X, visit)
				ast.Inspect(n.Body, visit)
				return false
			}
		case *ast.Ident:
			read = f.pass.TypesInfo.Uses[n] == v
		}
		return true
	}
	ast.Inspect(decl, visit)
	return read
}
