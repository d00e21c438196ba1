package run

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/types"
	"log"
	"net/url"
	"os"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// inheritFacts makes the facts dep produced or inherited visible to act,
// those about objects of dep's package only where an importer of it can
// see the object, as the checker does.
func (act *action) inheritFacts(dep *action) {
	for key, fact := range dep.objectFacts {
		if exportedFrom(key.obj, dep.Package.Types) {
			act.objectFacts[key] = fact
		}
	}
	for key, fact := range dep.packageFacts {
		act.packageFacts[key] = fact
	}
}

// exportedFrom reports whether obj may be visible to a package that
// imports pkg: the checker's over-approximation of what export data holds.
func exportedFrom(obj types.Object, pkg *types.Package) bool {
	switch obj := obj.(type) {
	case *types.Func:
		return obj.Exported() && obj.Pkg() == pkg || obj.Signature().Recv() != nil
	case *types.Var:
		return obj.IsField() || obj.Pkg() == pkg
	case *types.TypeName, *types.Const:
		return true
	}
	return false // Nil, Builtin, Label, or PkgName
}

func (act *action) objectFact(obj types.Object, ptr analysis.Fact) bool {
	if obj == nil {
		panic("nil object")
	}
	if v, ok := act.objectFacts[objectFactKey{obj, factType(ptr)}]; ok {
		reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(v).Elem())
		return true
	}
	return false
}

func (act *action) exportObjectFact(obj types.Object, fact analysis.Fact) {
	if act.pass.ExportObjectFact == nil {
		log.Panicf("%s: Pass.ExportObjectFact(%s, %T) called after Run", act, obj, fact)
	}
	if obj.Pkg() != act.Package.Types {
		log.Panicf("internal error: in analysis %s of package %s: Fact.Set(%s, %T): can't set facts on objects belonging another package",
			act.Analyzer, act.Package, obj, fact)
	}
	act.objectFacts[objectFactKey{obj, factType(fact)}] = fact
}

func (act *action) allObjectFacts() []analysis.ObjectFact {
	facts := make([]analysis.ObjectFact, 0, len(act.objectFacts))
	for k, fact := range act.objectFacts {
		facts = append(facts, analysis.ObjectFact{Object: k.obj, Fact: fact})
	}
	return facts
}

// ownObjectFacts returns the facts about objects of the action's package,
// sorted for a deterministic encoding.
func (act *action) ownObjectFacts() []analysis.ObjectFact {
	var facts []analysis.ObjectFact
	for k, fact := range act.objectFacts {
		if k.obj.Pkg() == act.Package.Types {
			facts = append(facts, analysis.ObjectFact{Object: k.obj, Fact: fact})
		}
	}
	slices.SortFunc(facts, func(a, b analysis.ObjectFact) int {
		return cmp.Or(cmp.Compare(a.Object.Pos(), b.Object.Pos()), cmp.Compare(a.Object.Name(), b.Object.Name()),
			cmp.Compare(reflect.TypeOf(a.Fact).String(), reflect.TypeOf(b.Fact).String()))
	})
	return facts
}

// ownPackageFacts returns the facts about the action's package.
func (act *action) ownPackageFacts() []analysis.PackageFact {
	var facts []analysis.PackageFact
	for k, fact := range act.packageFacts {
		if k.pkg == act.Package.Types {
			facts = append(facts, analysis.PackageFact{Package: k.pkg, Fact: fact})
		}
	}
	slices.SortFunc(facts, func(a, b analysis.PackageFact) int {
		return cmp.Compare(reflect.TypeOf(a.Fact).String(), reflect.TypeOf(b.Fact).String())
	})
	return facts
}

func (act *action) packageFact(pkg *types.Package, ptr analysis.Fact) bool {
	if pkg == nil {
		panic("nil package")
	}
	if v, ok := act.packageFacts[packageFactKey{pkg, factType(ptr)}]; ok {
		reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(v).Elem())
		return true
	}
	return false
}

func (act *action) exportPackageFact(fact analysis.Fact) {
	if act.pass.ExportPackageFact == nil {
		log.Panicf("%s: Pass.ExportPackageFact(%T) called after Run", act, fact)
	}
	act.packageFacts[packageFactKey{act.pass.Pkg, factType(fact)}] = fact
}

func (act *action) allPackageFacts() []analysis.PackageFact {
	facts := make([]analysis.PackageFact, 0, len(act.packageFacts))
	for k, fact := range act.packageFacts {
		facts = append(facts, analysis.PackageFact{Package: k.pkg, Fact: fact})
	}
	return facts
}

func factType(fact analysis.Fact) reflect.Type {
	t := reflect.TypeOf(fact)
	if t.Kind() != reflect.Pointer {
		log.Panicf("invalid Fact type: got %T, want pointer", fact)
	}
	return t
}

// module is the checker's analysis.Module for a package's module.
func module(mod *packages.Module) *analysis.Module {
	if mod == nil {
		return nil
	}
	var modErr *analysis.ModuleError
	if mod.Error != nil {
		modErr = &analysis.ModuleError{Err: mod.Error.Err}
	}
	return &analysis.Module{
		Path:      mod.Path,
		Version:   mod.Version,
		Replace:   module(mod.Replace),
		Time:      mod.Time,
		Main:      mod.Main,
		Indirect:  mod.Indirect,
		Dir:       mod.Dir,
		GoMod:     mod.GoMod,
		GoVersion: mod.GoVersion,
		Error:     modErr,
	}
}

// readFile is Pass.ReadFile: it reads only the package's own files.
func readFile(pass *analysis.Pass, filename string) ([]byte, error) {
	readable := slices.Contains(pass.OtherFiles, filename) || slices.Contains(pass.IgnoredFiles, filename) ||
		slices.ContainsFunc(pass.Files, func(f *ast.File) bool { return pass.Fset.File(f.FileStart).Name() == filename })
	if !readable {
		return nil, fmt.Errorf("Pass.ReadFile: %s is not among OtherFiles, IgnoredFiles, or names of Files", filename)
	}
	return os.ReadFile(filename)
}

// resolveURL returns a diagnostic's URL: its own, or its category's
// anchor, relative to the analyzer's.
func resolveURL(a *analysis.Analyzer, d analysis.Diagnostic) (string, error) {
	if d.URL == "" && d.Category == "" && a.URL == "" {
		return "", nil
	}
	raw := d.URL
	if d.URL == "" && d.Category != "" {
		raw = "#" + d.Category
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("invalid Diagnostic.URL %q: %s", raw, err)
	}
	base, err := url.Parse(a.URL)
	if err != nil {
		return "", fmt.Errorf("invalid Analyzer.URL %q: %s", a.URL, err)
	}
	return base.ResolveReference(u).String(), nil
}

// FactsNeeded reports whether a, or an analyzer it requires, declares
// fact types: a driver must then give it the facts of every dependency,
// which the x/tools drivers do by loading every dependency from source.
func FactsNeeded(a *analysis.Analyzer) bool {
	return len(a.FactTypes) > 0 || slices.ContainsFunc(a.Requires, FactsNeeded)
}
