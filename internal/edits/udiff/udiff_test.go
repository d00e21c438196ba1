package udiff

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// apply applies a unified diff to before, checking every context and
// deleted line and the hunk headers' line numbers and counts.
func apply(t *testing.T, before, patch string) string {
	t.Helper()
	a := splitLines(before)
	lines := strings.SplitAfter(patch, "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "--- a/") || !strings.HasPrefix(lines[1], "+++ b/") {
		t.Fatalf("bad headers:\n%s", patch)
	}
	header := regexp.MustCompile(`^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@\n$`)
	var out []string
	next := 0  // next line of a not yet copied
	shift := 0 // lines added minus lines removed so far
	for i := 2; i < len(lines) && lines[i] != ""; {
		m := header.FindStringSubmatch(lines[i])
		if m == nil {
			t.Fatalf("line %d: not a hunk header: %q\n%s", i, lines[i], patch)
		}
		i++
		num := func(s string, def int) int {
			if s == "" {
				return def
			}
			n, _ := strconv.Atoi(s)
			return n
		}
		aStart, aLen, bStart, bLen := num(m[1], 0), num(m[2], 1), num(m[3], 0), num(m[4], 1)
		if aLen > 0 {
			aStart--
		}
		if bLen > 0 {
			bStart--
		}
		if aStart < next || bStart != aStart+shift {
			t.Fatalf("hunk %q out of place (next %d, shift %d)\n%s", m[0], next, shift, patch)
		}
		out = append(out, a[next:aStart]...)
		pos := aStart
		var gotA, gotB int
		for i < len(lines) && lines[i] != "" && !strings.HasPrefix(lines[i], "@@") {
			l := lines[i]
			i++
			if i < len(lines) && lines[i] == "\\ No newline at end of file\n" {
				l = strings.TrimSuffix(l, "\n")
				i++
			}
			switch l[0] {
			case ' ', '-':
				if pos >= len(a) || a[pos] != l[1:] {
					t.Fatalf("line %d of before is not %q\n%s", pos+1, l[1:], patch)
				}
				pos++
				gotA++
				if l[0] == ' ' {
					out = append(out, l[1:])
					gotB++
				}
			case '+':
				out = append(out, l[1:])
				gotB++
			default:
				t.Fatalf("bad line %q", l)
			}
		}
		if gotA != aLen || gotB != bLen {
			t.Fatalf("hunk %q has %d old and %d new lines\n%s", m[0], gotA, gotB, patch)
		}
		shift += bLen - aLen
		next = pos
	}
	out = append(out, a[next:]...)
	return strings.Join(out, "")
}

func randomText(r *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		fmt.Fprintf(&b, "line %d\n", r.IntN(8))
	}
	s := b.String()
	if r.IntN(4) == 0 {
		s = strings.TrimSuffix(s, "\n")
	}
	return s
}

func TestUnifiedApplies(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 3000 {
		before := randomText(r, r.IntN(40))
		after := before
		switch i % 3 {
		case 0:
			after = randomText(r, r.IntN(40))
		default:
			// A few local edits of a long text, the shape of fixes.
			lines := splitLines(randomText(r, 30+r.IntN(40)))
			before = strings.Join(lines, "")
			for range 1 + r.IntN(4) {
				k := r.IntN(len(lines))
				lines[k] = "changed " + strconv.Itoa(r.IntN(100)) + "\n"
				if r.IntN(2) == 0 {
					lines = append(lines[:k], append([]string{"new\n", "new 2\n"}, lines[k:]...)...)
				}
			}
			after = strings.Join(lines, "")
		}
		patch := Unified("f.go", []byte(before), []byte(after))
		if before == after {
			if patch != "" {
				t.Fatalf("equal texts gave a patch:\n%s", patch)
			}
			continue
		}
		if got := apply(t, before, patch); got != after {
			t.Fatalf("case %d: patch gives\n%q\nwant\n%q\npatch:\n%s", i, got, after, patch)
		}
	}
}

// TestGitApply checks the output with git itself, on a file with edits
// far apart: the later hunks' headers were wrong in x/tools' -diff.
func TestGitApply(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	var before, after strings.Builder
	for i := range 200 {
		fmt.Fprintf(&before, "line %d\n", i)
		switch {
		case i%50 == 7:
			fmt.Fprintf(&after, "changed %d\nadded\nadded\n", i)
		case i%50 == 30:
			// deleted
		default:
			fmt.Fprintf(&after, "line %d\n", i)
		}
	}
	name := filepath.Join(dir, "sub", "f.go")
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(before.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	patch := Unified("sub/f.go", []byte(before.String()), []byte(after.String()))
	pfile := filepath.Join(dir, "p.diff")
	if err := os.WriteFile(pfile, []byte(patch), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(git, "apply", pfile)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git apply: %v\n%s\npatch:\n%s", err, out, patch)
	}
	got, _ := os.ReadFile(name)
	if string(got) != after.String() {
		t.Fatalf("git apply gave a different text:\n%s", got)
	}
}

// applyEdits applies edits to before, checking that they are in order,
// do not overlap and start and end on rune boundaries.
func applyEdits(t *testing.T, before string, edits []Edit) string {
	t.Helper()
	var out strings.Builder
	last := 0
	for _, e := range edits {
		if e.Start < last || e.End < e.Start || e.End > len(before) {
			t.Fatalf("edit %+v out of order or bounds (last %d, len %d)", e, last, len(before))
		}
		for _, off := range []int{e.Start, e.End} {
			if off < len(before) && !utf8.RuneStart(before[off]) {
				t.Fatalf("edit %+v cuts a rune at %d of %q", e, off, before)
			}
		}
		out.WriteString(before[last:e.Start])
		out.WriteString(e.New)
		last = e.End
	}
	out.WriteString(before[last:])
	return out.String()
}

func TestEditsApply(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	// Lines that share bytes of multi-byte runes at their ends, so that
	// trimming must back off to rune boundaries.
	words := []string{"line", "wörld", "wörd", "日本", "日付", "😀a", "😁a", ""}
	text := func(n int) string {
		var b strings.Builder
		for range n {
			fmt.Fprintf(&b, "%s %s\n", words[r.IntN(len(words))], words[r.IntN(len(words))])
		}
		s := b.String()
		if r.IntN(4) == 0 {
			s = strings.TrimSuffix(s, "\n")
		}
		return s
	}
	for i := range 3000 {
		before, after := text(r.IntN(30)), text(r.IntN(30))
		if i%2 == 0 {
			// Local edits of one text, the shape of fixes.
			lines := splitLines(before)
			if len(lines) > 0 {
				k := r.IntN(len(lines))
				lines[k] = words[r.IntN(len(words))] + lines[k] + words[r.IntN(len(words))]
			}
			after = strings.Join(lines, "")
		}
		edits := Edits([]byte(before), []byte(after))
		if before == after && edits != nil {
			t.Fatalf("equal texts gave edits %+v", edits)
		}
		if got := applyEdits(t, before, edits); got != after {
			t.Fatalf("case %d: edits %+v give\n%q\nwant\n%q", i, edits, got, after)
		}
	}
}

// TestEditsAreSmall checks that an edit is one per run of changed lines,
// trimmed to the bytes that differ.
func TestEditsAreSmall(t *testing.T) {
	before := "a\nhello wörld\nb\nc\nd\ne\nf\n"
	after := "a\nhello wörld!\nb\nc\nd\nnew\ne\nf\n"
	got := Edits([]byte(before), []byte(after))
	want := []Edit{
		{Start: 14, End: 14, New: "!"},
		{Start: 21, End: 21, New: "new\n"},
	}
	if !slices.Equal(got, want) {
		t.Errorf("Edits = %+v, want %+v", got, want)
	}
	// The shared bytes of a rune are not split: ö (c3 b6) and ü (c3 bc)
	// differ in their second byte.
	got = Edits([]byte("ö\n"), []byte("ü\n"))
	if want := []Edit{{Start: 0, End: 2, New: "ü"}}; !slices.Equal(got, want) {
		t.Errorf("Edits = %+v, want %+v", got, want)
	}
}

// TestLargeDifference checks that texts too different for Myers' search
// within maxTraceCells still diff correctly, as one run of changes.
func TestLargeDifference(t *testing.T) {
	var before, after strings.Builder
	before.WriteString("same\n")
	after.WriteString("same\n")
	for i := range 20000 {
		fmt.Fprintf(&before, "old %d\n", i)
		fmt.Fprintf(&after, "new %d\n", i)
	}
	before.WriteString("end\n")
	after.WriteString("end\n")
	edits := Edits([]byte(before.String()), []byte(after.String()))
	if len(edits) != 1 {
		t.Errorf("%d edits, want 1", len(edits))
	}
	if got := applyEdits(t, before.String(), edits); got != after.String() {
		t.Error("the edits do not give the new text")
	}
	patch := Unified("f.go", []byte(before.String()), []byte(after.String()))
	if got := apply(t, before.String(), patch); got != after.String() {
		t.Error("the patch does not give the new text")
	}
}
