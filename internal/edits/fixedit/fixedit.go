// Package fixedit applies suggested fixes to source text, as the
// go/analysis -fix driver does: the edits first, then the import clean-up
// and formatting of x/tools' internal driverutil.FormatSourceRemoveImports.
// The -fix driver, the language server's quick fixes and the tests that
// check the fixes use it, so they apply fixes one way; UnusedImports is
// also the analyzer's rule for the imports its fixes delete.
package fixedit

import (
	"bytes"
	"cmp"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strconv"

	"golang.org/x/tools/go/ast/astutil"
)

// An Edit replaces the bytes [Start, End) of a file with Text.
type Edit struct {
	Start, End int
	Text       string
}

// Fix applies edits to src, the text of file, then removes the imports
// they leave unused and formats the result, as -fix writes it. A result
// that does not parse is returned unformatted, as go/analysis drivers do:
// the compiler then says where. The error is Apply's.
func Fix(fset *token.FileSet, info *types.Info, file *ast.File, src []byte, edits []Edit) ([]byte, error) {
	after, err := Apply(src, edits)
	if err != nil {
		return nil, err
	}
	if formatted, err := Format(after, UnusedImports(fset, info, file, edits)); err == nil {
		after = formatted
	}
	return after, nil
}

// Apply applies edits to src. Identical edits (two fixes adding the same
// import) apply once; edits that overlap, or insert different text at one
// place, are an error, as golangci-lint refuses them.
func Apply(src []byte, edits []Edit) ([]byte, error) {
	edits = slices.Clone(edits)
	slices.SortStableFunc(edits, func(a, b Edit) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End))
	})
	edits = slices.Compact(edits)
	var out bytes.Buffer
	last := 0
	for i, e := range edits {
		if e.Start < last || e.End < e.Start || e.End > len(src) {
			return nil, fmt.Errorf("edit [%d,%d) overlaps another or is out of bounds", e.Start, e.End)
		}
		if i > 0 && e.Start == e.End && edits[i-1].Start == e.Start {
			return nil, fmt.Errorf("edits insert at offset %d and another edit starts there", e.Start)
		}
		out.Write(src[last:e.Start])
		out.WriteString(e.Text)
		last = e.End
	}
	out.Write(src[last:])
	return out.Bytes(), nil
}

// Format formats a file to which fixes were applied the way the -fix
// driver does: sort the imports, delete the unused ones (from
// UnusedImports, which names them in the file before the fixes), and
// print it as gofmt does.
func Format(src []byte, unused []*ast.ImportSpec) ([]byte, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "fixed.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	ast.SortImports(fset, file)
	for _, spec := range unused {
		name := ""
		if spec.Name != nil {
			name = spec.Name.Name
		}
		if path, err := strconv.Unquote(spec.Path.Value); err == nil {
			astutil.DeleteNamedImport(fset, file, name, path)
		}
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, file); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// UnusedImports returns the imports of file that edits leave unused:
// every place the file refers to the package name the import declares
// lies inside a range an edit replaces, and neither an edit's text nor one
// of also uses the name as a selector's operand. It is the one rule for
// removing imports: the analyzer's fixes delete what it returns for their
// own edits (golangci-lint applies edits as they are), and Format deletes
// what it returns for all the fixes applied to a file.
//
// The uses in the file come from info (type-checked, so a local variable
// that shadows an import is not a use of it); the new text has no types,
// but a package name is only ever a selector's operand, so a name there
// keeps its import (text that declares a local of that name would keep an
// import it no longer needs; fixes declare none). Blank and dot imports,
// imports the file never used, and imports the edits add (they are not in
// file) are never returned. edits are byte offsets in file; file may be
// nil, for a file not loaded from source: nothing is then unused.
//
// A caller with many sets of edits for one file (one per fix) uses
// NewImportUses once and ImportUses.Unused for each.
func UnusedImports(fset *token.FileSet, info *types.Info, file *ast.File, edits []Edit, also ...string) []*ast.ImportSpec {
	named := make(map[string]bool)
	for _, text := range also {
		maps.Copy(named, SelectorOperands(text))
	}
	return NewImportUses(fset, info, file).Unused(edits, named)
}

// ImportUses are the places a file refers to the package names its
// imports declare, found in one walk of the file: the unused imports of
// each set of edits are then found without looking at the whole file
// again, so that a file's many fixes cost time in proportion to their
// number, not its square.
type ImportUses struct {
	file *ast.File
	info *types.Info
	uses map[*types.PkgName][]int // the offsets of each name's uses, in order
}

// NewImportUses finds the uses of file's imports; file may be nil.
func NewImportUses(fset *token.FileSet, info *types.Info, file *ast.File) *ImportUses {
	u := &ImportUses{file: file, info: info, uses: make(map[*types.PkgName][]int)}
	if file == nil {
		return u
	}
	// A package name is only ever a selector's operand; looking up only
	// the operands named as an import is, spares the type information's
	// map (as large as the package) a probe for every identifier.
	imported := make(map[string]bool, len(file.Imports))
	for _, spec := range file.Imports {
		if pn := importedName(info, spec); pn != nil {
			imported[pn.Name()] = true
		}
	}
	tf := fset.File(file.FileStart)
	ast.Inspect(file, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && imported[id.Name] {
				if pn, ok := info.Uses[id].(*types.PkgName); ok {
					u.uses[pn] = append(u.uses[pn], tf.Offset(id.Pos()))
				}
			}
		}
		return true
	})
	return u
}

// Unused is UnusedImports of the file for edits, with named holding the
// names that text other than the edits' uses as selectors' operands.
func (u *ImportUses) Unused(edits []Edit, named map[string]bool) []*ast.ImportSpec {
	if u.file == nil {
		return nil
	}
	own := make(map[string]bool)
	for _, e := range edits {
		maps.Copy(own, SelectorOperands(e.Text))
	}
	ranges := replacedRanges(edits)
	var unused []*ast.ImportSpec
	for _, spec := range u.file.Imports {
		pn := importedName(u.info, spec)
		if pn == nil || named[pn.Name()] || own[pn.Name()] {
			continue
		}
		if uses := u.uses[pn]; len(uses) > 0 && countWithin(uses, ranges) == len(uses) {
			unused = append(unused, spec)
		}
	}
	return unused
}

// replacedRanges returns the byte ranges edits replace, sorted and
// merged where they overlap or touch.
func replacedRanges(edits []Edit) []Edit {
	var ranges []Edit
	for _, e := range edits {
		if e.Start < e.End {
			ranges = append(ranges, Edit{Start: e.Start, End: e.End})
		}
	}
	slices.SortFunc(ranges, func(a, b Edit) int { return cmp.Compare(a.Start, b.Start) })
	var merged []Edit
	for _, r := range ranges {
		if n := len(merged); n > 0 && r.Start <= merged[n-1].End {
			merged[n-1].End = max(merged[n-1].End, r.End)
			continue
		}
		merged = append(merged, r)
	}
	return merged
}

// countWithin returns how many of the sorted offsets lie in one of the
// disjoint ranges.
func countWithin(offsets []int, ranges []Edit) int {
	n := 0
	for _, r := range ranges {
		lo, _ := slices.BinarySearch(offsets, r.Start)
		hi, _ := slices.BinarySearch(offsets, r.End)
		n += hi - lo
	}
	return n
}

// importedName returns the package name an import declares, or nil for a
// blank or dot import (a dot import's uses are not selections of a name).
func importedName(info *types.Info, spec *ast.ImportSpec) *types.PkgName {
	var obj types.Object
	if spec.Name != nil {
		if spec.Name.Name == "_" || spec.Name.Name == "." {
			return nil
		}
		obj = info.Defs[spec.Name]
	} else {
		obj = info.Implicits[spec]
	}
	pn, _ := obj.(*types.PkgName)
	return pn
}

// SelectorOperands returns the identifiers that src, a fragment of Go
// code, uses as a selector's operand: x in x.y, not y, nor a field key.
func SelectorOperands(src string) map[string]bool {
	names := make(map[string]bool)
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", -1, len(src)), []byte(src), nil, 0)
	prev, ident := token.ILLEGAL, ""
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			return names
		}
		if tok == token.PERIOD && ident != "" {
			names[ident] = true
		}
		ident = ""
		if tok == token.IDENT && prev != token.PERIOD {
			ident = lit
		}
		prev = tok
	}
}
