package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// A diag is one diagnostic of a -json run, with its position made
// relative to the module directory.
type diag struct {
	category string
	site     siteKey
	col      int
	posn     string // as printed
	message  string
	fixes    int // suggested fixes
}

// A lintRun is the outcome of one `mcperrlint -json ./...`.
type lintRun struct {
	diags     []diag   // deduplicated
	pkgErrors []string // "error" members of the JSON tree
	crashed   bool     // panic, timeout, or output that is not a JSON tree
	exitCode  int
	stderr    string
	elapsed   time.Duration
}

// jsonDiag is the part of the -json schema (x/tools driverutil) we read.
type jsonDiag struct {
	Category       string            `json:"category"`
	Posn           string            `json:"posn"`
	Message        string            `json:"message"`
	SuggestedFixes []json.RawMessage `json:"suggested_fixes"`
}

// command runs name args in dir, killing its whole process group when ctx
// ends, and returns stdout, stderr and the exit code (-1: it did not exit
// on its own).
func command(ctx context.Context, dir, name string, args ...string) (stdout, stderr []byte, code int, err error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	setProcessGroup(cmd)
	cmd.WaitDelay = 10 * time.Second
	if *verbose {
		fmt.Fprintf(os.Stderr, "+ (cd %s && %s %s)\n", dir, name, strings.Join(args, " "))
	}
	err = cmd.Run()
	code = 0
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && ctx.Err() == nil {
			code, err = ee.ExitCode(), nil
		} else {
			code = -1
			if ctx.Err() != nil {
				err = fmt.Errorf("%s: %w", name, ctx.Err())
			}
		}
	}
	if *verbose && errb.Len() > 0 {
		fmt.Fprintf(os.Stderr, "%s", errb.Bytes())
	}
	return out.Bytes(), errb.Bytes(), code, err
}

// lint runs `bin -json ./...` in modDir and parses what it prints.
func lint(ctx context.Context, bin, modDir string) *lintRun {
	start := time.Now()
	stdout, stderr, code, err := command(ctx, modDir, bin, "-json", "./...")
	r := &lintRun{exitCode: code, stderr: string(stderr), elapsed: time.Since(start)}
	if err != nil {
		r.crashed = true
		r.stderr += "\n" + err.Error()
		return r
	}
	if bytes.Contains(stderr, []byte("panic: ")) || bytes.Contains(stderr, []byte("internal error")) {
		r.crashed = true
	}
	var tree map[string]map[string]json.RawMessage
	if len(bytes.TrimSpace(stdout)) == 0 {
		// A load failure of every package prints no tree.
		r.crashed = r.crashed || code != 0 && code != 1
		if code != 0 {
			r.pkgErrors = append(r.pkgErrors, "no JSON output: "+firstLines(string(stderr), 5))
		}
		return r
	}
	if err := json.Unmarshal(stdout, &tree); err != nil {
		r.crashed = true
		r.stderr += "\nunparsable -json output: " + err.Error()
		return r
	}
	absMod := realPath(modDir)
	seen := make(map[string]bool)
	for _, pkg := range sortedKeys(tree) {
		for _, an := range sortedKeys(tree[pkg]) {
			raw := tree[pkg][an]
			if t := bytes.TrimSpace(raw); len(t) > 0 && t[0] == '{' {
				var e struct {
					Error string `json:"error"`
				}
				json.Unmarshal(raw, &e)
				r.pkgErrors = append(r.pkgErrors, pkg+": "+e.Error)
				continue
			}
			var ds []jsonDiag
			if err := json.Unmarshal(raw, &ds); err != nil {
				r.crashed = true
				r.stderr += fmt.Sprintf("\n%s: unparsable diagnostics: %v", pkg, err)
				continue
			}
			for _, d := range ds {
				// A package and its test variant report the same
				// diagnostic: keep one.
				k := d.Category + "\x00" + d.Posn + "\x00" + d.Message
				if seen[k] {
					continue
				}
				seen[k] = true
				file, line, col := splitPosn(d.Posn)
				r.diags = append(r.diags, diag{
					category: d.Category,
					site:     siteKey{relPath(absMod, file), line},
					col:      col,
					posn:     d.Posn,
					message:  d.Message,
					fixes:    len(d.SuggestedFixes),
				})
			}
		}
	}
	slices.SortFunc(r.diags, func(a, b diag) int {
		if c := strings.Compare(a.site.file, b.site.file); c != 0 {
			return c
		}
		if a.site.line != b.site.line {
			return a.site.line - b.site.line
		}
		return a.col - b.col
	})
	return r
}

// splitPosn splits "file:line:col" (the file may contain colons).
func splitPosn(posn string) (file string, line, col int) {
	i := strings.LastIndex(posn, ":")
	if i < 0 {
		return posn, 0, 0
	}
	j := strings.LastIndex(posn[:i], ":")
	if j < 0 {
		line, _ = strconv.Atoi(posn[i+1:])
		return posn[:i], line, 0
	}
	line, _ = strconv.Atoi(posn[j+1 : i])
	col, _ = strconv.Atoi(posn[i+1:])
	return posn[:j], line, col
}

// relPath makes file relative to dir, slash-separated, when it is inside.
func relPath(dir, file string) string {
	for _, f := range []string{file, realPath(file)} {
		if rel, err := filepath.Rel(dir, f); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(file)
}

func realPath(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		p = r
	}
	return p
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append(lines[:n], "...")
	}
	return strings.Join(lines, "\n\t")
}

// A fixRun is the outcome of the -fix check on a copy of a checkout.
type fixRun struct {
	applied   int    // fixable diagnostics before
	buildOK   bool   // go build ./...
	vetOK     bool   // go vet ./... (compiles the tests), or fails the same way as before the fix
	vetNote   string // why vetOK, when vet failed before the fix too
	remaining []diag // diagnostics that still have a fix after -fix
	failure   string // what went wrong, for the log
	crashed   bool
}

func (f *fixRun) builds() bool {
	return f != nil && !f.crashed && f.buildOK && f.vetOK && len(f.remaining) == 0
}

// checkFix copies the checkout (without .git) to a temporary directory,
// applies every suggested fix there, and checks that the module still
// builds, tests included, and that nothing fixable is left.
func checkFix(ctx context.Context, bin, checkout, dir string, before *lintRun) *fixRun {
	f := &fixRun{}
	for _, d := range before.diags {
		if d.fixes > 0 {
			f.applied++
		}
	}
	tmp, err := os.MkdirTemp("", "field-fix-")
	if err != nil {
		f.failure, f.crashed = err.Error(), true
		return f
	}
	if *keep {
		fmt.Printf("  fix copy kept in %s\n", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	root := filepath.Join(tmp, filepath.Base(checkout))
	if err := copyTree(checkout, root); err != nil {
		f.failure, f.crashed = "copy: "+err.Error(), true
		return f
	}
	modDir := filepath.Join(root, filepath.FromSlash(dir))
	_, stderr, code, err := command(ctx, modDir, bin, "-fix", "./...")
	if err != nil || bytes.Contains(stderr, []byte("panic: ")) {
		f.failure, f.crashed = fmt.Sprintf("-fix: exit %d %v: %s", code, err, firstLines(string(stderr), 10)), true
		return f
	}
	_, stderr, code, err = command(ctx, modDir, "go", "build", "./...")
	f.buildOK = err == nil && code == 0
	if !f.buildOK {
		f.failure = "go build: " + firstLines(string(stderr)+errString(err), 20)
	}
	_, vetErr, code, err := command(ctx, modDir, "go", "vet", "./...")
	f.vetOK = err == nil && code == 0
	if !f.vetOK && err == nil {
		// go vet also fails on the project's own vet findings; those are
		// not the fix's fault. Compare with vet on the untouched checkout,
		// ignoring positions, which the fix moves.
		_, baseErr, baseCode, baseE := command(ctx, filepath.Join(checkout, filepath.FromSlash(dir)), "go", "vet", "./...")
		if baseE == nil && baseCode != 0 {
			if added := newLines(string(baseErr), string(vetErr), checkout, root); len(added) == 0 {
				f.vetOK = true
				f.vetNote = "go vet fails before the fix too, with the same messages"
			} else {
				f.failure += "\ngo vet (new after the fix): " + firstLines(strings.Join(added, "\n"), 20)
			}
		} else {
			f.failure += "\ngo vet: " + firstLines(string(vetErr), 20)
		}
	} else if err != nil {
		f.failure += "\ngo vet: " + err.Error()
	}
	after := lint(ctx, bin, modDir)
	if after.crashed {
		f.crashed = true
		f.failure += "\nlint after fix crashed: " + firstLines(after.stderr, 10)
	}
	for _, d := range after.diags {
		if d.fixes > 0 {
			f.remaining = append(f.remaining, d)
		}
	}
	return f
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// newLines returns the lines of after that are not in before, once
// positions (":line:col") and the two roots are taken out.
func newLines(before, after, beforeRoot, afterRoot string) []string {
	norm := func(s, root string) string {
		s = strings.ReplaceAll(s, root, "ROOT")
		return posnRE(s)
	}
	have := make(map[string]bool)
	for _, l := range strings.Split(before, "\n") {
		have[norm(l, beforeRoot)] = true
	}
	var added []string
	for _, l := range strings.Split(after, "\n") {
		if !have[norm(l, afterRoot)] {
			added = append(added, l)
		}
	}
	return added
}

// posnRE drops ":<digits>" runs, which are line and column numbers.
func posnRE(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == ':' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
			i++
			for i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
				i++
			}
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// copyTree copies src to dst, leaving out .git, keeping file modes and
// symbolic links.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			if d.Name() == ".git" && p != src {
				return filepath.SkipDir
			}
			return os.MkdirAll(target, 0o755)
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if info.Mode()&fs.ModeSymlink != 0 {
			link, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(link, target)
		}
		if !info.Mode().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, info.Mode().Perm())
	})
}

// compareVet runs the linter as go vet's tool in modDir and returns the
// diagnostic sites (file and line, every category) on which it and the
// standalone run disagree.
func compareVet(ctx context.Context, bin, modDir string, standalone *lintRun) (diff []string, failure string) {
	_, stderr, code, err := command(ctx, modDir, "go", "vet", "-vettool="+bin, "./...")
	if err != nil {
		return nil, err.Error()
	}
	return compareSites(textSites(string(stderr), realPath(modDir), nil), standalone, code, stderr)
}

// compareGolangci runs a golangci-lint with the plugin built in, with the
// repository's .golangci-plugin.yml, and compares its mcperrlint sites with
// the standalone run's.
func compareGolangci(ctx context.Context, gcl, modDir string, standalone *lintRun) (diff []string, failure string) {
	stdout, stderr, code, err := command(ctx, modDir, gcl, "run", "-c", gclConfig, "--path-mode=abs",
		"--max-issues-per-linter=0", "--max-same-issues=0", "--output.text.path=stdout", "--show-stats=false", "./...")
	if err != nil {
		return nil, err.Error()
	}
	only := func(msg string) bool { return strings.HasSuffix(msg, "(mcperrlint)") }
	return compareSites(textSites(string(stdout), realPath(modDir), only), standalone, code, stderr)
}

// textSites returns the sites of the diagnostics a driver printed as text
// (file:line:col: message), leaving out related information and, when
// keep is set, the lines it rejects.
func textSites(out, absMod string, keep func(msg string) bool) map[siteKey]bool {
	sites := make(map[siteKey]bool)
	for _, line := range strings.Split(out, "\n") {
		if line == "" || line[0] == '#' || line[0] == ' ' || line[0] == '\t' {
			continue
		}
		posn, msg, ok := strings.Cut(line, ": ")
		if !ok || strings.HasPrefix(msg, "\t") || keep != nil && !keep(msg) { // related information
			continue
		}
		file, l, _ := splitPosn(posn)
		if l == 0 {
			continue
		}
		if !filepath.IsAbs(file) {
			file = filepath.Join(absMod, file)
		}
		sites[siteKey{relPath(absMod, file), l}] = true
	}
	return sites
}

// compareSites lists the sites one driver reported and the standalone run
// did not, and the reverse.
func compareSites(other map[siteKey]bool, standalone *lintRun, code int, stderr []byte) (diff []string, failure string) {
	if len(other) == 0 && code != 0 && len(standalone.diags) > 0 {
		return nil, fmt.Sprintf("exit %d with no diagnostics: %s", code, firstLines(string(stderr), 5))
	}
	alone := make(map[siteKey]bool)
	for _, d := range standalone.diags {
		alone[d.site] = true
	}
	for k := range alone {
		if !other[k] {
			diff = append(diff, "standalone only: "+k.String())
		}
	}
	for k := range other {
		if !alone[k] {
			diff = append(diff, "other driver only: "+k.String())
		}
	}
	slices.Sort(diff)
	return diff, ""
}
