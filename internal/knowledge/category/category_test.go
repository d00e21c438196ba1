package category

import (
	"os"
	"strings"
	"testing"
)

// TestInfoTable holds the one table of categories to what uses it: every
// kind a classified error can have is in it, each entry is complete, and
// each has its section in docs/categories.md, which the diagnostics' URL
// and SARIF's helpUri name.
func TestInfoTable(t *testing.T) {
	docs, err := os.ReadFile("../../../docs/categories.md")
	if err != nil {
		t.Fatal(err)
	}
	seen := make(map[string]bool)
	for _, c := range Infos() {
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
		if !strings.HasSuffix(DocURL(c.ID), "categories.md#"+c.ID) {
			t.Errorf("DocURL(%q) = %s", c.ID, DocURL(c.ID))
		}
	}
	for k := ToolError; k <= InvalidParams; k++ {
		if !seen[k.String()] {
			t.Errorf("classified errors of kind %s have no entry in the table", k)
		}
	}
	if got := InfoOf("no-such-category"); got.Level != "warning" || got.ID != "no-such-category" {
		t.Errorf("InfoOf of an unknown ID = %+v, want a warning of that ID", got)
	}
}

// TestJoin holds the order of the kinds, which the analysis joins by: an
// error that may be of two kinds is of the greater, and only the kinds
// above ToolError are argument errors.
func TestJoin(t *testing.T) {
	order := []Kind{None, ToolError, Validate, Decode, InvalidParams}
	for i, a := range order {
		for j, b := range order {
			want := order[max(i, j)]
			if got := a.Join(b); got != want {
				t.Errorf("%s.Join(%s) = %s, want %s", a, b, got, want)
			}
		}
		if got, want := a.Argument(), i >= 2; got != want {
			t.Errorf("%s.Argument() = %v, want %v", a, got, want)
		}
	}
}
