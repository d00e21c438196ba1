package summaries

import (
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/argflow"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
)

// dispatchOrigin classifies the error of a call through an interface
// method (a registry's t.Execute(ctx, args)) from the summaries of the
// implementations the package can see: an argument error when one of them
// returns one for what the call passes, since the registry may dispatch
// any tool there.
func (c *classifier) dispatchOrigin(call *ssa.Call) (origin, bool) {
	common := call.Common()
	impls := c.s.implementations(common.Method)
	if c.s.reach() != nil {
		// The paths from the registrations that return this call's
		// error raw bound its receiver: only those methods count.
		if methods, ok := c.s.reach().InvokedRaw(common); ok {
			impls = slices.DeleteFunc(slices.Clone(impls), func(m *types.Func) bool {
				return !slices.ContainsFunc(methods, func(fn *ssa.Function) bool { return fn.Object() == m })
			})
		}
	}
	if len(impls) == 0 {
		return origin{}, false
	}
	// A method's summary counts its receiver as parameter 0.
	taints := append([]argflow.Taint{c.flow.Taint(common.Value)}, c.flow.ArgTaints(common)...)
	var best origin
	for _, impl := range impls {
		sum := c.s.summaryOfObject(impl)
		if sum == nil || sum.Handler {
			continue
		}
		// The receiver leads the taints: the operands' fields are not
		// told apart here.
		if o := sum.pick(taints, nil); o.Category > category.ToolError && o.Category > best.category {
			best = c.s.objectOrigin(impl, o)
		}
	}
	return best, best.category != category.None
}

// implementations returns the concrete methods that implement the
// interface method m in the named types of the package and of every
// package it imports, directly or not: where a registry's tools live,
// registered from their packages' init (a blank import counts). The
// standard library's and the SDKs' interfaces and types are left out:
// their methods have no summaries.
func (s *summarizer) implementations(m *types.Func) []*types.Func {
	x := s.types
	if impls, ok := x.impls[m]; ok {
		return impls
	}
	var impls []*types.Func
	iface, _ := m.Signature().Recv().Type().Underlying().(*types.Interface)
	if iface != nil && m.Pkg() != nil && !s.isStd(m.Pkg().Path()) && !s.sdkTable.InSDK(m.Pkg().Path()) {
		for _, ptr := range s.implementers(iface) {
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

// implementers returns the pointers to the named types of the visible
// packages that implement iface, in the order of concreteTypes: the
// methods of one interface share them.
//
// Only the types that may have every method of iface, by name, are
// checked: a module that sees a large API (client-go's thousands of types)
// would otherwise check each type against each interface.
func (s *summarizer) implementers(iface *types.Interface) []*types.Pointer {
	x := s.types
	if ptrs, ok := x.implementers[iface]; ok {
		return ptrs
	}
	concrete := s.concreteTypes()
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
func (x *typeIndex) mayImplement(concrete []*types.Pointer, iface *types.Interface) []int {
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
// packages that may implement an interface with methods that have
// summaries: neither aliases, interfaces nor generic, in package and then
// name order. Only the package itself and those that export method
// summaries, or import one that does (whose methods they may promote),
// are listed: a method without a summary adds nothing to a dispatch.
func (s *summarizer) concreteTypes() []*types.Pointer {
	x := s.types
	if x.concrete != nil {
		return x.concrete
	}
	x.concrete = []*types.Pointer{}
	for _, pkg := range s.visiblePackages() {
		if !s.mayHaveMethodSummaries(pkg) {
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

// mayHaveMethodSummaries reports whether the methods of pkg's types,
// declared or promoted, may have summaries: pkg is the package analyzed,
// or it or a package it imports exports method summaries (see
// methodSummaries).
func (s *summarizer) mayHaveMethodSummaries(pkg *types.Package) bool {
	x := s.types
	if may, ok := x.methodSummaries[pkg]; ok {
		return may
	}
	x.methodSummaries[pkg] = false // an import cycle ends here
	may := pkg == s.pass.Pkg || x.summarized[pkg.Path()]
	for _, imp := range pkg.Imports() {
		if may {
			break
		}
		may = !s.isStd(imp.Path()) && s.mayHaveMethodSummaries(imp)
	}
	x.methodSummaries[pkg] = may
	return may
}

// visiblePackages returns the package and those it imports, directly or
// not, but for the standard library and the SDKs.
func (s *summarizer) visiblePackages() []*types.Package {
	x := s.types
	if x.visible != nil {
		return x.visible
	}
	x.visible = []*types.Package{}
	seen := make(map[*types.Package]bool)
	var walk func(p *types.Package)
	walk = func(p *types.Package) {
		if seen[p] || s.isStd(p.Path()) || s.sdkTable.InSDK(p.Path()) {
			return
		}
		seen[p] = true
		x.visible = append(x.visible, p)
		for _, imp := range p.Imports() {
			walk(imp)
		}
	}
	walk(s.pass.Pkg)
	return x.visible
}

// isStd reports whether path is a standard library package: its first
// element has no dot, and it is not of the module being analyzed, whose
// path need not have one either (module mcp-server).
func (s *summarizer) isStd(path string) bool {
	if !argflow.IsStdPath(path) {
		return false
	}
	mod := s.pass.Module
	if mod == nil {
		return false // GOPATH mode: no telling, and no harm in looking
	}
	return path != mod.Path && !strings.HasPrefix(path, mod.Path+"/")
}
