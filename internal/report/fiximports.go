package report

import (
	"bytes"
	"go/ast"
	"go/token"
	"maps"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/internal/edits/fixedit"
)

// TidyImports adds to each fix of found edits that delete the imports it
// leaves unused, by the rule of fixedit.UnusedImports, the one the -fix
// driver and the language server apply after the fixes: imports whose
// every use in the file is inside the fix's edits and that neither its new
// text nor another fix of the file uses (jsonrpc once an InvalidParams
// error is rewritten, errors after its only errors.New, unless a typed
// handler's fix now calls errors.New).
//
// The x/tools drivers (mcperrlint -fix, go fix -fixtool, analysistest)
// remove such imports themselves after applying fixes, but golangci-lint
// applies the edits as they are, which would leave a file that does not
// compile. An import used in two fixed returns is kept by both fixes: each
// must be correct when applied alone (an editor applies one), and alone
// each leaves a use.
//
// Each file's imports' uses are found once, and each fix's text read
// once, whatever the number of fixes in the file: a file of many
// reported handlers costs each its own edits, not the whole file again.
func TidyImports(found []Finding) {
	type fileFixes struct {
		uses     *fixedit.ImportUses
		operands []map[string]bool // of each fix's edits' text, by index in found
		count    map[string]int    // how many of the file's fixes use each name
	}
	byFile := make(map[*ast.File]*fileFixes)
	operands := make([]map[string]bool, len(found))
	for i, fd := range found {
		if fd.Fix == nil {
			continue
		}
		ff := byFile[fd.Fix.file]
		if ff == nil {
			ff = &fileFixes{uses: fixedit.NewImportUses(fd.Fix.pass.Fset, fd.Fix.pass.TypesInfo, fd.Fix.file), count: make(map[string]int)}
			byFile[fd.Fix.file] = ff
		}
		operands[i] = make(map[string]bool)
		for _, e := range fd.Diag.SuggestedFixes[0].TextEdits {
			maps.Copy(operands[i], fixedit.SelectorOperands(string(e.NewText)))
		}
		for name := range operands[i] {
			ff.count[name]++
		}
	}
	for i, fd := range found {
		if fd.Fix == nil {
			continue
		}
		ff := byFile[fd.Fix.file]
		others := make(map[string]bool) // what the file's other fixes write
		for name, n := range ff.count {
			if n > 1 || !operands[i][name] {
				others[name] = true
			}
		}
		fix := &found[i].Diag.SuggestedFixes[0]
		fix.TextEdits = append(fix.TextEdits, fd.Fix.unusedImportEdits(ff.uses, fix.TextEdits, others)...)
	}
	moveImportInsertions(found)
}

// moveImportInsertions moves an import one fix adds out of the lines
// another fix of the file deletes (errors inserted before "fmt", whose
// last use another fix removes): golangci-lint drops every fix of a file
// whose edits overlap. The import goes to the start of the line after the
// deleted ones, which is where it sorts once they are gone, and is valid
// Go (if unsorted) when the fix is applied alone.
func moveImportInsertions(found []Finding) {
	// The deletions in import declarations, by file and by the fix
	// that makes them.
	type deletion struct {
		fix  int
		edit analysis.TextEdit
	}
	deletions := make(map[*ast.File][]deletion)
	for j, other := range found {
		if other.Fix == nil {
			continue
		}
		for _, e := range other.Diag.SuggestedFixes[0].TextEdits {
			if len(e.NewText) == 0 && other.Fix.inImportDecl(e.Pos) {
				deletions[other.Fix.file] = append(deletions[other.Fix.file], deletion{j, e})
			}
		}
	}
	for i, fd := range found {
		if fd.Fix == nil || len(deletions[fd.Fix.file]) == 0 {
			continue
		}
		edits := found[i].Diag.SuggestedFixes[0].TextEdits
		for k, e := range edits {
			if e.Pos != e.End || len(e.NewText) == 0 || !fd.Fix.inImportDecl(e.Pos) {
				continue
			}
			moved := false
			for changed := true; changed; {
				changed = false
				for _, d := range deletions[fd.Fix.file] {
					if d.fix != i && d.edit.Pos <= e.Pos && e.Pos < d.edit.End {
						e.Pos, e.End, moved, changed = d.edit.End, d.edit.End, true, true
					}
				}
			}
			if moved {
				e.NewText = []byte("\t" + strings.TrimSpace(string(e.NewText)) + "\n")
				edits[k] = e
			}
		}
	}
}

// inImportDecl reports whether pos lies in an import declaration of the
// fixer's file. The import declarations come first in a file.
func (f *fixer) inImportDecl(pos token.Pos) bool {
	for _, decl := range f.file.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.IMPORT {
			return false
		}
		if gen.Pos() <= pos && pos <= gen.End() {
			return true
		}
	}
	return false
}

// unusedImportEdits returns edits deleting the imports that the fix's
// edits leave unused, given the uses of the file's imports and the names
// its other fixes use, unless the deletion would overlap one of them.
func (f *fixer) unusedImportEdits(uses *fixedit.ImportUses, edits []analysis.TextEdit, others map[string]bool) []analysis.TextEdit {
	tf := f.pass.Fset.File(f.file.FileStart)
	offsets := make([]fixedit.Edit, len(edits))
	for i, e := range edits {
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		offsets[i] = fixedit.Edit{Start: tf.Offset(e.Pos), End: tf.Offset(end), Text: string(e.NewText)}
	}
	var deletions []analysis.TextEdit
	for _, spec := range uses.Unused(offsets, others) {
		if e, ok := f.deleteImport(spec); ok && !overlaps(e, edits) {
			deletions = append(deletions, e)
		}
	}
	return deletions
}

// deleteImport returns an edit deleting the lines of an import spec, or
// of its whole declaration when it is the only spec there. ok is false
// when they share a line with other code or carry a doc comment, which
// the deletion would strand or take along: the import is then left to the
// user. A blank line the deletion leaves beside a parenthesis is valid Go
// that gofmt removes.
func (f *fixer) deleteImport(spec *ast.ImportSpec) (analysis.TextEdit, bool) {
	var node ast.Node = spec
	if spec.Doc != nil {
		return analysis.TextEdit{}, false
	}
	for _, decl := range f.file.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if ok && gen.Tok == token.IMPORT && gen.Pos() <= spec.Pos() && spec.End() <= gen.End() {
			if len(gen.Specs) == 1 {
				if gen.Doc != nil {
					return analysis.TextEdit{}, false
				}
				node = gen
			}
			break
		}
	}
	tf := f.pass.Fset.File(node.Pos())
	start, end := tf.Offset(node.Pos()), tf.Offset(node.End())
	// The line must hold only the node, then at most a line comment.
	lineStart := start
	for lineStart > 0 && (f.src[lineStart-1] == ' ' || f.src[lineStart-1] == '\t') {
		lineStart--
	}
	if lineStart > 0 && f.src[lineStart-1] != '\n' {
		return analysis.TextEdit{}, false
	}
	rest := f.src[end:]
	nl := bytes.IndexByte(rest, '\n')
	if nl < 0 {
		return analysis.TextEdit{}, false
	}
	if tail := bytes.TrimSpace(rest[:nl]); len(tail) > 0 && !bytes.HasPrefix(tail, []byte("//")) {
		return analysis.TextEdit{}, false
	}
	lineEnd := end + nl + 1
	// A declaration between blank lines takes one with it, as gofmt
	// would. (Not a spec: two deleted specs around one blank line would
	// be overlapping edits.)
	if node != ast.Node(spec) && blankBefore(f.src, lineStart) && bytes.HasPrefix(f.src[lineEnd:], []byte("\n")) {
		lineEnd++
	}
	return analysis.TextEdit{Pos: tf.Pos(lineStart), End: tf.Pos(lineEnd)}, true
}

// blankBefore reports whether the line before the one starting at offset
// start is empty.
func blankBefore(src []byte, start int) bool {
	return start >= 2 && src[start-1] == '\n' && src[start-2] == '\n'
}

// overlaps reports whether e overlaps one of edits (an import the same fix
// adds to the declaration it would delete).
func overlaps(e analysis.TextEdit, edits []analysis.TextEdit) bool {
	for _, o := range edits {
		if e.Pos < o.End && o.Pos < e.End || e.Pos == o.Pos {
			return true
		}
	}
	return false
}
