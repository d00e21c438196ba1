package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestStripComment(t *testing.T) {
	for in, want := range map[string]string{
		"# whole line":                        "",
		"commit: abc   # full 40 hex":         "commit: abc   ",
		"note: parent of PR #2488, which":     "note: parent of PR #2488, which",
		"a.go:3 decode report see #12 # why":  "a.go:3 decode report see #12 ",
		"a.go:3 decode report trailing #":     "a.go:3 decode report trailing ",
		"a.go:3 decode report x#y stays text": "a.go:3 decode report x#y stays text",
	} {
		if got := stripComment(in); got != want {
			t.Errorf("stripComment(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLabelLine(t *testing.T) {
	l, err := labelLine("pkg/a.go:12 validate report  perPage > 100,  returned raw")
	if err != nil {
		t.Fatal(err)
	}
	if l.site != (siteKey{"pkg/a.go", 12}) || l.origin != "validate" || l.verdict != "report" || l.reason != "perPage > 100,  returned raw" {
		t.Errorf("got %+v", l)
	}
	for _, bad := range []string{
		"pkg/a.go:12 validate",        // no verdict
		"pkg/a.go validate report",    // no line
		"pkg/a.go:0 validate report",  // line 0
		"pkg/a.go:3 argument report",  // unknown origin
		"pkg/a.go:3 validate flagged", // unknown verdict
	} {
		if _, err := labelLine(bad); err == nil {
			t.Errorf("labelLine(%q) succeeded, want an error", bad)
		}
	}
}

const header = `repo: o/n
commit: 0123456789abcdef0123456789abcdef01234567
sdk: go-sdk v1.6.0
`

func writeLabels(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "srv.txt")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestReadLabels(t *testing.T) {
	s, err := readLabels(writeLabels(t, header+`clean: true
dir: sub/
note: one
note: two
files: a.go b/c.go
files: d.go
a.go:3 decode report
b/c.go:9 nil silent IsError result
`))
	if err != nil {
		t.Fatal(err)
	}
	if s.id != "srv" || s.dir != "sub" || !s.clean || len(s.notes) != 2 || len(s.labels) != 2 {
		t.Errorf("got %+v", s)
	}
	if s.checkoutName() != "o+n@0123456789abcdef0123456789abcdef01234567" {
		t.Errorf("checkoutName() = %q", s.checkoutName())
	}
	if !s.covered("d.go") || s.covered("e.go") {
		t.Errorf("covered: files: lines are not all read")
	}

	for name, text := range map[string]string{
		"twice":         header + "a.go:3 decode report\na.go:3 nil silent\n",
		"outside files": header + "files: a.go\nb.go:3 decode report\n",
		"short commit":  strings.Replace(header, "01234567\n", "\n", 1),
		"no repo":       strings.Replace(header, "repo: o/n\n", "", 1),
	} {
		if _, err := readLabels(writeLabels(t, text)); err == nil {
			t.Errorf("%s: readLabels succeeded, want an error", name)
		}
	}
}

func TestSplitPosn(t *testing.T) {
	file, line, col := splitPosn("/w/x:y/a.go:28:3")
	if file != "/w/x:y/a.go" || line != 28 || col != 3 {
		t.Errorf("splitPosn = %q %d %d", file, line, col)
	}
}
