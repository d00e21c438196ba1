package errorigin

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/argflow"
)

// dispatchOrigin classifies the error of a call through an interface
// method (a registry's t.Execute(ctx, args)) from the summaries of the
// implementations the package can see: an argument error when one of them
// returns one for what the call passes, since the registry may dispatch
// any tool there.
func (c *classifier) dispatchOrigin(call *ssa.Call) (origin, bool) {
	common := call.Common()
	impls := c.s.implementations(common.Method)
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
		if o := sum.pick(taints, nil); o.Category > OtherFailure && o.Category > best.category {
			best = c.s.objectOrigin(impl, o)
		}
	}
	return best, best.category != None
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
func (s *summarizer) implementers(iface *types.Interface) []*types.Pointer {
	x := s.types
	if ptrs, ok := x.implementers[iface]; ok {
		return ptrs
	}
	var ptrs []*types.Pointer
	for _, ptr := range s.concreteTypes() {
		if types.Implements(ptr, iface) {
			ptrs = append(ptrs, ptr)
		}
	}
	x.implementers[iface] = ptrs
	return ptrs
}

// concreteTypes returns pointers to the named types of the visible
// packages that may implement an interface: neither aliases, interfaces
// nor generic, in package and then name order.
func (s *summarizer) concreteTypes() []*types.Pointer {
	x := s.types
	if x.concrete != nil {
		return x.concrete
	}
	x.concrete = []*types.Pointer{}
	for _, pkg := range s.visiblePackages() {
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
	first, _, _ := strings.Cut(path, "/")
	if strings.Contains(first, ".") {
		return false
	}
	mod := s.pass.Module
	if mod == nil {
		return false // GOPATH mode: no telling, and no harm in looking
	}
	return path != mod.Path && !strings.HasPrefix(path, mod.Path+"/")
}
