package main

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/internal/driver/load"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
)

// funcFlags are the analyzer's flags that name functions of the program.
var funcFlags = []string{"decode-funcs", "validate-funcs", "tool-error-result-funcs"}

// warnUnmatched prints a warning, once each, for every function the
// analyzer's flags name that is no function of the loaded program: a
// misspelled name is otherwise accepted in silence, and the functions it
// meant are not treated as configured. Only this driver sees the whole
// program; go vet and golangci-lint analyze one package at a time, and
// a name may be of a package another run loads.
//
// A package loaded from export data holds only what other packages can
// use, so an unexported name in one is given the benefit of the doubt.
func (d *driver) warnUnmatched(g *load.Graph) {
	if g.Wait() != nil {
		return
	}
	pkgs := make(map[string]*packages.Package)
	var walk func(p *packages.Package)
	walk = func(p *packages.Package) {
		if _, ok := pkgs[p.PkgPath]; ok {
			return
		}
		pkgs[p.PkgPath] = p
		for _, imp := range g.Imports(p) {
			walk(imp)
		}
	}
	for _, p := range g.Roots {
		walk(p)
	}
	for _, name := range funcFlags {
		f := d.a.Flags.Lookup(name)
		if f == nil || f.Value.String() == "" {
			continue
		}
		seen := make(map[string]bool)
		for _, fn := range strings.Split(f.Value.String(), ",") {
			if !seen[fn] && !matches(pkgs, g.FromSource, fn) {
				fmt.Fprintf(d.stderr, "mcperrlint: warning: -%s: %s is no function of the packages analyzed or their dependencies\n", name, fn)
			}
			seen[fn] = true
		}
	}
}

// namesFuncs reports whether one of the analyzer's flags names functions
// of the program, which warnUnmatched looks up.
func (d *driver) namesFuncs() bool {
	for _, name := range funcFlags {
		if f := d.a.Flags.Lookup(name); f != nil && f.Value.String() != "" {
			return true
		}
	}
	return false
}

// matches reports whether fn, as the flags spell it, may be a function of
// the packages: one of its readings names a function or method there.
func matches(pkgs map[string]*packages.Package, fromSource func(*packages.Package) bool, fn string) bool {
	refs, err := roles.ParseRef(fn)
	if err != nil {
		return true // the analyzer reports it
	}
	for _, ref := range refs {
		p := pkgs[ref.Pkg]
		if p == nil || p.Types == nil {
			continue
		}
		if !fromSource(p) && (!token.IsExported(ref.Name) || ref.Recv != "" && !token.IsExported(ref.Recv)) {
			return true // export data may not hold it
		}
		scope := p.Types.Scope()
		if ref.Recv == "" {
			if _, ok := scope.Lookup(ref.Name).(*types.Func); ok {
				return true
			}
			continue
		}
		tn, ok := scope.Lookup(ref.Recv).(*types.TypeName)
		if !ok {
			continue
		}
		if sel := types.NewMethodSet(types.NewPointer(tn.Type())).Lookup(nil, ref.Name); sel == nil {
			// An unexported method is looked up with its package.
			sel = types.NewMethodSet(types.NewPointer(tn.Type())).Lookup(p.Types, ref.Name)
			if sel == nil {
				continue
			}
		}
		return true
	}
	return false
}
