// Package implementers answers which concrete methods a call through an
// interface method may run: the methods that implement it in the named
// types a package can see, its own and those of the packages it imports,
// directly or not (where a registry's tools live, registered from their
// packages' init; a blank import counts). It is a question of types alone,
// asked of one package at a time and memoized there.
//
// The standard library's and the SDKs' interfaces and types are left out,
// and so are the types of the packages whose methods cannot matter to the
// caller (see New): a module that sees a large API (client-go's thousands
// of types) would otherwise list each type and check it against each
// interface.
package implementers

import (
	"go/types"
	"slices"
	"strings"

	"github.com/mcperrlint/mcperrlint/internal/analysis/argflow"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

// An Index answers for one package, computing what it needs on the first
// question, and each answer once.
type Index struct {
	pkg     *types.Package
	module  string    // the path of the module being analyzed, "" when unknown
	sdks    sdk.Table // the SDKs, whose packages are left out
	methods map[string]bool

	impls        map[*types.Func][]*types.Func
	implementers map[*types.Interface][]*types.Pointer
	concrete     []*types.Pointer // the named types an interface may be implemented by
	byMethod     map[string][]int // indexes into concrete of the types that may have a method of a name
	mayHave      map[*types.Package]bool
	visible      []*types.Package // the package and its imports, once listed
}

// New returns the index of pkg, a package of the module whose path is
// module ("" when there is none: GOPATH mode). methods lists, by import
// path, the packages below pkg whose types' methods matter to the caller
// (those that export method summaries): only pkg's own types, theirs and
// those of the packages that import one of them, which may promote their
// methods, are listed.
func New(pkg *types.Package, module string, sdks sdk.Table, methods map[string]bool) *Index {
	return &Index{
		pkg:          pkg,
		module:       module,
		sdks:         sdks,
		methods:      methods,
		impls:        make(map[*types.Func][]*types.Func),
		implementers: make(map[*types.Interface][]*types.Pointer),
		mayHave:      make(map[*types.Package]bool),
	}
}

// Methods returns the concrete methods that implement the interface
// method m in the listed named types, in package and then name order;
// none for an interface of the standard library or an SDK.
func (x *Index) Methods(m *types.Func) []*types.Func {
	if impls, ok := x.impls[m]; ok {
		return impls
	}
	var impls []*types.Func
	iface, _ := m.Signature().Recv().Type().Underlying().(*types.Interface)
	if iface != nil && m.Pkg() != nil && !x.left(m.Pkg().Path()) {
		for _, ptr := range x.implementersOf(iface) {
			if obj, _, _ := types.LookupFieldOrMethod(ptr, false, m.Pkg(), m.Name()); obj != nil {
				if fn, ok := obj.(*types.Func); ok {
					impls = append(impls, fn)
				}
			}
		}
	}
	x.impls[m] = impls
	return impls
}

// implementersOf returns the pointers to the listed named types that
// implement iface, in the order of concreteTypes: the methods of one
// interface share them.
//
// Only the types that may have every method of iface, by name, are
// checked.
func (x *Index) implementersOf(iface *types.Interface) []*types.Pointer {
	if ptrs, ok := x.implementers[iface]; ok {
		return ptrs
	}
	concrete := x.concreteTypes()
	var ptrs []*types.Pointer
	for _, i := range x.mayImplement(concrete, iface) {
		if types.Implements(concrete[i], iface) {
			ptrs = append(ptrs, concrete[i])
		}
	}
	x.implementers[iface] = ptrs
	return ptrs
}

// mayImplement returns the indexes, in increasing order, of the types of
// concrete that have a method, declared or promoted, of each name of
// iface's methods: a superset of those that implement it.
func (x *Index) mayImplement(concrete []*types.Pointer, iface *types.Interface) []int {
	if iface.NumMethods() == 0 {
		all := make([]int, len(concrete))
		for i := range all {
			all[i] = i
		}
		return all
	}
	if x.byMethod == nil {
		x.byMethod = make(map[string][]int)
		names := make(map[*types.Named][]string)
		for i, ptr := range concrete {
			for _, name := range methodNames(ptr.Elem().(*types.Named), names) {
				if list := x.byMethod[name]; len(list) == 0 || list[len(list)-1] != i {
					x.byMethod[name] = append(list, i)
				}
			}
		}
	}
	// The rarest name's types, less those that lack another name.
	rarest := iface.Method(0).Name()
	for i := range iface.NumMethods() {
		if name := iface.Method(i).Name(); len(x.byMethod[name]) < len(x.byMethod[rarest]) {
			rarest = name
		}
	}
	candidates := slices.Clone(x.byMethod[rarest])
	for i := range iface.NumMethods() {
		if has := x.byMethod[iface.Method(i).Name()]; iface.Method(i).Name() != rarest {
			candidates = slices.DeleteFunc(candidates, func(c int) bool {
				_, found := slices.BinarySearch(has, c)
				return !found
			})
		}
	}
	return candidates
}

// methodNames returns the names of the methods of *n, those it declares
// and those its embedded fields may promote, memoized in names. A name
// may be listed twice, and a promoted one may not be in the method set
// (two at one depth): callers check the types they find.
func methodNames(n *types.Named, names map[*types.Named][]string) []string {
	if list, ok := names[n]; ok {
		return list
	}
	names[n] = nil // an embedding cycle ends here
	var list []string
	for i := range n.NumMethods() {
		list = append(list, n.Method(i).Name())
	}
	if st, ok := n.Underlying().(*types.Struct); ok {
		for i := range st.NumFields() {
			f := st.Field(i)
			if !f.Embedded() {
				continue
			}
			t := f.Type()
			if ptr, ok := types.Unalias(t).(*types.Pointer); ok {
				t = ptr.Elem()
			}
			switch t := types.Unalias(t).(type) {
			case *types.Named:
				if iface, ok := t.Underlying().(*types.Interface); ok {
					list = appendInterfaceNames(list, iface)
				} else {
					list = append(list, methodNames(t, names)...)
				}
			case *types.Interface:
				list = appendInterfaceNames(list, t)
			}
		}
	}
	names[n] = list
	return list
}

func appendInterfaceNames(list []string, iface *types.Interface) []string {
	for i := range iface.NumMethods() {
		list = append(list, iface.Method(i).Name())
	}
	return list
}

// concreteTypes returns pointers to the named types of the visible
// packages whose methods may matter (see mayHaveMethods): neither
// aliases, interfaces nor generic, in package and then name order.
func (x *Index) concreteTypes() []*types.Pointer {
	if x.concrete != nil {
		return x.concrete
	}
	x.concrete = []*types.Pointer{}
	for _, pkg := range x.visiblePackages() {
		if !x.mayHaveMethods(pkg) {
			continue
		}
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			named, ok := tn.Type().(*types.Named)
			if !ok || named.TypeParams().Len() > 0 || types.IsInterface(named) {
				continue
			}
			x.concrete = append(x.concrete, types.NewPointer(named))
		}
	}
	return x.concrete
}

// mayHaveMethods reports whether the methods of pkg's types, declared or
// promoted, may matter: pkg is the package of the index, or it or a
// package it imports is one New was given.
func (x *Index) mayHaveMethods(pkg *types.Package) bool {
	if may, ok := x.mayHave[pkg]; ok {
		return may
	}
	x.mayHave[pkg] = false // an import cycle ends here
	may := pkg == x.pkg || x.methods[pkg.Path()]
	for _, imp := range pkg.Imports() {
		if may {
			break
		}
		may = !x.isStd(imp.Path()) && x.mayHaveMethods(imp)
	}
	x.mayHave[pkg] = may
	return may
}

// visiblePackages returns the package and those it imports, directly or
// not, but for the standard library and the SDKs.
func (x *Index) visiblePackages() []*types.Package {
	if x.visible != nil {
		return x.visible
	}
	x.visible = []*types.Package{}
	seen := make(map[*types.Package]bool)
	var walk func(p *types.Package)
	walk = func(p *types.Package) {
		if seen[p] || x.left(p.Path()) {
			return
		}
		seen[p] = true
		x.visible = append(x.visible, p)
		for _, imp := range p.Imports() {
			walk(imp)
		}
	}
	walk(x.pkg)
	return x.visible
}

// left reports whether the package path is left out: the standard
// library's or an SDK's.
func (x *Index) left(path string) bool { return x.isStd(path) || x.sdks.InSDK(path) }

// isStd reports whether path is a standard library package: its first
// element has no dot, and it is not of the module being analyzed, whose
// path need not have one either (module mcp-server).
func (x *Index) isStd(path string) bool {
	if !argflow.IsStdPath(path) {
		return false
	}
	if x.module == "" {
		return false // GOPATH mode: no telling, and no harm in looking
	}
	return path != x.module && !strings.HasPrefix(path, x.module+"/")
}
