package run

import (
	"cmp"
	"fmt"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// validateFixes checks the suggested fixes of a diagnostic as the checker
// does before it keeps one (x/tools' internal driverutil.ValidateFixes),
// and normalizes them the same way: each fix's edits sorted by position,
// stably, and an edit without an End made an insertion.
func validateFixes(fset *token.FileSet, a *analysis.Analyzer, fixes []analysis.SuggestedFix) error {
	messages := make(map[string]bool)
	for i := range fixes {
		fix := &fixes[i]
		if messages[fix.Message] {
			return fmt.Errorf("analyzer %q suggests two fixes with same Message (%s)", a.Name, fix.Message)
		}
		messages[fix.Message] = true
		if err := validateFix(fset, fix); err != nil {
			return fmt.Errorf("analyzer %q suggests invalid fix (%s): %v", a.Name, fix.Message, err)
		}
	}
	return nil
}

func validateFix(fset *token.FileSet, fix *analysis.SuggestedFix) error {
	// Insertions before deletions at the same point; insertions at one
	// point in the order given.
	slices.SortStableFunc(fix.TextEdits, func(x, y analysis.TextEdit) int {
		if sign := cmp.Compare(x.Pos, y.Pos); sign != 0 {
			return sign
		}
		return cmp.Compare(x.End, y.End)
	})
	var prev *analysis.TextEdit
	for i := range fix.TextEdits {
		edit := &fix.TextEdits[i]
		file := fset.File(edit.Pos)
		if file == nil {
			return fmt.Errorf("no token.File for TextEdit.Pos (%v)", edit.Pos)
		}
		fileEnd := token.Pos(file.Base() + file.Size())
		if end := edit.End; end.IsValid() {
			if end < edit.Pos {
				return fmt.Errorf("TextEdit.Pos (%v) > TextEdit.End (%v)", edit.Pos, edit.End)
			}
			endFile := fset.File(end)
			if endFile != file && end < fileEnd+10 {
				// An End computed just past the end of the file
				// (golang/go#71659): cut to the end.
				edit.End = fileEnd
				continue
			}
			if endFile == nil {
				return fmt.Errorf("no token.File for TextEdit.End (%v; File(start).FileEnd is %d)", end, fileEnd)
			}
			if endFile != file {
				return fmt.Errorf("edit #%d spans files (%v and %v)", i, file.Position(edit.Pos), endFile.Position(edit.End))
			}
		} else {
			edit.End = edit.Pos
		}
		if edit.End > fileEnd {
			return fmt.Errorf("end is (%v) beyond end of file (%v)", edit.End, fileEnd)
		}
		if prev != nil && edit.Pos < prev.End {
			x, y := fset.Position(prev.Pos), fset.Position(edit.Pos)
			xend, yend := fset.Position(prev.End), fset.Position(edit.End)
			return fmt.Errorf("overlapping edits to %s (%d:%d-%d:%d and %d:%d-%d:%d)",
				x.Filename, x.Line, x.Column, xend.Line, xend.Column, y.Line, y.Column, yend.Line, yend.Column)
		}
		prev = edit
	}
	return nil
}
