package ghactions_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcperrlint/mcperrlint/cmd/mcperrlint/internal/ghactions"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestEscapingGolden holds the workflow commands to GitHub's syntax, in
// testdata/escaping.golden: '%', '\r' and '\n' escaped everywhere, ':'
// and ',' in property values too, but not in the message, and the
// properties left out that are not set.
func TestEscapingGolden(t *testing.T) {
	annotations := []ghactions.Annotation{
		{Level: ghactions.Error, File: "weather/weather.go", Line: 28, Col: 3, EndLine: 28, EndColumn: 55,
			Title: "mcperrlint: decode", Message: "tool handler returns an argument decoding error as a protocol error; the model never sees it: return a CallToolResult with IsError"},
		{Level: ghactions.Warning, File: "odd dir/a,b:c%d.go", Line: 1, Col: 1,
			Title: "100% sure, or: not", Message: "first line: 50% done, more\nsecond line\r\nthird %0A literal"},
		{Level: ghactions.Notice, Message: "no file, no title: just a message, with: punctuation"},
		{Level: ghactions.Error, Title: "mcperrlint", Message: "example.com/x/broken not checked: broken/broken.go:3:23: cannot use \"x\""},
	}
	var buf bytes.Buffer
	if err := ghactions.Write(&buf, annotations); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "escaping.golden")
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); got != string(want) {
		t.Errorf("workflow commands:\ngot\n%s\nwant\n%s", got, want)
	}
}

// TestEscapeRoundTrip checks that the unescaping GitHub's runner does
// (ActionCommand.Unescape: %0D, %0A, %3A, %2C, then %25) gives back
// every text exactly, and that no separator is left unescaped.
func TestEscapeRoundTrip(t *testing.T) {
	unescape := func(s string) string {
		for _, p := range [][2]string{{"%0D", "\r"}, {"%0A", "\n"}, {"%3A", ":"}, {"%2C", ","}, {"%25", "%"}} {
			s = strings.ReplaceAll(s, p[0], p[1])
		}
		return s
	}
	for _, s := range []string{"a%b", "100%25", "x:y,z", "line\nline\r\n", "%3A", "%250A%", ""} {
		if got := unescape(ghactions.EscapeProperty(s)); got != s {
			t.Errorf("property %q: round trip gives %q", s, got)
		}
		if e := ghactions.EscapeProperty(s); strings.ContainsAny(e, ":,\r\n") {
			t.Errorf("property %q escapes to %q, which still holds a separator", s, e)
		}
		if e := ghactions.EscapeData(s); strings.ContainsAny(e, "\r\n") {
			t.Errorf("data %q escapes to %q, which still holds a line break", s, e)
		}
	}
}
