// Command field measures mcperrlint on the field corpus: pinned commits of
// public Go MCP servers whose tool handler returns were labeled by reading
// the code (scripts/field/corpus/*.txt, format in README.md).
//
//	go run ./scripts/field -checkouts /work/field [-bin PATH] [-labels DIR] [-only ID,...] [-fix] [-markdown] [-v]
//
// For each server it runs `mcperrlint -json ./...` in the checkout
// <checkouts>/<owner>+<name>@<commit>/<dir> and prints precision and recall
// of the reports against the labels, every false positive and miss, and
// with -fix whether the suggested fixes, applied to a copy, still build
// (tests included) and leave nothing fixable. Missing checkouts are listed
// with the commands that make them.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

var (
	checkouts = flag.String("checkouts", "", "`directory` holding one checkout per server, named <owner>+<name>@<commit> (required)")
	binFlag   = flag.String("bin", "", "mcperrlint `binary` to run (default: build ./cmd/mcperrlint of this repository)")
	labelsDir = flag.String("labels", "", "`directory` of label files (default: scripts/field/corpus of this repository)")
	only      = flag.String("only", "", "comma-separated server `ids` (label file names without .txt) to run")
	fixFlag   = flag.Bool("fix", false, "also apply the fixes to a copy of each checkout and check that it builds and vets")
	markdown  = flag.Bool("markdown", false, "also print the summary as a Markdown table")
	timeout   = flag.Duration("timeout", 10*time.Minute, "time limit per server for the lint run, and again for the -fix check")
	keep      = flag.Bool("keep", false, "keep the -fix copies (their paths are printed)")
	verbose   = flag.Bool("v", false, "print the commands run and their standard error")
	vetFlag   = flag.Bool("vet", false, "also run the linter as go vet -vettool and compare the sites it reports")
	gclFlag   = flag.String("golangci", "", "a golangci-lint `binary` with the mcperrlint plugin built in (testdata/golangci): also run it and compare the sites it reports")
)

// reportCategories are the categories scored against the labels.
var reportCategories = []string{"decode", "validate", "invalid-params"}

// A result is what one server scored.
// gclConfig is the golangci-lint configuration that defines the plugin.
var gclConfig string

type result struct {
	s         *server
	missing   bool
	run       *lintRun
	fix       *fixRun
	tp        []*label
	fp        []finding
	fn        []*label
	ignored   int    // reports outside the covered files
	sdkVer    []diag // category sdk-version, not scored
	other     []diag // any other category, not scored
	asserts   []diag // reports of a scored category at a line that is no return: argument assertions, not scored
	cleanFail bool   // a clean server got reports
	// vetDiff lists the sites that go vet -vettool and the standalone
	// command disagree on, with -vet; vetErr says why vet could not run.
	vetRan  bool
	vetDiff []string
	vetErr  string
	// gclDiff and gclErr are the same for golangci-lint, with -golangci.
	gclDiff []string
	gclErr  string
}

// A finding is a report on a line that must stay silent or has no label.
type finding struct {
	d diag
	l *label // nil: unlabeled
}

func main() {
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: go run ./scripts/field -checkouts DIR [-bin PATH] [-labels DIR] [-only ID,...] [-fix] [-markdown] [-timeout D] [-v]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *checkouts == "" || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	root, err := repoRoot()
	if err != nil && (*labelsDir == "" || *binFlag == "") {
		fatalf("%v", err)
	}
	if *gclFlag != "" {
		if root == "" {
			fatalf("-golangci needs the repository's .golangci-plugin.yml: run from the repository")
		}
		gclConfig = filepath.Join(root, ".golangci-plugin.yml")
	}
	dir := *labelsDir
	if dir == "" {
		dir = filepath.Join(root, "scripts", "field", "corpus")
	}
	servers, err := readCorpus(dir)
	if err != nil {
		fatalf("%v", err)
	}
	if *only != "" {
		want := strings.Split(*only, ",")
		var keepServers []*server
		for _, s := range servers {
			if slices.Contains(want, s.id) {
				keepServers = append(keepServers, s)
			}
		}
		for _, id := range want {
			if !slices.ContainsFunc(servers, func(s *server) bool { return s.id == id }) {
				fatalf("-only: no label file %s.txt in %s", id, dir)
			}
		}
		servers = keepServers
	}

	bin := *binFlag
	if bin == "" {
		tmp, err := os.MkdirTemp("", "field-bin-")
		if err != nil {
			fatalf("%v", err)
		}
		defer os.RemoveAll(tmp)
		bin = filepath.Join(tmp, "mcperrlint")
		build := exec.Command("go", "build", "-o", bin, "./cmd/mcperrlint")
		build.Dir, build.Stdout, build.Stderr = root, os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			fatalf("building mcperrlint in %s: %v", root, err)
		}
	} else if bin, err = filepath.Abs(bin); err != nil {
		fatalf("%v", err)
	}

	var results []*result
	for _, s := range servers {
		r := measure(bin, s)
		results = append(results, r)
		printResult(r)
	}
	printSummary(results)
}

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "field: "+format+"\n", args...)
	os.Exit(1)
}

// repoRoot finds this repository from the current directory.
func repoRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %v", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", fmt.Errorf("run this inside the mcperrlint repository (or give -labels and -bin)")
	}
	return filepath.Dir(gomod), nil
}

// measure lints one server and scores the reports against its labels.
func measure(bin string, s *server) *result {
	r := &result{s: s}
	checkout := filepath.Join(*checkouts, s.checkoutName())
	if fi, err := os.Stat(checkout); err != nil || !fi.IsDir() {
		r.missing = true
		return r
	}
	modDir := filepath.Join(checkout, filepath.FromSlash(s.dir))
	checkLabelSites(s, modDir)

	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	r.run = lint(ctx, bin, modDir)
	cancel()

	hit := make(map[siteKey]bool)
	reported := make(map[siteKey]bool)
	src := make(sourceLines)
	for _, d := range r.run.diags {
		switch {
		case d.category == "sdk-version":
			r.sdkVer = append(r.sdkVer, d)
			continue
		case !slices.Contains(reportCategories, d.category):
			r.other = append(r.other, d)
			continue
		case !src.isReturn(modDir, d.site):
			// The labels are of returns; an argument's type assertion
			// is reported where it is, and is not scored against them.
			r.asserts = append(r.asserts, d)
			continue
		}
		if s.clean {
			r.cleanFail = true
		}
		if !s.covered(d.site.file) {
			r.ignored++
			continue
		}
		if reported[d.site] {
			// Two reports on one line count once: the labels are per line.
			continue
		}
		reported[d.site] = true
		l := s.labels[d.site]
		if l != nil && l.verdict == "report" {
			r.tp = append(r.tp, l)
			hit[d.site] = true
		} else {
			r.fp = append(r.fp, finding{d, l})
		}
	}
	for _, k := range sortedSites(s.labels) {
		if l := s.labels[k]; l.verdict == "report" && !hit[k] {
			r.fn = append(r.fn, l)
		}
	}

	if *vetFlag && !r.run.crashed {
		ctx, cancel := context.WithTimeout(context.Background(), *timeout)
		r.vetRan = true
		r.vetDiff, r.vetErr = compareVet(ctx, bin, modDir, r.run)
		cancel()
	}
	if *gclFlag != "" && !r.run.crashed {
		ctx, cancel := context.WithTimeout(context.Background(), *timeout)
		r.gclDiff, r.gclErr = compareGolangci(ctx, *gclFlag, modDir, r.run)
		cancel()
	}
	if *fixFlag && !r.run.crashed {
		ctx, cancel := context.WithTimeout(context.Background(), *timeout)
		r.fix = checkFix(ctx, bin, checkout, s.dir, r.run)
		cancel()
	}
	return r
}

// checkLabelSites warns about labels that do not point at a return
// statement, which is what every label must name.
func checkLabelSites(s *server, modDir string) {
	lines := make(map[string][]string)
	for _, k := range sortedSites(s.labels) {
		ls, ok := lines[k.file]
		if !ok {
			data, err := os.ReadFile(filepath.Join(modDir, filepath.FromSlash(k.file)))
			if err != nil {
				fmt.Printf("%s:%d: %v\n", s.file, s.labels[k].lineNo, err)
			}
			ls = strings.Split(string(data), "\n")
			lines[k.file] = ls
		}
		if k.line > len(ls) || !strings.HasPrefix(strings.TrimSpace(ls[k.line-1]), "return") {
			fmt.Printf("%s:%d: warning: %s is not a return statement\n", s.file, s.labels[k].lineNo, k)
		}
	}
}

func sortedSites(m map[siteKey]*label) []siteKey {
	keys := make([]siteKey, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b siteKey) int {
		if c := strings.Compare(a.file, b.file); c != 0 {
			return c
		}
		return a.line - b.line
	})
	return keys
}

func ratio(num, den int) string {
	if den == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", float64(num)/float64(den))
}

func (r *result) labeledReport() int {
	n := 0
	for _, l := range r.s.labels {
		if l.verdict == "report" {
			n++
		}
	}
	return n
}

func (r *result) fixCell() string {
	switch {
	case r.missing || r.run == nil:
		return "-"
	case r.fix == nil:
		return "not run"
	case r.fix.builds():
		return "yes"
	}
	return "no"
}

func printResult(r *result) {
	s := r.s
	fmt.Printf("\n== %s  %s@%.12s  dir %s  %s\n", s.id, s.repo, s.commit, s.dir, s.sdk)
	if r.missing {
		dir := filepath.Join(*checkouts, s.checkoutName())
		fmt.Printf("  MISSING checkout %s; get it with:\n", dir)
		fmt.Printf("    git clone https://github.com/%s %s && git -C %s checkout %s\n", s.repo, dir, dir, s.commit)
		return
	}
	run := r.run
	fmt.Printf("  lint: %.0fs, exit %d, %d package errors", run.elapsed.Seconds(), run.exitCode, len(run.pkgErrors))
	if run.crashed {
		fmt.Printf(", CRASHED")
	}
	fmt.Println()
	if run.crashed {
		fmt.Printf("    %s\n", firstLines(run.stderr, 20))
	}
	for _, e := range run.pkgErrors {
		fmt.Printf("    package error: %s\n", firstLines(e, 5))
	}
	if s.files != nil {
		fmt.Printf("  scored files: %d (labels cover only these); reports elsewhere ignored: %d\n", len(s.files), r.ignored)
	}
	fmt.Printf("  labels: %d returns, %d report\n", len(s.labels), r.labeledReport())
	fmt.Printf("  TP %d  FP %d  FN %d  precision %s  recall %s\n",
		len(r.tp), len(r.fp), len(r.fn), ratio(len(r.tp), len(r.tp)+len(r.fp)), ratio(len(r.tp), len(r.tp)+len(r.fn)))
	for _, f := range r.fp {
		why := "unlabeled"
		if f.l != nil {
			why = fmt.Sprintf("labeled %s %s: %s", f.l.origin, f.l.verdict, f.l.reason)
		}
		fmt.Printf("  FP %s [%s] %s\n       linter (%s): %s\n", f.d.site, f.d.category, why, f.d.category, f.d.message)
	}
	for _, l := range r.fn {
		fmt.Printf("  FN %s [%s] %s\n", l.site, l.origin, l.reason)
	}
	for _, d := range r.sdkVer {
		fmt.Printf("  sdk-version (not scored) %s: %s\n", d.site, d.message)
	}
	for _, d := range r.other {
		fmt.Printf("  %s (not scored) %s: %s\n", d.category, d.site, d.message)
	}
	for _, d := range r.asserts {
		fmt.Printf("  %s at no return (not scored) %s: %s\n", d.category, d.site, d.message)
	}
	if s.clean {
		if r.cleanFail {
			fmt.Printf("  clean server: FAIL, it got reports\n")
		} else {
			fmt.Printf("  clean server: ok, zero reports\n")
		}
	}
	if r.vetRan {
		printComparison("go vet -vettool", r.vetDiff, r.vetErr)
	}
	if *gclFlag != "" {
		printComparison("golangci-lint", r.gclDiff, r.gclErr)
	}
	if f := r.fix; f != nil {
		fmt.Printf("  fix: %d fixable diagnostics applied; go build %s; go vet %s; fixable left %d => fix builds: %s\n",
			f.applied, yesNo(f.buildOK), yesNo(f.vetOK), len(f.remaining), r.fixCell())
		if f.vetNote != "" {
			fmt.Printf("    (%s)\n", f.vetNote)
		}
		if f.failure != "" {
			fmt.Printf("    %s\n", strings.ReplaceAll(strings.TrimSpace(f.failure), "\n", "\n    "))
		}
		for _, d := range f.remaining {
			fmt.Printf("    still fixable %s: %s\n", d.site, d.message)
		}
	}
}

// printComparison prints how another driver's sites compare with the
// standalone command's.
func printComparison(driver string, diff []string, failure string) {
	switch {
	case failure != "":
		fmt.Printf("  %s: could not compare: %s\n", driver, failure)
	case len(diff) == 0:
		fmt.Printf("  %s: the same sites as the standalone command\n", driver)
	default:
		fmt.Printf("  %s: the drivers disagree:\n", driver)
		for _, d := range diff {
			fmt.Printf("    %s\n", d)
		}
	}
}

func yesNo(b bool) string {
	if b {
		return "ok"
	}
	return "FAIL"
}

func printSummary(results []*result) {
	var tp, fp, fn, labeled, crashes, pkgErrs int
	var missing []string
	fmt.Printf("\n== summary\n")
	fmt.Printf("%-34s %-22s %6s %5s %4s %4s %4s %9s %7s %6s %s\n",
		"server", "sdk", "labels", "rep", "TP", "FP", "FN", "precision", "recall", "fix", "notes")
	for _, r := range results {
		if r.missing {
			missing = append(missing, r.s.id)
			fmt.Printf("%-34s %-22s missing checkout\n", r.s.id, r.s.sdk)
			continue
		}
		var notes []string
		if r.run.crashed {
			crashes++
			notes = append(notes, "CRASH")
		}
		if n := len(r.run.pkgErrors); n > 0 {
			pkgErrs += n
			notes = append(notes, fmt.Sprintf("%d pkg errors", n))
		}
		if r.s.clean {
			notes = append(notes, map[bool]string{true: "clean: FAIL", false: "clean: ok"}[r.cleanFail])
		}
		if r.s.files != nil {
			notes = append(notes, fmt.Sprintf("%d files", len(r.s.files)))
		}
		if r.vetRan {
			notes = append(notes, map[bool]string{true: "vet: same", false: "vet: DIFFERS"}[len(r.vetDiff) == 0 && r.vetErr == ""])
		}
		if *gclFlag != "" {
			notes = append(notes, map[bool]string{true: "golangci: same", false: "golangci: DIFFERS"}[len(r.gclDiff) == 0 && r.gclErr == ""])
		}
		tp, fp, fn, labeled = tp+len(r.tp), fp+len(r.fp), fn+len(r.fn), labeled+r.labeledReport()
		fmt.Printf("%-34s %-22s %6d %5d %4d %4d %4d %9s %7s %6s %s\n", r.s.id, r.s.sdk, len(r.s.labels), r.labeledReport(),
			len(r.tp), len(r.fp), len(r.fn), ratio(len(r.tp), len(r.tp)+len(r.fp)), ratio(len(r.tp), len(r.tp)+len(r.fn)),
			r.fixCell(), strings.Join(notes, ", "))
	}
	fmt.Printf("%-34s %-22s %6s %5d %4d %4d %4d %9s %7s\n", "TOTAL", "", "", labeled, tp, fp, fn,
		ratio(tp, tp+fp), ratio(tp, tp+fn))
	fmt.Printf("crashes: %d, package errors: %d\n", crashes, pkgErrs)
	if len(missing) > 0 {
		fmt.Printf("missing checkouts (not scored): %s\n", strings.Join(missing, ", "))
	}

	if *markdown {
		fmt.Printf("\n| server | SDK | sites labeled report | precision | recall | fix builds |\n")
		fmt.Printf("|---|---|---:|---:|---:|---|\n")
		for _, r := range results {
			if r.missing {
				continue
			}
			name := fmt.Sprintf("[%s](https://github.com/%s/tree/%s)", r.s.id, r.s.repo, r.s.commit)
			fmt.Printf("| %s | %s | %d | %s | %s | %s |\n", name, r.s.sdk, r.labeledReport(),
				ratio(len(r.tp), len(r.tp)+len(r.fp)), ratio(len(r.tp), len(r.tp)+len(r.fn)), r.fixCell())
		}
		fmt.Printf("| **total** | | %d | %s | %s | |\n", labeled, ratio(tp, tp+fp), ratio(tp, tp+fn))
	}
}

// sourceLines holds the lines of the files read so far, by path relative
// to the module directory.
type sourceLines map[string][]string

// isReturn reports whether the line of site starts with a return
// statement; a file that cannot be read counts as one, so its reports
// are scored as before.
func (sl sourceLines) isReturn(modDir string, site siteKey) bool {
	ls, ok := sl[site.file]
	if !ok {
		data, err := os.ReadFile(filepath.Join(modDir, filepath.FromSlash(site.file)))
		if err != nil {
			return true
		}
		ls = strings.Split(string(data), "\n")
		sl[site.file] = ls
	}
	return site.line < 1 || site.line > len(ls) || strings.HasPrefix(strings.TrimSpace(ls[site.line-1]), "return")
}
