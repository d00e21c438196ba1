package main

import (
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/tools/go/analysis/checker"

	"github.com/mcperrlint/mcperrlint/cmd/mcperrlint/internal/ghactions"
)

// printGitHub prints the roots' diagnostics as GitHub Actions workflow
// commands, one annotation each with its related information in the
// message, and an annotation for each package that could not be checked.
// It returns how many diagnostics it printed.
func (d *driver) printGitHub(roots []*checker.Action, failures []string) (int, error) {
	base := d.cwd
	// GitHub resolves an annotation's file against the repository's
	// checkout, which need not be the working directory.
	if ws := os.Getenv("GITHUB_WORKSPACE"); filepath.IsAbs(ws) {
		base = ws
	}
	name := func(file string) string {
		if base != "" && within(base, file) {
			rel, _ := filepath.Rel(base, file)
			return filepath.ToSlash(rel)
		}
		return filepath.ToSlash(file)
	}
	s := &sarifWriter{files: make(map[string][]byte)} // for its columns
	var annotations []ghactions.Annotation
	all := uniqueDiagnostics(roots)
	for _, f := range all {
		fset := f.act.Package.Fset
		start := fset.Position(f.diag.Pos)
		region := s.region(start, fset.Position(f.diag.End))
		msg := f.diag.Message
		for _, rel := range f.diag.Related {
			p := fset.Position(rel.Pos)
			msg += fmt.Sprintf("\n%s:%d:%d: %s", name(p.Filename), p.Line, s.column(p), rel.Message)
		}
		annotations = append(annotations, ghactions.Annotation{
			Level:     annotationLevel(ruleFor(f.diag.Category).Level),
			File:      name(start.Filename),
			Line:      region.StartLine,
			Col:       region.StartColumn,
			EndLine:   region.EndLine,
			EndColumn: region.EndColumn,
			Title:     "mcperrlint: " + f.diag.Category,
			Message:   msg,
		})
	}
	for _, msg := range failures {
		annotations = append(annotations, ghactions.Annotation{Level: ghactions.Error, Title: "mcperrlint", Message: msg})
	}
	return len(all), ghactions.Write(d.stdout, annotations)
}

// annotationLevel is the workflow command for a SARIF level.
func annotationLevel(level string) string {
	switch level {
	case "error":
		return ghactions.Error
	case "note":
		return ghactions.Notice
	}
	return ghactions.Warning
}
