// Package run runs analyzers over a graph of packages that is still
// loading (package load): each action starts as soon as its package has
// loaded and the actions it needs have run, so that the analysis of the
// packages loaded first overlaps the type-checking of the others.
//
// Its actions are go/analysis/checker's, and it runs them as
// checker.Analyze does, with the same passes, the same facts, each
// visible where the checker makes it visible, and the same errors; only
// when each may start differs. The result is a checker.Graph, whose
// printers and fields a driver uses as it would the checker's.
package run

import (
	"cmp"
	"fmt"
	"go/types"
	"reflect"
	"runtime/debug"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/internal/driver/load"
)

// Options tunes Analyze; the zero value leaves the packages as they are.
type Options struct {
	// DropTypesInfo drops each package's TypesInfo, from the package and
	// from the passes, once every action on it has run, for a caller that
	// needs only the diagnostics, results and syntax afterwards: the type
	// information of the packages analyzed first is then garbage while
	// the others still load and run, a tenth of the peak memory of a run
	// on a large server.
	DropTypesInfo bool

	// DropSyntax drops each package's Syntax in the same way. With
	// DropTypesInfo, whose maps refer to it, the syntax is then garbage
	// too: held to the end, it was most of the live heap by then in a run
	// over 10^6 lines. The positions stay valid: the FileSet keeps its
	// files.
	DropSyntax bool

	// Restored holds what some actions gave in an earlier run (a
	// driver's cache): they do not run. A restored root action whose
	// facts no running action needs does not even wait for its package,
	// which then needs neither syntax nor types; one whose facts are
	// needed has them decoded once its package has loaded, or, if they
	// were not kept, runs after all.
	Restored []Restored

	// Ran, if set, is called once an action has run without error, with
	// the facts it exported about its own package, for a driver that
	// keeps them. It may be called from several goroutines at once.
	Ran func(act *checker.Action, objectFacts []analysis.ObjectFact, packageFacts []analysis.PackageFact)

	// Roots, if set, are the roots to analyze, a subset of the graph's:
	// an editor that loaded a file's package variants analyzes the one
	// its file was picked from.
	Roots []*packages.Package
}

// Restored is what the action of an analyzer on a package gave.
type Restored struct {
	Analyzer *analysis.Analyzer
	Package  *packages.Package
	// Diagnostics and Result are those of a root action.
	Diagnostics []analysis.Diagnostic
	Result      any
	// Facts returns the facts the action exported about its package,
	// decoded against the package's types; nil if they were not kept.
	Facts func(*types.Package) ([]analysis.ObjectFact, []analysis.PackageFact, error)
}

// Analyze runs the analyzers on g's roots (or opts.Roots), and those
// with facts on the packages below them as their Imports say, and returns
// the graph of actions once all have run and g has loaded.
//
// An action on a package that did not type-check (or whose dependencies
// did not) fails, as under checker.Analyze, with "analysis skipped due to
// errors in package", and the actions that need it with "failed
// prerequisites".
func Analyze(g *load.Graph, analyzers []*analysis.Analyzer, opts Options) (*checker.Graph, error) {
	if err := analysis.Validate(analyzers); err != nil {
		return nil, err
	}
	type key struct {
		a   *analysis.Analyzer
		pkg *packages.Package
	}
	restored := make(map[key]Restored)
	for _, r := range opts.Restored {
		restored[key{r.Analyzer, r.Package}] = r
	}
	roots := g.Roots
	if opts.Roots != nil {
		roots = opts.Roots
	}
	actions := make(map[key]*action)
	var mk func(a *analysis.Analyzer, pkg *packages.Package) *action
	mk = func(a *analysis.Analyzer, pkg *packages.Package) *action {
		k := key{a, pkg}
		if act, ok := actions[k]; ok {
			return act
		}
		act := &action{
			Action: &checker.Action{Analyzer: a, Package: pkg},
			ready:  g.Ready(pkg),
			done:   make(chan struct{}),
			ran:    opts.Ran,
		}
		if r, ok := restored[k]; ok && r.Facts != nil {
			// It needs only the facts below it, to pass them on.
			act.Diagnostics, act.Result, act.restore = r.Diagnostics, r.Result, r.Facts
		} else {
			for _, req := range a.Requires {
				act.deps = append(act.deps, mk(req, pkg))
			}
		}
		if len(a.FactTypes) > 0 {
			paths := make([]string, 0, len(pkg.Imports))
			for path := range pkg.Imports {
				paths = append(paths, path)
			}
			sort.Strings(paths) // the checker's order
			for _, path := range paths {
				act.deps = append(act.deps, mk(a, pkg.Imports[path]))
			}
		}
		for _, dep := range act.deps {
			act.Deps = append(act.Deps, dep.Action)
		}
		actions[k] = act
		return act
	}
	// The actions that run first, so that a restored action whose facts
	// one of them needs runs too.
	for _, a := range analyzers {
		for _, pkg := range roots {
			if _, ok := restored[key{a, pkg}]; !ok {
				mk(a, pkg)
			}
		}
	}
	var rootActions []*checker.Action
	for _, a := range analyzers {
		for _, pkg := range roots {
			var root *checker.Action
			if r, ok := restored[key{a, pkg}]; ok && actions[key{a, pkg}] == nil {
				root = &checker.Action{Analyzer: a, Package: pkg, Diagnostics: r.Diagnostics, Result: r.Result}
			} else {
				root = mk(a, pkg).Action
			}
			root.IsRoot = true
			rootActions = append(rootActions, root)
		}
	}

	onPackage := make(map[*packages.Package]*packageActions)
	for _, act := range actions {
		pa := onPackage[act.Package]
		if pa == nil {
			pa = &packageActions{dropTypesInfo: opts.DropTypesInfo, dropSyntax: opts.DropSyntax}
			onPackage[act.Package] = pa
		}
		pa.actions = append(pa.actions, act)
	}
	var wg sync.WaitGroup
	for _, act := range actions {
		wg.Go(func() {
			act.exec()
			onPackage[act.Package].ran()
		})
	}
	wg.Wait()
	if err := g.Wait(); err != nil {
		return nil, err
	}
	// Only the roots' results are the caller's, as with the checker.
	for _, act := range actions {
		if !act.IsRoot {
			act.Result = nil
		}
	}
	return &checker.Graph{Roots: rootActions}, nil
}

// packageActions are the actions on one package, whose results, but the
// roots', are garbage once all have run: results pass between the
// actions on one package only. Kept until the whole run ended, as the
// checker keeps them, the results of the passes mcperrlint's analyzer
// requires (the SSA form of the package, the handlers, the summaries)
// held the SSA form of every package at once.
type packageActions struct {
	mu            sync.Mutex
	finished      int // how many have run
	actions       []*action
	dropTypesInfo bool // Options.DropTypesInfo
	dropSyntax    bool // Options.DropSyntax
}

// ran notes that one more action on the package has run, and once all
// have, drops the results of those that are not roots, and with
// Options.DropTypesInfo and DropSyntax the package's type information
// and syntax.
func (pa *packageActions) ran() {
	pa.mu.Lock()
	defer pa.mu.Unlock()
	if pa.finished++; pa.finished < len(pa.actions) {
		return
	}
	for _, act := range pa.actions {
		if !act.IsRoot {
			act.Result = nil
		}
		if act.pass != nil {
			act.pass.ResultOf = nil // the results of the actions the action needed
			if pa.dropTypesInfo {
				act.pass.TypesInfo = nil
			}
			if pa.dropSyntax {
				act.pass.Files = nil
			}
		}
	}
	if pa.dropTypesInfo {
		pa.actions[0].Package.TypesInfo = nil
	}
	if pa.dropSyntax {
		pa.actions[0].Package.Syntax = nil
	}
}

// An action is a checker.Action and what running it takes.
type action struct {
	*checker.Action
	deps  []*action
	ready <-chan struct{} // closed once the package has loaded
	done  chan struct{}   // closed once the action has run

	objectFacts  map[objectFactKey]analysis.Fact
	packageFacts map[packageFactKey]analysis.Fact
	pass         *analysis.Pass
	fixErr       error // of the first invalid fix reported

	// restore, if set, gives the facts of an earlier run: the action
	// does not run.
	restore func(*types.Package) ([]analysis.ObjectFact, []analysis.PackageFact, error)
	ran     func(*checker.Action, []analysis.ObjectFact, []analysis.PackageFact)
}

type objectFactKey struct {
	obj types.Object
	typ reflect.Type
}

type packageFactKey struct {
	pkg *types.Package
	typ reflect.Type
}

// exec runs the action once its package has loaded and its dependencies
// have run, as checker.Action.execOnce does.
func (act *action) exec() {
	defer close(act.done)
	<-act.ready
	var failed []string
	for _, dep := range act.deps {
		<-dep.done
		if dep.Err != nil {
			failed = append(failed, dep.String())
		}
	}
	if failed != nil {
		sort.Strings(failed)
		act.Err = fmt.Errorf("failed prerequisites: %s", strings.Join(failed, ", "))
		return
	}

	inputs := make(map[*analysis.Analyzer]any)
	act.objectFacts = make(map[objectFactKey]analysis.Fact)
	act.packageFacts = make(map[packageFactKey]analysis.Fact)
	for _, dep := range act.deps {
		if dep.Package == act.Package {
			inputs[dep.Analyzer] = dep.Result
		} else {
			act.inheritFacts(dep)
		}
	}

	if act.restore != nil {
		act.Err = act.restoreFacts()
		return
	}

	pkg := act.Package
	pass := &analysis.Pass{
		Analyzer:     act.Analyzer,
		Fset:         pkg.Fset,
		Files:        pkg.Syntax,
		OtherFiles:   pkg.OtherFiles,
		IgnoredFiles: pkg.IgnoredFiles,
		Pkg:          pkg.Types,
		TypesInfo:    pkg.TypesInfo,
		TypesSizes:   pkg.TypesSizes,
		TypeErrors:   pkg.TypeErrors,
		Module:       module(pkg.Module),
		ResultOf:     inputs,
		Report: func(d analysis.Diagnostic) {
			// The checker panics on an invalid fix; the action fails
			// here instead.
			if err := validateFixes(pkg.Fset, act.Analyzer, d.SuggestedFixes); err != nil {
				act.fixErr = cmp.Or(act.fixErr, err)
				return
			}
			act.Diagnostics = append(act.Diagnostics, d)
		},
		ImportObjectFact:  act.objectFact,
		ExportObjectFact:  act.exportObjectFact,
		ImportPackageFact: act.packageFact,
		ExportPackageFact: act.exportPackageFact,
		AllObjectFacts:    act.allObjectFacts,
		AllPackageFacts:   act.allPackageFacts,
	}
	if pass.Module == nil {
		pass.Module = &analysis.Module{} // possibly empty, never nil, as the checker's
	}
	pass.ReadFile = func(filename string) ([]byte, error) { return readFile(pass, filename) }
	act.pass = pass

	act.Result, act.Err = act.run(pass)
	// Facts are exported during Run only.
	pass.ExportObjectFact = nil
	pass.ExportPackageFact = nil
	if act.ran != nil && act.Err == nil {
		act.ran(act.Action, act.ownObjectFacts(), act.ownPackageFacts())
	}
}

// restoreFacts adds the facts of an earlier run to those inherited.
func (act *action) restoreFacts() error {
	if act.Package.IllTyped {
		return fmt.Errorf("analysis skipped due to errors in package")
	}
	objectFacts, packageFacts, err := act.restore(act.Package.Types)
	if err != nil {
		return fmt.Errorf("restoring facts: %v", err)
	}
	for _, f := range objectFacts {
		act.objectFacts[objectFactKey{f.Object, factType(f.Fact)}] = f.Fact
	}
	for _, f := range packageFacts {
		act.packageFacts[packageFactKey{f.Package, factType(f.Fact)}] = f.Fact
	}
	return nil
}

// run runs the pass. A panic in the analyzer fails the action, with the
// stack for a bug report, rather than the whole run: the checker lets it
// crash the process, and every other package's diagnostics with it.
func (act *action) run(pass *analysis.Pass) (_ any, err error) {
	if act.Package.IllTyped && !pass.Analyzer.RunDespiteErrors {
		return nil, fmt.Errorf("analysis skipped due to errors in package")
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %s panicked: %v (please report it, with this stack)\n%s", pass.Analyzer.Name, r, debug.Stack())
		}
	}()
	result, err := pass.Analyzer.Run(pass)
	if err != nil {
		return nil, err
	}
	if act.fixErr != nil {
		return nil, act.fixErr
	}
	if got, want := reflect.TypeOf(result), pass.Analyzer.ResultType; got != want {
		return nil, fmt.Errorf(
			"internal error: on package %s, analyzer %s returned a result of type %v, but declared ResultType %v",
			pass.Pkg.Path(), pass.Analyzer, got, want)
	}
	for i := range act.Diagnostics {
		url, err := resolveURL(act.Analyzer, act.Diagnostics[i])
		if err != nil {
			return nil, err
		}
		act.Diagnostics[i].URL = url
	}
	return result, nil
}
