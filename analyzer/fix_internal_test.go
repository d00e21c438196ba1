package analyzer

import (
	"fmt"
	"testing"
)

// TestReplaceWrapVerb checks that turning %w into %v keeps every other
// verb, flag and escape, and so the printed text.
func TestReplaceWrapVerb(t *testing.T) {
	err := fmt.Errorf("boom")
	for _, tc := range []struct{ in, want string }{
		{"invalid arguments: %w", "invalid arguments: %v"},
		{"%w and %w", "%v and %v"},
		{"100%% sure: %w", "100%% sure: %v"},
		{"literal %%w", "literal %%w"},
		{"%[1]w (%[1]q)", "%[1]v (%[1]q)"},
		{"%-8w|", "%-8v|"},
		{"trailing %", "trailing %"},
		{"no verbs", "no verbs"},
	} {
		got := replaceWrapVerb(tc.in)
		if got != tc.want {
			t.Errorf("replaceWrapVerb(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got, want := fmt.Sprintf(got, err, err), fmt.Errorf(tc.in, err, err).Error(); got != want {
			t.Errorf("format %q prints %q, the original prints %q", tc.in, got, want)
		}
	}
}

func TestFromErrFormat(t *testing.T) {
	for in, want := range map[string]string{
		"decode: %w":         "decode",
		"bind arguments: %v": "bind arguments",
		"%s: %w":             "",
		"x: %w %w":           "",
		"x %w":               "",
	} {
		m := fromErrFormat.FindStringSubmatch(in)
		got := ""
		if m != nil {
			got = m[1]
		}
		if got != want {
			t.Errorf("fromErrFormat on %q = %q, want %q", in, got, want)
		}
	}
}
