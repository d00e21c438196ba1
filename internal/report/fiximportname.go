package report

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// importName returns the name under which path can be referred to at the
// return, adding an import when the file has none. ok is false when the
// package cannot be named there: the file imports it, but by a dot or
// blank import only, or under a name a local shadows at the return (an
// import of it under another name would be a confusing fix); or the name
// is taken; or another SDK's package has the same name, so that a fix for
// it may import that under the name too.
func (f *fixer) importName(path, name string) (string, []analysis.TextEdit, bool) {
	scope := f.scopeAtReturn()
	imported := false
	for _, spec := range f.file.Imports {
		if p, _ := strconv.Unquote(spec.Path.Value); p != path {
			continue
		}
		imported = true
		local := name
		if spec.Name != nil {
			local = spec.Name.Name
		}
		if local == "_" || local == "." {
			continue
		}
		if _, obj := scope.LookupParent(local, f.ret.Pos()); isPkgName(obj, path) {
			return local, nil, true
		}
	}
	if imported {
		return "", nil, false
	}
	if _, obj := scope.LookupParent(name, f.ret.Pos()); obj != nil {
		return "", nil, false
	}
	for _, b := range f.SDKs {
		if b.MCP.Path() != path && b.MCP.Name() == name {
			return "", nil, false
		}
	}
	return name, []analysis.TextEdit{f.addImport(path)}, true
}

// scopeAtReturn returns the innermost scope of the return, found from the
// handler's own scope where it has one: from the file's, each fix would
// look at every function of the file.
func (f *fixer) scopeAtReturn() *types.Scope {
	var ft *ast.FuncType
	switch fn := f.fn.Syntax.(type) {
	case *ast.FuncDecl:
		ft = fn.Type
	case *ast.FuncLit:
		ft = fn.Type
	}
	if s := f.pass.TypesInfo.Scopes[ft]; ft != nil && s != nil && s.Contains(f.ret.Pos()) {
		return s.Innermost(f.ret.Pos())
	}
	return f.pass.TypesInfo.Scopes[f.file].Innermost(f.ret.Pos())
}

func isPkgName(obj types.Object, path string) bool {
	pn, ok := obj.(*types.PkgName)
	return ok && pn.Imported().Path() == path
}

// addImport inserts an import of path, keeping the first import group
// sorted as gofmt would.
func (f *fixer) addImport(path string) analysis.TextEdit {
	quoted := strconv.Quote(path)
	var cgo *ast.GenDecl
	for _, decl := range f.file.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.IMPORT {
			continue
		}
		if importsC(gen) {
			// The cgo preamble is the comment on a declaration of
			// import "C" alone: leave it alone.
			cgo = gen
			continue
		}
		if !gen.Lparen.IsValid() {
			spec := gen.Specs[0].(*ast.ImportSpec)
			return analysis.TextEdit{Pos: gen.Pos(), End: gen.End(), NewText: []byte("import (\n\t" + sortedPair(quoted, f.text(spec)) + "\n)")}
		}
		// Insert before the first spec of the first group that sorts
		// after path, else after the last spec of that group.
		var prev *ast.ImportSpec
		for _, s := range gen.Specs {
			spec := s.(*ast.ImportSpec)
			if prev != nil && f.pass.Fset.Position(spec.Pos()).Line > f.pass.Fset.Position(prev.End()).Line+1 {
				break // a blank line ends the group
			}
			if p, _ := strconv.Unquote(spec.Path.Value); p > path {
				return analysis.TextEdit{Pos: spec.Pos(), End: spec.Pos(), NewText: []byte(quoted + "\n\t")}
			}
			prev = spec
		}
		if prev == nil {
			return analysis.TextEdit{Pos: gen.Lparen + 1, End: gen.Lparen + 1, NewText: []byte("\n\t" + quoted)}
		}
		return analysis.TextEdit{Pos: prev.End(), End: prev.End(), NewText: []byte("\n\t" + quoted)}
	}
	if cgo != nil {
		return analysis.TextEdit{Pos: cgo.End(), End: cgo.End(), NewText: []byte("\n\nimport " + quoted)}
	}
	return analysis.TextEdit{Pos: f.file.Name.End(), End: f.file.Name.End(), NewText: []byte("\n\nimport " + quoted)}
}

func importsC(gen *ast.GenDecl) bool {
	for _, s := range gen.Specs {
		if path, _ := strconv.Unquote(s.(*ast.ImportSpec).Path.Value); path == "C" {
			return true
		}
	}
	return false
}

// sortedPair returns two import specs, one per line, in gofmt's order.
func sortedPair(a, b string) string {
	pathOf := func(s string) string { return s[strings.IndexByte(s, '"'):] }
	if pathOf(a) > pathOf(b) {
		a, b = b, a
	}
	return a + "\n\t" + b
}
