package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/internal/analysis/mcpssa"
	"github.com/mcperrlint/mcperrlint/internal/driver/diskcache"
	"github.com/mcperrlint/mcperrlint/internal/driver/load"
	"github.com/mcperrlint/mcperrlint/internal/driver/run"
	"github.com/mcperrlint/mcperrlint/internal/driver/silence"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
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
	format          string // -format: text, json, sarif or github
	context         int
	tests           bool
	version         string // -V
	showVersion     bool   // -version
	cpuprofile      string
	memprofile      string
	trace           string
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
	fs.StringVar(&o.format, "format", "text", "print the diagnostics as `text` (go vet's lines, on standard error), json (go vet -json's), sarif (SARIF 2.1.0, for code scanning) or github (GitHub Actions annotations); all but text on standard output")
	fs.BoolVar(&o.json, "json", false, "print diagnostics as JSON, as go vet -json does (the same as -format=json)")
	fs.IntVar(&o.context, "c", -1, "print `N` lines of source around each diagnostic")
	fs.BoolVar(&o.tests, "test", true, "also analyze the packages' test files")
	fs.BoolVar(&o.showVersion, "version", false, "print the version and exit")
	fs.Var((*versionFlag)(&o.version), "V", "print the version and exit (-V=full: with the executable's build ID, for go vet)")
	fs.StringVar(&o.cpuprofile, "cpuprofile", "", "write a CPU profile to `file`")
	fs.StringVar(&o.memprofile, "memprofile", "", "write a heap profile to `file`")
	fs.StringVar(&o.trace, "trace", "", "write an execution trace to `file` (go tool trace reads it)")
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
	if d.opts.showVersion {
		fmt.Fprintln(d.stdout, "mcperrlint version "+version())
		return exitOK
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
	if err := d.opts.checkFormat(fs); err != nil {
		fmt.Fprintf(d.stderr, "mcperrlint: %v\nRun 'mcperrlint help' for usage.\n", err)
		return exitUsage
	}
	if cwd, err := os.Getwd(); err == nil {
		d.cwd = cwd
	}
	for _, p := range []struct {
		file  string
		start func(io.Writer) error
		stop  func()
	}{
		{d.opts.cpuprofile, pprof.StartCPUProfile, pprof.StopCPUProfile},
		{d.opts.trace, trace.Start, trace.Stop},
	} {
		if p.file == "" {
			continue
		}
		f, err := os.Create(p.file)
		if err != nil {
			fmt.Fprintf(d.stderr, "mcperrlint: %v\n", err)
			return exitFailed
		}
		defer f.Close()
		if err := p.start(f); err == nil {
			defer p.stop()
		}
	}
	if d.opts.memprofile != "" {
		defer d.writeHeapProfile()
	}
	return d.lint(patterns)
}

// The output formats, -format's values.
const (
	formatText   = "text"
	formatJSON   = "json"
	formatSARIF  = "sarif"
	formatGitHub = "github"
)

// checkFormat checks -format and folds -json into it: -json is go vet's
// spelling of -format=json.
func (o *options) checkFormat(fs *flag.FlagSet) error {
	switch o.format {
	case formatText, formatJSON, formatSARIF, formatGitHub:
	default:
		return fmt.Errorf("-format=%s: want text, json, sarif or github", o.format)
	}
	if o.json {
		formatSet := false
		fs.Visit(func(f *flag.Flag) { formatSet = formatSet || f.Name == "format" })
		if formatSet && o.format != formatJSON {
			return fmt.Errorf("-json and -format=%s: -json is -format=json; give one of them", o.format)
		}
		o.format = formatJSON
	}
	if o.fix && (o.format == formatSARIF || o.format == formatGitHub) {
		return fmt.Errorf("-fix and -format=%s: -fix applies the fixes and reports nothing; give one of them", o.format)
	}
	return nil
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
// export data. Each package is analyzed as soon as it and the packages
// below it are, while the others still load.
func (d *driver) lint(patterns []string) int {
	// -fix type-checks the fixed code, which needs the types.
	var cache diskcache.Store
	exe := make(chan string, 1)
	if !d.opts.fix {
		var closeCache func()
		cache, closeCache = d.openCache()
		defer closeCache()
		if cache != nil {
			go func() {
				h, err := executableHash()
				if err != nil {
					h = ""
				}
				exe <- h
			}()
		}
	}
	source, facts := mcpssa.Scope(sdk.Default)
	g, err := load.Start(&load.Config{Tests: d.opts.tests, Source: source, Facts: facts, Defer: true}, patterns...)
	if err == nil && len(g.Roots) == 0 {
		err = fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	if err != nil {
		fmt.Fprintf(d.stderr, "mcperrlint: %v\n", err)
		return exitFailed
	}
	var rc *runCache
	if cache != nil {
		if h := <-exe; h != "" {
			rc = d.newRunCache(cache, g, h)
		}
	}
	// SARIF names the function around each finding from the syntax.
	opts := run.Options{DropTypesInfo: !d.opts.fix, DropSyntax: !d.opts.fix && d.opts.format != formatSARIF}
	switch {
	case rc != nil:
		var misses []*packages.Package
		opts.Restored, misses = rc.lookUp(g.Roots)
		opts.Ran = rc.record
		g.Load(misses...)
		if d.namesFuncs() {
			g.Load(g.Roots...) // warnUnmatched looks the names up in their types
		}
	default:
		g.Load(g.Roots...)
	}
	graph, err := run.Analyze(g, []*analysis.Analyzer{d.a}, opts)
	if err != nil {
		fmt.Fprintf(d.stderr, "mcperrlint: %v\n", err)
		return exitFailed
	}
	d.warnUnmatched(g)

	// A package that does not type-check, or imports one that does not,
	// is reported once, in the user's terms, rather than by the errors
	// of its actions.
	exit := exitOK
	broken := d.reportBroken(g)
	if len(broken) > 0 {
		exit = exitFailed
	}
	// What could not be checked, once each, for the formats that carry
	// it (SARIF's notifications, GitHub's annotations).
	var failures []string
	for _, msg := range broken {
		failures = append(failures, msg)
	}
	graph.Roots = slices.DeleteFunc(graph.Roots, func(act *checker.Action) bool { return act.Package.IllTyped })
	for act := range graph.All() {
		if act.Err != nil {
			msg := fmt.Sprintf("%s: %v", act.Package.PkgPath, act.Err)
			fmt.Fprintf(d.stderr, "mcperrlint: %s\n", msg)
			failures = append(failures, msg)
			exit = exitFailed
		}
	}
	slices.Sort(failures)
	failures = slices.Compact(failures)

	if rc != nil {
		rc.keep(graph.Roots) // before dropSilenced edits them
	}
	notes := dropSilenced(graph.Roots)

	// Every format but JSON exits 3 when something is reported, as the
	// text does; JSON exits 0, as go vet -json does.
	reported := func(n int) {
		if n > 0 && exit == exitOK {
			exit = exitReported
		}
	}
	err = nil
	switch {
	case d.opts.fix:
		err = d.applyFixes(graph.Roots)
	case d.opts.format == formatJSON:
		err = d.printJSON(graph, broken)
	case d.opts.format == formatSARIF:
		var n int
		n, err = d.printSARIF(graph.Roots, failures, exit != exitFailed)
		reported(n)
	case d.opts.format == formatGitHub:
		var n int
		n, err = d.printGitHub(graph.Roots, failures)
		reported(n)
	default:
		reported(d.printText(graph.Roots))
		for _, note := range notes {
			fmt.Fprintln(d.stderr, note)
		}
	}
	if err != nil {
		fmt.Fprintf(d.stderr, "mcperrlint: %v\n", err)
		exit = exitFailed
	}
	return exit
}

// dropSilenced drops the reports of the tool handlers whose errors never
// reach the client as protocol errors because every server that the
// packages importing them build converts them
// (server.WithToolHandlerMiddleware): the handlers' package, analyzed
// before the package that builds the server, reported them not knowing.
// Only a driver that sees the whole program can; go vet, golangci-lint
// and editors analyze a package at a time, and honor the converted-by
// directive instead. It returns a note for each package it silenced,
// naming the directive that makes every driver agree.
func dropSilenced(roots []*checker.Action) []string {
	results := make(map[string]*silence.Result)
	imports := make(map[string][]string)
	for _, act := range roots {
		r, ok := act.Result.(*silence.Result)
		if !ok {
			continue
		}
		path := act.Package.PkgPath
		if prev := results[path]; prev != nil && len(prev.Servers) >= len(r.Servers) {
			r = prev // a test variant builds the servers its package does
		}
		results[path] = r
		for imp := range act.Package.Imports {
			imports[path] = append(imports[path], imp)
		}
	}
	silenced := silence.Silenced(results, func(path string) []string { return imports[path] })
	dropped := make(map[string]int)
	for _, act := range roots {
		r, ok := act.Result.(*silence.Result)
		s := silenced[act.Package.PkgPath]
		if !ok || s == nil {
			continue
		}
		before := len(act.Diagnostics)
		act.Diagnostics = slices.DeleteFunc(act.Diagnostics, func(d analysis.Diagnostic) bool {
			return s.SDKs[r.SDKs[d.Pos]]
		})
		if n := before - len(act.Diagnostics); n > dropped[act.Package.PkgPath] {
			dropped[act.Package.PkgPath] = n // once for a package and its test variant
		}
	}
	var notes []string
	for _, path := range slices.Sorted(maps.Keys(dropped)) {
		if dropped[path] == 0 {
			continue
		}
		servers := silenced[path].Servers
		lines := make([]string, len(servers))
		for i, srv := range servers {
			lines[i] = "//mcperrlint:converted-by " + srv
		}
		notes = append(notes, fmt.Sprintf("mcperrlint: %d report(s) in %s not shown: the servers %s builds turn its tool handlers' errors into tool results; "+
			"go vet, golangci-lint and editors see one package at a time: for them, add %s to a file of %s",
			dropped[path], path, strings.Join(servers, " and "), strings.Join(lines, " and "), path))
	}
	return notes
}

// reportBroken prints one line for each package that could not be
// checked, in the user's terms: the package, its first error, and that
// nothing in it was checked. A package that is fine itself but imports a
// broken one says which. It returns the message for each such package,
// by ID (a package and its test variants each have one).
func (d *driver) reportBroken(g *load.Graph) map[string]string {
	said := make(map[string]bool)
	broken := make(map[string]string)
	for _, p := range g.Roots {
		if !p.IllTyped {
			continue
		}
		msg := p.PkgPath + " not checked: "
		own := ownErrors(p)
		switch dep := brokenDep(g, p); {
		case len(own) > 0 && own[0].Kind != packages.TypeError:
			msg += d.errorList(own)
		case dep != nil:
			// The cause, rather than the type errors it leads to.
			msg += fmt.Sprintf("it depends on %s, which has errors: %s", dep.PkgPath, d.errorList(ownErrors(dep)))
		case len(own) > 0:
			msg += d.errorList(own)
		default:
			msg += "it could not be loaded"
		}
		broken[p.ID] = msg
		// Once for a package and its test variants.
		if key := strings.TrimSuffix(strings.TrimSuffix(p.PkgPath, ".test"), "_test"); !said[key] {
			said[key] = true
			fmt.Fprintf(d.stderr, "mcperrlint: %s\n", msg)
		}
	}
	return broken
}

// errorList is the first error, and how many more there are.
func (d *driver) errorList(errs []packages.Error) string {
	s := d.errorText(errs[0])
	if len(errs) > 1 {
		s += fmt.Sprintf(" (and %d more)", len(errs)-1)
	}
	return s
}

// printJSON prints the diagnostics as go vet -json does, a tree of
// package IDs and analyzer names, with an error member for each package
// that could not be checked.
func (d *driver) printJSON(graph *checker.Graph, broken map[string]string) error {
	var buf bytes.Buffer
	if err := graph.PrintJSON(&buf); err != nil {
		return err
	}
	if len(broken) == 0 {
		_, err := d.stdout.Write(buf.Bytes())
		return err
	}
	tree := make(map[string]map[string]any)
	if err := json.Unmarshal(buf.Bytes(), &tree); err != nil {
		return err
	}
	for id, msg := range broken {
		tree[id] = map[string]any{d.a.Name: struct {
			Err string `json:"error"`
		}{msg}}
	}
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(d.stdout, "%s\n", data)
	return err
}

// ownErrors returns p's errors, go list's first, then the parser's, then
// the type checker's, leaving out go list's reports of the compiler's
// (they start with "# importpath" and repeat the parser's and type
// checker's, which have exact positions).
func ownErrors(p *packages.Package) []packages.Error {
	errs := load.DropCompilerReports(p.Errors)
	if len(errs) == 0 {
		errs = p.Errors
	}
	rank := map[packages.ErrorKind]int{packages.ListError: 0, packages.ParseError: 1, packages.UnknownError: 2, packages.TypeError: 3}
	slices.SortStableFunc(errs, func(a, b packages.Error) int { return rank[a.Kind] - rank[b.Kind] })
	return errs
}

// brokenDep returns the dependency of p whose errors are the cause of
// p's: depth first, the first with errors of its own that none of its
// own dependencies explains.
func brokenDep(g *load.Graph, p *packages.Package) *packages.Package {
	seen := make(map[*packages.Package]bool)
	var find func(p *packages.Package) *packages.Package
	find = func(p *packages.Package) *packages.Package {
		imports := g.Imports(p)
		for _, path := range slices.Sorted(maps.Keys(imports)) {
			imp := imports[path]
			if seen[imp] || len(imp.Errors) == 0 && !imp.IllTyped {
				continue
			}
			seen[imp] = true
			if cause := find(imp); cause != nil {
				return cause
			}
			if len(imp.Errors) > 0 {
				return imp
			}
		}
		return nil
	}
	return find(p)
}

// errorText is a package error with its position relative to the working
// directory.
func (d *driver) errorText(e packages.Error) string {
	msg := strings.Join(strings.Fields(e.Msg), " ") // go list's may span lines
	if e.Pos == "" || e.Pos == "-" {
		return msg
	}
	return d.relative(e.Pos) + ": " + msg
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
	var buf bytes.Buffer
	found := uniqueDiagnostics(roots)
	for _, f := range found {
		d.printDiagnostic(&buf, f.act.Package.Fset, f.diag)
	}
	d.stderr.Write(buf.Bytes())
	return len(found)
}

// A found diagnostic, with the action that reported it.
type found struct {
	act  *checker.Action
	diag analysis.Diagnostic
}

// uniqueDiagnostics returns the roots' diagnostics once each: a package
// and its test variant report the same ones.
func uniqueDiagnostics(roots []*checker.Action) []found {
	type key struct {
		pos, end token.Position
		message  string
	}
	seen := make(map[key]bool)
	var all []found
	for _, act := range roots {
		fset := act.Package.Fset
		for _, diag := range act.Diagnostics {
			k := key{fset.Position(diag.Pos), fset.Position(diag.End), diag.Message}
			if seen[k] {
				continue
			}
			seen[k] = true
			all = append(all, found{act, diag})
		}
	}
	return all
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
