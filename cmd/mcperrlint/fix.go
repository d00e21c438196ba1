package main

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"

	"golang.org/x/tools/go/analysis/checker"

	"github.com/mcperrlint/mcperrlint/internal/edits/fixedit"
	"github.com/mcperrlint/mcperrlint/internal/edits/udiff"
)

// A fileFix is what the fixes do to one file.
type fileFix struct {
	name   string
	before []byte
	edits  []fixedit.Edit

	// The file's syntax and types in a package it belongs to: they tell
	// which imports the fixes leave unused.
	fset *token.FileSet
	file *ast.File
	info *types.Info
}

// applyFixes applies the first suggested fix of each diagnostic of the
// roots, or with -diff prints them as a unified diff. A fix that conflicts
// with one applied before it, or that edits a generated file, is left out,
// and said so: running the command again applies what is left.
func (d *driver) applyFixes(roots []*checker.Action) error {
	files := make(map[string]*fileFix)
	var order []string
	total, applied, generated := 0, 0, 0

	for _, act := range roots {
		fset := act.Package.Fset
		isGenerated := make(map[*token.File]bool)
		for _, f := range act.Package.Syntax {
			isGenerated[fset.File(f.FileStart)] = ast.IsGenerated(f)
		}
	diagnostics:
		for _, diag := range act.Diagnostics {
			if len(diag.SuggestedFixes) == 0 {
				continue
			}
			fix := diag.SuggestedFixes[0]
			total++
			byFile := make(map[string][]fixedit.Edit)
			for _, e := range fix.TextEdits {
				tf := fset.File(e.Pos)
				if isGenerated[tf] {
					generated++
					continue diagnostics
				}
				ff := files[tf.Name()]
				if ff == nil {
					src, err := os.ReadFile(tf.Name())
					if err != nil {
						return err
					}
					if len(src) != tf.Size() {
						return fmt.Errorf("%s changed while it was analyzed; nothing was fixed", d.relative(tf.Name()))
					}
					ff = &fileFix{name: tf.Name(), before: src, fset: fset, info: act.Package.TypesInfo}
					for _, f := range act.Package.Syntax {
						if fset.File(f.FileStart) == tf {
							ff.file = f
						}
					}
					files[tf.Name()] = ff
					order = append(order, tf.Name())
				}
				byFile[tf.Name()] = append(byFile[tf.Name()], fixedit.Edit{
					Start: tf.Offset(e.Pos), End: tf.Offset(e.End), Text: string(e.NewText),
				})
			}
			if !composes(files, byFile) {
				continue // conflicts with a fix taken before it
			}
			for name, edits := range byFile {
				files[name].edits = append(files[name].edits, edits...)
			}
			applied++
		}
	}

	slices.Sort(order)
	written := 0
	for _, name := range order {
		ff := files[name]
		if len(ff.edits) == 0 {
			continue
		}
		after, err := fixedit.Fix(ff.fset, ff.info, ff.file, ff.before, ff.edits)
		if err != nil {
			return fmt.Errorf("internal error: fixes of %s: %v", name, err) // composes said they apply
		}
		if d.opts.diff {
			fmt.Fprint(d.stdout, udiff.Unified(d.diffName(name), ff.before, after))
			continue
		}
		if err := os.WriteFile(name, after, 0o644); err != nil {
			return err
		}
		written++
	}

	if skipped := total - applied - generated; skipped > 0 {
		if d.opts.diff {
			return fmt.Errorf("%d of %s left out: they conflict with others (run again after applying)", skipped, plural(total, "fix", "fixes"))
		}
		return fmt.Errorf("applied %d of %s, %s updated; run again to apply the rest", applied, plural(total, "fix", "fixes"), plural(written, "file", "files"))
	}
	return nil
}

// composes reports whether the edits of one fix apply together with those
// already taken: identical edits (two fixes adding the same import)
// merge, overlapping ones conflict.
func composes(files map[string]*fileFix, byFile map[string][]fixedit.Edit) bool {
	for name, edits := range byFile {
		ff := files[name]
		if _, err := fixedit.Apply(ff.before, append(slices.Clone(ff.edits), edits...)); err != nil {
			return false
		}
	}
	return true
}

// diffName is the name a diff gives a file: relative to the working
// directory, with forward slashes, as git diff does, so that git apply
// and patch -p1 take it from there.
func (d *driver) diffName(name string) string {
	rel := d.relative(name)
	if rel == name {
		return filepath.ToSlash(name)
	}
	return filepath.ToSlash(rel)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
