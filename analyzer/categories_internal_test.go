package analyzer

import (
	"os"
	"strings"
	"testing"

	"github.com/mcperrlint/mcperrlint/internal/errorigin"
)

// TestCategoryTable holds the one table of categories to what uses it:
// every category a classified return can have is in it, each entry is
// complete, and each has its section in docs/categories.md, which the
// diagnostics' URL and SARIF's helpUri name.
func TestCategoryTable(t *testing.T) {
	docs, err := os.ReadFile("../docs/categories.md")
	if err != nil {
		t.Fatal(err)
	}
	seen := make(map[string]bool)
	for _, c := range Categories() {
		if seen[c.ID] {
			t.Errorf("category %s listed twice", c.ID)
		}
		seen[c.ID] = true
		if c.Name == "" || c.Short == "" || c.Full == "" {
			t.Errorf("category %s lacks a name or a description: %+v", c.ID, c)
		}
		switch c.Level {
		case "error", "warning", "note":
		default:
			t.Errorf("category %s has level %q, not one of SARIF's", c.ID, c.Level)
		}
		if !strings.Contains(string(docs), "\n## "+c.ID+"\n") {
			t.Errorf("docs/categories.md has no section %q", "## "+c.ID)
		}
	}
	for k := errorigin.OtherFailure; k <= errorigin.InvalidParams; k++ {
		if !seen[k.String()] {
			t.Errorf("classified returns of category %s have no entry in the table", k)
		}
		if siteVerb[k] == "" {
			t.Errorf("category %s has no site verb", k)
		}
	}
	if got := CategoryOf("no-such-category"); got.Level != "warning" || got.ID != "no-such-category" {
		t.Errorf("CategoryOf of an unknown ID = %+v, want a warning of that ID", got)
	}
}
