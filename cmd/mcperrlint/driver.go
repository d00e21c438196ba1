package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/internal/load"
	"github.com/mcperrlint/mcperrlint/passes/mcpssa"
)

// Exit codes, those of go/analysis drivers.
const (
	exitOK       = 0
	exitFailed   = 1 // a package could not be loaded or analyzed
	exitUsage    = 2
	exitReported = 3 // diagnostics were reported
)

// options are the driver's own flags.
type options struct {
	fix, diff, json bool
	context         int
	tests           bool
	version         string // -V
	cpuprofile      string
	memprofile      string
}

// A driver runs one analyzer over packages named on the command line.
type driver struct {
	a              *analysis.Analyzer
	opts           options
	stdout, stderr io.Writer
	cwd            string
}

// newFlagSet returns the command's flags: the driver's and the analyzer's.
func newFlagSet(a *analysis.Analyzer, o *options) *flag.FlagSet {
	fs := flag.NewFlagSet("mcperrlint", flag.ContinueOnError)
	fs.BoolVar(&o.fix, "fix", false, "apply the suggested fixes")
	fs.BoolVar(&o.diff, "diff", false, "with -fix, print the fixes as a unified diff (git apply accepts it) instead of writing them")
	fs.BoolVar(&o.json, "json", false, "print diagnostics as JSON, as go vet -json does")
	fs.IntVar(&o.context, "c", -1, "print `N` lines of source around each diagnostic")
	fs.BoolVar(&o.tests, "test", true, "also analyze the packages' test files")
	fs.Var((*versionFlag)(&o.version), "V", "print the version and exit (-V=full: with the executable's build ID, for go vet)")
	fs.StringVar(&o.cpuprofile, "cpuprofile", "", "write a CPU profile to `file`")
	fs.StringVar(&o.memprofile, "memprofile", "", "write a heap profile to `file`")
	a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, f.Name, f.Usage) })
	return fs
}

// run is the standalone command: it parses args and lints the packages
// they name, returning the exit code.
func (d *driver) run(args []string) int {
	fs := newFlagSet(d.a, &d.opts)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage(d.stdout, d.a)
			return exitOK
		}
		fmt.Fprintf(d.stderr, "mcperrlint: %v\nRun 'mcperrlint help' for usage.\n", err)
		return exitUsage
	}
	if d.opts.version != "" {
		return printVersion(d.stdout, d.opts.version)
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		fmt.Fprintln(d.stderr, "mcperrlint: no packages named: try 'mcperrlint ./...'\nRun 'mcperrlint help' for usage.")
		return exitUsage
	}
	if d.opts.diff && !d.opts.fix {
		d.opts.fix = true // -diff alone means "show the fixes"
	}
	if cwd, err := os.Getwd(); err == nil {
		d.cwd = cwd
	}
	if d.opts.cpuprofile != "" {
		f, err := os.Create(d.opts.cpuprofile)
		if err != nil {
			fmt.Fprintf(d.stderr, "mcperrlint: %v\n", err)
			return exitFailed
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err == nil {
			defer pprof.StopCPUProfile()
		}
	}
	if d.opts.memprofile != "" {
		defer d.writeHeapProfile()
	}
	return d.lint(patterns)
}

func (d *driver) writeHeapProfile() {
	f, err := os.Create(d.opts.memprofile)
	if err != nil {
		fmt.Fprintf(d.stderr, "mcperrlint: %v\n", err)
		return
	}
	defer f.Close()
	runtime.GC()
	pprof.WriteHeapProfile(f)
}

// lint loads the packages and runs the analyzer: the packages and those
// the analysis needs summaries of from source, everything else from
// export data.
func (d *driver) lint(patterns []string) int {
	source, facts := mcpssa.Scope()
	g, err := load.Load(&load.Config{Tests: d.opts.tests, Source: source, Facts: facts}, patterns...)
	if err == nil && len(g.Roots) == 0 {
		err = fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	if err != nil {
		fmt.Fprintf(d.stderr, "mcperrlint: %v\n", err)
		return exitFailed
	}

	exit := exitOK
	var ok []*packages.Package
	broken := d.reportBroken(g.Roots)
	for _, p := range g.Roots {
		if !p.IllTyped {
			ok = append(ok, p)
		}
	}
	if broken > 0 {
		exit = exitFailed
	}

	graph, err := checker.Analyze([]*analysis.Analyzer{d.a}, ok, nil)
	if err != nil {
		fmt.Fprintf(d.stderr, "mcperrlint: %v\n", err)
		return exitFailed
	}
	for act := range graph.All() {
		if act.Err != nil {
			fmt.Fprintf(d.stderr, "mcperrlint: %s: %v\n", act.Package.PkgPath, act.Err)
			exit = exitFailed
		}
	}

	switch {
	case d.opts.fix:
		if err := d.applyFixes(graph.Roots); err != nil {
			fmt.Fprintf(d.stderr, "mcperrlint: %v\n", err)
			exit = exitFailed
		}
	case d.opts.json:
		if err := graph.PrintJSON(d.stdout); err != nil {
			fmt.Fprintf(d.stderr, "mcperrlint: %v\n", err)
			exit = exitFailed
		}
	default:
		if d.printText(graph.Roots) > 0 && exit == exitOK {
			exit = exitReported
		}
	}
	return exit
}

// reportBroken prints one line for each package that could not be
// checked, in the user's terms: the package, its first error, and that
// nothing in it was checked. A package that is fine itself but imports a
// broken one says which. It returns the number of packages named.
func (d *driver) reportBroken(roots []*packages.Package) int {
	said := make(map[string]bool)
	n := 0
	for _, p := range roots {
		if !p.IllTyped {
			continue
		}
		n++
		if said[p.PkgPath] {
			continue // a test variant of a package already reported
		}
		said[p.PkgPath] = true
		if errs := ownErrors(p); len(errs) > 0 {
			more := ""
			if len(errs) > 1 {
				more = fmt.Sprintf(" (and %d more)", len(errs)-1)
			}
			fmt.Fprintf(d.stderr, "mcperrlint: %s not checked: %s%s\n", p.PkgPath, d.errorText(errs[0]), more)
			continue
		}
		if dep := brokenDep(p); dep != nil {
			fmt.Fprintf(d.stderr, "mcperrlint: %s not checked: it imports %s, which has errors: %s\n",
				p.PkgPath, dep.PkgPath, d.errorText(ownErrors(dep)[0]))
			continue
		}
		fmt.Fprintf(d.stderr, "mcperrlint: %s not checked: it could not be loaded\n", p.PkgPath)
	}
	return n
}

// ownErrors returns p's errors, leaving out go list's reports of the
// compiler's (they start with "# importpath" and repeat the parser's and
// type checker's, which have exact positions).
func ownErrors(p *packages.Package) []packages.Error {
	var errs []packages.Error
	for _, e := range p.Errors {
		if e.Kind == packages.ListError && strings.HasPrefix(e.Msg, "# ") {
			continue
		}
		errs = append(errs, e)
	}
	if len(errs) == 0 {
		return p.Errors
	}
	return errs
}

// brokenDep returns the first dependency of p, depth first, that has
// errors of its own.
func brokenDep(p *packages.Package) *packages.Package {
	seen := make(map[*packages.Package]bool)
	var find func(p *packages.Package) *packages.Package
	find = func(p *packages.Package) *packages.Package {
		paths := make([]string, 0, len(p.Imports))
		for path := range p.Imports {
			paths = append(paths, path)
		}
		slices.Sort(paths)
		for _, path := range paths {
			imp := p.Imports[path]
			if seen[imp] || !imp.IllTyped {
				continue
			}
			seen[imp] = true
			if len(imp.Errors) > 0 {
				return imp
			}
			if dep := find(imp); dep != nil {
				return dep
			}
		}
		return nil
	}
	return find(p)
}

// errorText is a package error with its position relative to the working
// directory.
func (d *driver) errorText(e packages.Error) string {
	if e.Pos == "" || e.Pos == "-" {
		return e.Msg
	}
	return d.relative(e.Pos) + ": " + e.Msg
}

// relative returns name (which may end in :line:col) relative to the
// working directory when that is shorter and stays below it, as go vet
// prints paths.
func (d *driver) relative(name string) string {
	if d.cwd == "" || !filepath.IsAbs(name) {
		return name
	}
	rel, err := filepath.Rel(d.cwd, name)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || len(rel) >= len(name) {
		return name
	}
	return rel
}

// printText prints the roots' diagnostics as go vet does, once each
// (a package and its test variant report the same ones), and returns how
// many it printed.
func (d *driver) printText(roots []*checker.Action) int {
	type key struct {
		pos, end token.Position
		message  string
	}
	seen := make(map[key]bool)
	var buf bytes.Buffer
	n := 0
	for _, act := range roots {
		fset := act.Package.Fset
		for _, diag := range act.Diagnostics {
			k := key{fset.Position(diag.Pos), fset.Position(diag.End), diag.Message}
			if seen[k] {
				continue
			}
			seen[k] = true
			n++
			d.printDiagnostic(&buf, fset, diag)
		}
	}
	d.stderr.Write(buf.Bytes())
	return n
}

func (d *driver) printDiagnostic(w io.Writer, fset *token.FileSet, diag analysis.Diagnostic) {
	print := func(pos, end token.Pos, message string) {
		posn := fset.Position(pos)
		posn.Filename = d.relative(posn.Filename)
		fmt.Fprintf(w, "%s: %s\n", posn, message)
		if d.opts.context < 0 {
			return
		}
		endPosn := fset.Position(end)
		if !endPosn.IsValid() {
			endPosn = fset.Position(pos)
		}
		data, _ := os.ReadFile(fset.Position(pos).Filename)
		lines := strings.Split(string(data), "\n")
		for i := posn.Line - d.opts.context; i <= endPosn.Line+d.opts.context; i++ {
			if 1 <= i && i <= len(lines) {
				fmt.Fprintf(w, "%d\t%s\n", i, lines[i-1])
			}
		}
	}
	print(diag.Pos, diag.End, diag.Message)
	for _, rel := range diag.Related {
		print(rel.Pos, rel.End, "\t"+rel.Message)
	}
}

// versionFlag is -V, which may be given alone or as -V=full.
type versionFlag string

func (v *versionFlag) String() string     { return string(*v) }
func (v *versionFlag) Set(s string) error { *v = versionFlag(s); return nil }
func (v *versionFlag) IsBoolFlag() bool   { return true }
