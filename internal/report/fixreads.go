package report

import (
	"go/ast"
	"go/parser"
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
		e, err := parser.ParseExpr(r)
		if err != nil {
			return true // cannot tell what it reads
		}
		for _, name := range readNames(e) {
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

// readNames returns the names of the identifiers e may read: not field
// names of selectors or of composite literal keys.
func readNames(e ast.Expr) []string {
	var names []string
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			names = append(names, readNames(n.X)...)
			return false
		case *ast.KeyValueExpr:
			if _, ok := n.Key.(*ast.Ident); !ok {
				names = append(names, readNames(n.Key)...)
			}
			names = append(names, readNames(n.Value)...)
			return false
		case *ast.Ident:
			names = append(names, n.Name)
		}
		return true
	})
	return names
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
