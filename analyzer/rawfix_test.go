package analyzer_test

import (
	"bytes"
	"go/format"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/internal/edits/fixedit"
)

// rawFixes applies every diagnostic's fix as golangci-lint does: the
// edits as they are, without the import clean-up and reformatting of the
// go/analysis drivers. It returns the fixed content of each changed file.
func rawFixes(t *testing.T, results []*analysistest.Result) map[string][]byte {
	t.Helper()
	edits := make(map[string][]fixedit.Edit)
	for _, r := range results {
		for _, d := range r.Diagnostics {
			for _, fix := range d.SuggestedFixes {
				for _, e := range fix.TextEdits {
					tf := r.Pass.Fset.File(e.Pos)
					edits[tf.Name()] = append(edits[tf.Name()], fixedit.Edit{Start: tf.Offset(e.Pos), End: tf.Offset(e.End), Text: string(e.NewText)})
				}
			}
		}
	}
	fixed := make(map[string][]byte)
	for name, es := range edits {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		out, err := fixedit.Apply(src, es)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		fixed[name] = out
	}
	return fixed
}

// checkFixesApplyAsIs applies the fixes of family (among results) as
// golangci-lint does, edits only, and checks that they leave no import
// unused on their own: the result must be the golden file (which the real
// -fix driver wrote, with its import clean-up). fix_unused_imports must
// come out gofmt-clean too; fix_imports has a fix that removes the last
// errors.New beside one that adds an errors.New, so the import must stay.
// TestCaseFamilies runs it on its own results, rather than loading the
// families again.
func checkFixesApplyAsIs(t *testing.T, family string, all []*analysistest.Result) {
	// Each known leftover: an import that two fixes in the file use, which
	// neither may delete, since each must also be right when applied alone.
	leftovers := map[string]string{
		"mcpgo_raw/raw.go": "\t\"errors\"\n",
	}
	var results []*analysistest.Result
	for _, r := range all {
		if r.Pass.Pkg.Path() == family {
			results = append(results, r)
		}
	}
	fixed := rawFixes(t, results)
	if len(fixed) == 0 {
		t.Fatal("no fixes")
	}
	for name, got := range fixed {
		rel := filepath.Join(family, filepath.Base(name))
		want, err := os.ReadFile(name + ".golden")
		if err != nil {
			t.Fatal(err)
		}
		if family == "fix_unused_imports" && !bytes.Equal(got, want) {
			t.Errorf("%s: edits applied as they are:\n%s\nwant the golden file:\n%s", rel, got, want)
			continue
		}
		formatted, err := format.Source(got)
		if err != nil {
			t.Errorf("%s: edits applied as they are do not parse: %v\n%s", rel, err, got)
			continue
		}
		if leftover, ok := leftovers[rel]; ok {
			if !bytes.Contains(formatted, []byte(leftover)) {
				t.Errorf("%s: the known leftover import %q is gone: update the test and the README", rel, leftover)
			}
			formatted = bytes.Replace(formatted, []byte(leftover), nil, 1)
		}
		if !bytes.Equal(formatted, want) {
			t.Errorf("%s: edits applied as they are, then gofmt:\n%s\nwant the golden file:\n%s", rel, formatted, want)
		}
	}
}
