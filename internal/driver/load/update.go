package load

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"go/ast"
	"go/build/constraint"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// A stamp tells whether a file changed since it was read: the hash of
// its contents, which no edit keeps, where its size and modification
// time may stay the same (a same-size edit by a tool that keeps
// modification times, such as cp -p, rsync -t or tar x, or two edits
// within a coarse file system's tick); and its build constraint lines,
// whose change only go list can follow.
//
// Reading every file at every Update would cost more than the rest of a
// save, so the stamp also holds what a stat said just before the read,
// and when: as git trusts its index, a file whose stat is the same, down
// to its change time and inode (which cp -p, rsync -t and tar x do
// change), and whose times were older than the stat by more than any
// file system's tick, is the same file. Other files, and every file
// where a stat gives no change time, are read and hashed again.
type stamp struct {
	read        bool // false for a file that could not be read
	sum         [sha256.Size]byte
	constraints string
	stat        fileStat
	statAt      int64 // when stat was taken, in Unix nanoseconds
}

// tick is the coarsest file system time resolution allowed for: FAT's
// two seconds.
const tick = 2 * time.Second

// stampOf stamps a file as it is now.
func stampOf(name string) stamp {
	_, st, _ := readStamped(name)
	return st
}

// readStamped reads a file, and stamps the contents read.
func readStamped(name string) ([]byte, stamp, error) {
	at := time.Now().UnixNano()
	stat := statOf(name)
	src, err := os.ReadFile(name)
	if err != nil {
		return nil, stamp{}, err
	}
	return src, stamp{read: true, sum: sha256.Sum256(src), constraints: buildConstraints(src), stat: stat, statAt: at}, nil
}

// unchanged reports whether the file stamped old still holds the
// contents it held, trusting its stat where that says enough (see
// stamp), else reading it; now is its stamp, if it was read again.
func unchanged(name string, old stamp) (now stamp, same bool) {
	if old.read && old.stat.changeTime != 0 && statOf(name) == old.stat &&
		old.statAt-old.stat.changeTime > int64(tick) && old.statAt-old.stat.modTime > int64(tick) {
		return old, true
	}
	now = stampOf(name)
	return now, now.read == old.read && now.sum == old.sum
}

// buildConstraints returns the //go:build and // +build lines of a Go
// file's header, the comments above its package clause.
func buildConstraints(src []byte) string {
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(nil, len(src)+1)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "package ") || strings.HasPrefix(line, "package\t") {
			break
		}
		if constraint.IsGoBuild(line) || constraint.IsPlusBuild(line) {
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, "\n")
}

// ReadHash returns the SHA-256 of the contents of the named file that
// the load parsed, and false if it parsed none: a file edited during the
// load is checked as it was read, which a hash taken before or after may
// not say.
func (g *Graph) ReadHash(name string) ([sha256.Size]byte, bool) {
	if g.loader == nil {
		return [sha256.Size]byte{}, false
	}
	g.loader.filesMu.Lock()
	f, ok := g.loader.files[name]
	g.loader.filesMu.Unlock()
	if !ok {
		return [sha256.Size]byte{}, false
	}
	// Parsing sets the stamp before the Once returns; a file still
	// being parsed is waited for.
	f.once.Do(func() {})
	return f.stamp.sum, f.stamp.read
}

// A fileStat is what a stat says of a file: its size and times, and,
// where the system gives them (statDetails), its change time and inode,
// which a tool that sets the modification time back cannot keep. The
// files of vendored packages, whose export data go list compiled and
// which are too many to read at every Update, are compared by it alone.
type fileStat struct {
	exists     bool
	size       int64
	modTime    int64
	changeTime int64 // 0 where unknown
	inode      uint64
}

func statOf(name string) fileStat {
	fi, err := os.Stat(name)
	if err != nil {
		return fileStat{}
	}
	st := fileStat{exists: true, size: fi.Size(), modTime: fi.ModTime().UnixNano()}
	st.changeTime, st.inode = statDetails(fi)
	return st
}

// statVendored stats the Go files of the packages in a vendor directory
// of a module (not the standard library's, which no module holds) that
// are not checked from source: an edit there changes the export data
// go list would compile, which only a new Load reads.
func (g *Graph) statVendored() map[string]fileStat {
	stats := make(map[string]fileStat)
	for _, n := range g.nodes {
		p := n.pkg
		if n.source || p.Module == nil || len(p.GoFiles) == 0 || !inVendor(p.GoFiles[0]) {
			continue
		}
		for _, name := range slices.Concat(p.GoFiles, p.OtherFiles, p.IgnoredFiles) {
			stats[name] = statOf(name)
		}
	}
	return stats
}

// inVendor reports whether a file is in a vendor directory.
func inVendor(name string) bool {
	return slices.Contains(strings.Split(filepath.ToSlash(filepath.Dir(name)), "/"), "vendor")
}

// Update brings the graph up to date with the files on disk: it parses
// again the source files whose contents changed and type-checks again
// their packages and every source package above them, keeping everything
// else, above all the dependencies' export data. It reports false,
// changing nothing, when an edit changes what go list would say (a Go
// file added or removed, an import, a package clause, a cgo file, a build
// constraint line of a file, included or not) or the export data it
// would compile (a file of a vendored package): only a new Load then
// gives the right graph. A go.mod or go.work edit is the caller's to
// notice.
//
// Update must not run concurrently with anything else that uses the
// graph; the packages.Package values stay the same, their fields change.
func (g *Graph) Update(ctx context.Context) bool {
	changed, ok := g.changedFiles()
	if !ok {
		return false
	}
	if len(changed) == 0 {
		return true
	}

	// The changed files are parsed into a FileSet of this update's own
	// (see withoutReplaced); the old set stays as it was, for whoever
	// still holds the old syntax, and for a refused update.
	old := g.Fset
	g.Fset = withoutReplaced(old, changed)
	updated := false
	defer func() {
		if !updated {
			g.Fset = old
		}
	}()

	l := &loader{Graph: g, ctx: ctx, cpu: make(chan struct{}, runtime.GOMAXPROCS(0))}
	fresh := make(map[*node]reparsed)
	for n, stamps := range changed {
		r, ok := l.reparse(n, stamps, old)
		if !ok {
			return false
		}
		fresh[n] = r
	}
	redo := g.above(changed)

	// Apply the new syntax and FileSet, then check in dependency order.
	updated = true
	for _, n := range g.nodes {
		n.pkg.Fset = g.Fset
	}
	for n, r := range fresh {
		n.pkg.Syntax = r.syntax
		for name := range changed[n] {
			n.parseErrs[name] = r.errs[name]
			n.stamps[name] = r.stamps[name]
		}
	}
	done := make(map[*node]bool)
	var check func(n *node)
	check = func(n *node) {
		if done[n] {
			return
		}
		done[n] = true
		for _, in := range n.imports {
			if redo[in] {
				check(in)
			}
		}
		n.pkg.Types = types.NewPackage(n.pkg.PkgPath, n.pkg.Name)
		l.typeCheck(n)
	}
	for n := range redo {
		check(n)
	}
	return ctx.Err() == nil
}

// changedFiles returns the source files whose stamps changed, by package,
// with their stamps now; false when only a new Load handles an edit: a
// package directory gained or lost a Go file, a file's build constraints
// changed, or a vendored package's file did.
func (g *Graph) changedFiles() (map[*node]map[string]stamp, bool) {
	for name, old := range g.vendored {
		if statOf(name) != old {
			return nil, false
		}
	}
	changed := make(map[*node]map[string]stamp)
	for _, n := range g.nodes {
		if !n.source || n.pkg.PkgPath == "unsafe" {
			continue
		}
		for name, old := range n.stamps {
			now, same := unchanged(name, old)
			switch {
			case same:
				// Read again for want of a trusted stat, and the
				// same: the new stat may be trusted next time.
				n.stamps[name] = now
				continue
			case now.constraints != old.constraints:
				return nil, false
			}
			if changed[n] == nil {
				changed[n] = make(map[string]stamp)
			}
			changed[n][name] = now
		}
		for name, old := range n.ignored {
			if now, same := unchanged(name, old); !same {
				if now.constraints != old.constraints {
					return nil, false
				}
				n.ignored[name] = now
			}
		}
		if n.dirFiles != nil && len(n.pkg.GoFiles) > 0 && !slices.Equal(goFilesIn(filepath.Dir(n.pkg.GoFiles[0])), n.dirFiles) {
			return nil, false
		}
	}
	return changed, true
}

// withoutReplaced returns a new FileSet holding every file of old but
// those of the changed files: a kept graph would otherwise grow by the
// edited files at each save, for as long as the editor runs.
func withoutReplaced(old *token.FileSet, changed map[*node]map[string]stamp) *token.FileSet {
	replaced := make(map[*token.File]bool)
	for n, stamps := range changed {
		for _, f := range n.pkg.Syntax {
			if tf := old.File(f.FileStart); tf != nil {
				if _, ok := stamps[tf.Name()]; ok {
					replaced[tf] = true
				}
			}
		}
	}
	var keep []*token.File
	old.Iterate(func(f *token.File) bool {
		if !replaced[f] {
			keep = append(keep, f)
		}
		return true
	})
	fset := token.NewFileSet()
	fset.AddExistingFiles(keep...)
	return fset
}

// reparsed is a package's syntax after an update, and the parse errors
// and stamps of its changed files.
type reparsed struct {
	syntax []*ast.File
	errs   map[string][]error
	stamps map[string]stamp
}

// reparse parses the changed files of n, keeping its other files as they
// were (in old); false when the package clause, the imports or the build
// constraints no longer are what go list saw, or a changed file is a cgo
// file, whose compiled form go list generates.
func (l *loader) reparse(n *node, changed map[string]stamp, old *token.FileSet) (reparsed, bool) {
	names := slices.Sorted(maps.Keys(changed))
	for _, name := range names {
		if !slices.Contains(n.pkg.CompiledGoFiles, name) {
			return reparsed{}, false
		}
	}
	files, errs := l.parse(names)
	stamps := make(map[string]stamp)
	for _, name := range names {
		// The contents parsed, which an edit since changedFiles read
		// them may have changed again.
		stamps[name] = l.file(name).stamp
		if stamps[name].constraints != n.stamps[name].constraints {
			return reparsed{}, false
		}
	}
	byName := make(map[string]*ast.File)
	for _, f := range files {
		byName[l.Fset.File(f.FileStart).Name()] = f
	}
	kept := make(map[string]*ast.File)
	for _, f := range n.pkg.Syntax {
		kept[old.File(f.FileStart).Name()] = f
	}
	var syntax []*ast.File
	imports := make(map[string]bool)
	for _, name := range n.pkg.CompiledGoFiles {
		f, ok := byName[name]
		if !ok {
			if _, isChanged := stamps[name]; isChanged {
				continue // unreadable now; its error says so
			}
			if f, ok = kept[name]; !ok {
				continue
			}
		}
		if f.Name.Name != n.pkg.Name {
			return reparsed{}, false
		}
		syntax = append(syntax, f)
		for _, imp := range f.Imports {
			if path, err := strconv.Unquote(imp.Path.Value); err == nil && path != "unsafe" && path != "C" {
				imports[path] = true
			}
		}
	}
	known := make(map[string]bool)
	for path := range n.imports {
		if path != "unsafe" && path != "C" {
			known[path] = true
		}
	}
	if !maps.Equal(imports, known) {
		return reparsed{}, false
	}
	if usesCgo(syntax) && slices.Equal(n.pkg.CompiledGoFiles, n.pkg.GoFiles) {
		return reparsed{}, false // a file began to use cgo: go list must run it
	}
	return reparsed{syntax, errs, stamps}, true
}

// above returns the changed packages and every source package that
// imports one, directly or not: those the update type-checks again.
func (g *Graph) above(changed map[*node]map[string]stamp) map[*node]bool {
	importers := make(map[*node][]*node)
	for _, n := range g.nodes {
		if n.source {
			for _, in := range n.imports {
				importers[in] = append(importers[in], n)
			}
		}
	}
	redo := make(map[*node]bool)
	var up func(n *node)
	up = func(n *node) {
		if redo[n] {
			return
		}
		redo[n] = true
		for _, m := range importers[n] {
			up(m)
		}
	}
	for n := range changed {
		up(n)
	}
	return redo
}
