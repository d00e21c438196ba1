package mcpssa

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

// withoutInertTests returns the files and type information to build the
// package's SSA form from: the pass's own, less the functions of test
// files that cannot change what the passes find.
//
// A test variant holds every file of its package again, and its tests are
// often larger than the code; building them doubles the SSA work of the
// variant. The functions left out are the test entry points (TestX,
// BenchmarkX, FuzzX, ExampleX), which only the test binary's main calls,
// and the unexported functions of test files, which code outside the
// package cannot name, when their bodies are inert (see inertVisitor),
// they have no handler's or tool body's signature, and every declaration
// that names them is left out too.
//
// The files that lose a declaration are shallow copies, registered with
// their Go version (which decides loop variable semantics) in a copy of
// the type information; its other maps are shared.
func withoutInertTests(pass *analysis.Pass, bindings sdk.Bindings) ([]*ast.File, *types.Info) {
	out := make(map[*types.Func]bool)
	var decls []ast.Decl
	for _, file := range pass.Files {
		test := strings.HasSuffix(pass.Fset.File(file.FileStart).Name(), "_test.go")
		for _, decl := range file.Decls {
			decls = append(decls, decl)
			fd, ok := decl.(*ast.FuncDecl)
			if !test || !ok || fd.Recv != nil || fd.Body == nil {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok || !isTestEntry(fn) && (fn.Exported() || fn.Name() == "init") {
				continue
			}
			v := &inertVisitor{pass: pass, bindings: bindings, inert: true}
			if v.handlerShaped(fn.Signature()) {
				continue
			}
			if ast.Walk(v, fd.Body); v.inert {
				out[fn] = true
			}
		}
	}
	if len(out) == 0 {
		return pass.Files, pass.TypesInfo
	}

	// A function stays out only while every declaration that names it
	// does.
	slices.SortFunc(decls, func(a, b ast.Decl) int { return int(a.Pos() - b.Pos()) })
	namedIn := make(map[*types.Func][]ast.Decl)
	for id, obj := range pass.TypesInfo.Uses {
		if fn, ok := obj.(*types.Func); ok && out[fn] {
			namedIn[fn] = append(namedIn[fn], enclosing(decls, id.Pos()))
		}
	}
	isOut := func(decl ast.Decl) bool {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok {
			return false
		}
		fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
		return out[fn]
	}
	for changed := true; changed; {
		changed = false
		for fn := range out {
			if !slices.ContainsFunc(namedIn[fn], func(d ast.Decl) bool { return !isOut(d) }) {
				continue
			}
			delete(out, fn)
			changed = true
		}
	}

	files := slices.Clone(pass.Files)
	info := *pass.TypesInfo
	info.FileVersions = maps.Clone(pass.TypesInfo.FileVersions)
	for i, file := range files {
		kept := slices.DeleteFunc(slices.Clone(file.Decls), isOut)
		if len(kept) < len(file.Decls) {
			trimmed := *file
			trimmed.Decls = kept
			files[i] = &trimmed
			info.FileVersions[&trimmed] = info.FileVersions[file]
		}
	}
	return files, &info
}

// enclosing returns the declaration of decls, sorted by position, that
// holds pos, or nil.
func enclosing(decls []ast.Decl, pos token.Pos) ast.Decl {
	i, _ := slices.BinarySearchFunc(decls, pos, func(d ast.Decl, pos token.Pos) int { return int(d.Pos() - pos) })
	// decls[i] starts at or after pos: the one before, if any, may hold it.
	if i < len(decls) && decls[i].Pos() == pos {
		return decls[i]
	}
	if i > 0 && pos < decls[i-1].End() {
		return decls[i-1]
	}
	return nil
}

// isTestEntry reports whether fn has the name and signature of a function
// go test calls: TestX(*testing.T), BenchmarkX(*testing.B),
// FuzzX(*testing.F) or ExampleX(), where X does not start with a
// lower-case letter.
func isTestEntry(fn *types.Func) bool {
	sig := fn.Signature()
	if sig.Recv() != nil || sig.TypeParams() != nil || sig.Results().Len() > 0 {
		return false
	}
	for _, entry := range testEntries {
		suffix, ok := strings.CutPrefix(fn.Name(), entry.prefix)
		if r, _ := utf8.DecodeRuneInString(suffix); !ok || unicode.IsLower(r) {
			continue
		}
		if entry.param == "" {
			return sig.Params().Len() == 0
		}
		return sig.Params().Len() == 1 && isTesting(sig.Params().At(0).Type(), entry.param)
	}
	return false
}

var testEntries = [...]struct{ prefix, param string }{
	{"Test", "T"}, {"Benchmark", "B"}, {"Fuzz", "F"}, {"Example", ""},
}

// isTesting reports whether t is *testing.<name>.
func isTesting(t types.Type, name string) bool {
	ptr, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := types.Unalias(ptr.Elem()).(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "testing" && named.Obj().Name() == name
}

// An inertVisitor decides whether the body of a function of a test file
// that only left-out functions call is inert: whether leaving it out of
// the SSA form cannot change what the passes find in the rest of the
// package. It is when the body
//
//   - makes no function value that returns more than basic values (see
//     makesFunc), so it holds no handler, no forwarded function and no
//     helper with a summary, and hands none to a wrapper or a registrar;
//   - names no function of the package that has a handler's or a tool
//     body's signature, whose uses decide whether it is a handler;
//   - names no package-level map, whose writes decide whether its keys
//     are a fixed set.
//
// Calling a function is fine, and so is keeping a function value made by a
// call or a literal in a local variable: only where that value goes next
// matters, and going anywhere but into a call is a use that makes the
// body matter.
type inertVisitor struct {
	pass     *analysis.Pass
	bindings sdk.Bindings
	inert    bool
}

func (v *inertVisitor) Visit(n ast.Node) ast.Visitor {
	if !v.inert {
		return nil
	}
	switch n := n.(type) {
	case *ast.AssignStmt:
		allLocal := true
		for _, lhs := range n.Lhs {
			if !v.isLocal(lhs) {
				allLocal = false
				ast.Walk(v, lhs)
			}
		}
		for i, rhs := range n.Rhs {
			if len(n.Lhs) == len(n.Rhs) && v.isLocal(n.Lhs[i]) || len(n.Lhs) != len(n.Rhs) && allLocal {
				v.local(rhs)
			} else {
				ast.Walk(v, rhs)
			}
		}
		return nil
	case *ast.ValueSpec:
		for _, value := range n.Values {
			v.local(value)
		}
		return nil
	case *ast.CallExpr:
		if v.makesFunc(n) {
			v.inert = false
		} else {
			v.call(n)
		}
		return nil
	case *ast.Ident:
		v.uses(n)
		v.inert = v.inert && !v.makesFunc(n)
	case *ast.FuncLit, *ast.SelectorExpr, *ast.IndexExpr, *ast.IndexListExpr, *ast.TypeAssertExpr, *ast.StarExpr:
		// The expressions that can be function values, calls aside
		// (literals, operators and composite literals cannot).
		v.inert = !v.makesFunc(n.(ast.Expr))
	}
	if !v.inert {
		return nil
	}
	return v
}

// local visits e, the value of a local variable: a function value kept
// there goes nowhere yet.
func (v *inertVisitor) local(e ast.Expr) {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		v.call(e)
	case *ast.FuncLit:
		ast.Walk(v, e.Body)
	default:
		ast.Walk(v, e)
	}
}

// call visits a call and its arguments.
func (v *inertVisitor) call(call *ast.CallExpr) {
	v.callee(call.Fun)
	for _, arg := range call.Args {
		ast.Walk(v, arg)
	}
}

// callee visits the function a call calls: calling a function is no use of
// its value, but what it is selected from is visited.
func (v *inertVisitor) callee(fun ast.Expr) {
	switch fun := ast.Unparen(fun).(type) {
	case *ast.Ident:
		v.uses(fun)
	case *ast.SelectorExpr:
		v.uses(fun.Sel)
		ast.Walk(v, fun.X)
	case *ast.IndexExpr: // an instantiation
		v.callee(fun.X)
	case *ast.IndexListExpr:
		v.callee(fun.X)
	case *ast.FuncLit:
		ast.Walk(v, fun.Body)
	case *ast.CallExpr:
		v.call(fun)
	default:
		ast.Walk(v, fun) // a type, in a conversion
	}
}

// uses notes what the identifier id names.
func (v *inertVisitor) uses(id *ast.Ident) {
	switch obj := v.pass.TypesInfo.Uses[id].(type) {
	case *types.Func:
		if obj.Pkg() == v.pass.Pkg && v.handlerShaped(obj.Signature()) {
			v.inert = false
		}
	case *types.Var:
		if obj.Pkg() == v.pass.Pkg && obj.Parent() == v.pass.Pkg.Scope() {
			if _, ok := obj.Type().Underlying().(*types.Map); ok {
				v.inert = false
			}
		}
	}
}

// makesFunc reports whether e is a function value that can matter to the
// passes: one that returns an error, or anything that could hold or make
// one. A function that returns only values of basic types (a translation
// helper's strings) cannot.
func (v *inertVisitor) makesFunc(e ast.Expr) bool {
	tv, ok := v.pass.TypesInfo.Types[e]
	if !ok || !tv.IsValue() {
		return false
	}
	sig, ok := tv.Type.Underlying().(*types.Signature)
	return ok && !basicResults(sig)
}

// basicResults reports whether every result of sig has a basic type.
func basicResults(sig *types.Signature) bool {
	for v := range sig.Results().Variables() {
		if b, ok := v.Type().Underlying().(*types.Basic); !ok || b.Kind() == types.UnsafePointer {
			return false
		}
	}
	return true
}

// handlerShaped reports whether sig is that of a handler of any shape,
// registered or not, or of a tool body.
func (v *inertVisitor) handlerShaped(sig *types.Signature) bool {
	for _, b := range v.bindings {
		if b.IsToolBody(sig) || b.HasAnyShape(sig) {
			return true
		}
	}
	return false
}

// isLocal reports whether e is a variable declared inside a function, or
// the blank identifier.
func (v *inertVisitor) isLocal(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	if id.Name == "_" {
		return true
	}
	obj := v.pass.TypesInfo.ObjectOf(id)
	variable, ok := obj.(*types.Var)
	return ok && variable.Parent() != nil && variable.Parent() != v.pass.Pkg.Scope()
}
