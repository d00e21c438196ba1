// Package udiff computes the difference between two texts, line by line
// (Myers' algorithm): as a unified diff that git apply and patch accept,
// for the -diff flag, or as byte edits, for the language server's text
// edits. Both come from the same line diff.
package udiff

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// context is the number of unchanged lines around each change, as diff -u.
const context = 3

// Unified returns a unified diff that turns before into after, with
// "--- a/name" and "+++ b/name" headers, the form git diff writes;
// nothing if the texts are equal.
func Unified(name string, before, after []byte) string {
	if string(before) == string(after) {
		return ""
	}
	a, b := splitLines(string(before)), splitLines(string(after))
	ops := diffLines(a, b)

	var out strings.Builder
	fmt.Fprintf(&out, "--- a/%s\n+++ b/%s\n", name, name)
	// Group the operations into hunks: changes closer than 2*context
	// unchanged lines share one.
	for i := 0; i < len(ops); {
		if ops[i].kind == equal {
			i++
			continue
		}
		start := i
		end := i // one past the last change of the hunk
		for j := i; j < len(ops); j++ {
			if ops[j].kind != equal {
				end = j + 1
				continue
			}
			if ops[j].b-ops[j].a > 2*context {
				break
			}
		}
		writeHunk(&out, a, b, ops, start, end)
		i = end
	}
	return out.String()
}

// An Edit replaces the bytes [Start, End) of the old text with New.
type Edit struct {
	Start, End int
	New        string
}

// Edits returns edits that turn before into after, in order and not
// overlapping: one per run of changed lines, trimmed to the bytes that
// differ, with the trimmed ends on rune boundaries so that the offsets
// stay valid positions in UTF-8 text. Small edits keep an editor's
// cursor, marks and undo history where the change did not touch. Edits
// returns nil if the texts are equal.
func Edits(before, after []byte) []Edit {
	if string(before) == string(after) {
		return nil
	}
	a, b := splitLines(string(before)), splitLines(string(after))
	offA, offB := offsets(a), offsets(b)
	ops := diffLines(a, b)
	var edits []Edit
	for i := 0; i < len(ops); {
		if ops[i].kind == equal {
			i++
			continue
		}
		// A run of changes: lines [a0, a1) of before become lines
		// [b0, b1) of after.
		a0, b0 := ops[i].aPos, ops[i].bPos
		a1, b1 := a0, b0
		for ; i < len(ops) && ops[i].kind != equal; i++ {
			if o := ops[i]; o.kind == del {
				a1 = o.b
			} else {
				b1 = o.b
			}
		}
		old := before[offA[a0]:offA[a1]]
		repl := after[offB[b0]:offB[b1]]
		p := commonPrefix(old, repl)
		old, repl = old[p:], repl[p:]
		s := commonSuffix(old, repl)
		start := offA[a0] + p
		edits = append(edits, Edit{Start: start, End: start + len(old) - s, New: string(repl[:len(repl)-s])})
	}
	return edits
}

// offsets returns the byte offset at which each line starts, and the
// length of the text last.
func offsets(lines []string) []int {
	off := make([]int, len(lines)+1)
	for i, l := range lines {
		off[i+1] = off[i] + len(l)
	}
	return off
}

// commonPrefix returns the length of the longest common prefix of a and b
// that ends on a rune boundary in both.
func commonPrefix(a, b []byte) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	// a[n] and b[n] start the parts that differ; both must start a rune.
	for n > 0 && (n < len(a) && !utf8.RuneStart(a[n]) || n < len(b) && !utf8.RuneStart(b[n])) {
		n--
	}
	return n
}

// commonSuffix returns the length of the longest common suffix of a and b
// that starts on a rune boundary.
func commonSuffix(a, b []byte) int {
	n := 0
	for n < len(a) && n < len(b) && a[len(a)-1-n] == b[len(b)-1-n] {
		n++
	}
	// The common part starts at the same byte in a and b.
	for n > 0 && !utf8.RuneStart(a[len(a)-n]) {
		n--
	}
	return n
}

type kind int

const (
	equal kind = iota
	del
	ins
)

// An op is a run of lines: for equal and del, a[a:b]; for ins, b's lines
// [a:b]. aPos and bPos are where the run starts in each text.
type op struct {
	kind       kind
	a, b       int
	aPos, bPos int
}

func writeHunk(out *strings.Builder, a, b []string, ops []op, start, end int) {
	first, last := ops[start], ops[end-1]
	aStart, bStart := first.aPos, first.bPos
	if start > 0 {
		n := min(context, ops[start-1].b-ops[start-1].a)
		aStart -= n
		bStart -= n
	}
	aEnd, bEnd := last.aPos, last.bPos
	switch last.kind {
	case del:
		aEnd += last.b - last.a
	case ins:
		bEnd += last.b - last.a
	}
	if end < len(ops) {
		n := min(context, ops[end].b-ops[end].a)
		aEnd += n
		bEnd += n
	}
	fmt.Fprintf(out, "@@ -%s +%s @@\n", hunkRange(aStart, aEnd), hunkRange(bStart, bEnd))

	if start > 0 {
		for _, l := range a[aStart:first.aPos] {
			writeLine(out, ' ', l)
		}
	}
	for _, o := range ops[start:end] {
		switch o.kind {
		case equal:
			for _, l := range a[o.a:o.b] {
				writeLine(out, ' ', l)
			}
		case del:
			for _, l := range a[o.a:o.b] {
				writeLine(out, '-', l)
			}
		case ins:
			for _, l := range b[o.a:o.b] {
				writeLine(out, '+', l)
			}
		}
	}
	if end < len(ops) {
		o := ops[end]
		for _, l := range a[o.a:min(o.b, o.a+context)] {
			writeLine(out, ' ', l)
		}
	}
}

// hunkRange formats a range of lines [start, end) (0-based) as a hunk
// header does: 1-based start and a count, the start of an empty range
// being the line before it.
func hunkRange(start, end int) string {
	n := end - start
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", start)
	case 1:
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

func writeLine(out *strings.Builder, prefix byte, line string) {
	out.WriteByte(prefix)
	out.WriteString(line)
	if !strings.HasSuffix(line, "\n") {
		out.WriteString("\n\\ No newline at end of file\n")
	}
}

// splitLines splits s after each newline; the last line may lack one.
func splitLines(s string) []string {
	var lines []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			lines = append(lines, s)
			break
		}
		lines = append(lines, s[:i+1])
		s = s[i+1:]
	}
	return lines
}

// diffLines returns the operations that turn a into b, by Myers' O(ND)
// algorithm over the lines between a common prefix and suffix.
func diffLines(a, b []string) []op {
	prefix := 0
	for prefix < len(a) && prefix < len(b) && a[prefix] == b[prefix] {
		prefix++
	}
	suffix := 0
	for suffix < len(a)-prefix && suffix < len(b)-prefix && a[len(a)-1-suffix] == b[len(b)-1-suffix] {
		suffix++
	}
	mid := myers(a[prefix:len(a)-suffix], b[prefix:len(b)-suffix])

	// Build the runs: each pair (i, j) in mid is a matched line.
	var ops []op
	add := func(k kind, from, to, aPos, bPos int) {
		if from == to {
			return
		}
		if n := len(ops); n > 0 && ops[n-1].kind == k && ops[n-1].b == from {
			ops[n-1].b = to
			return
		}
		ops = append(ops, op{kind: k, a: from, b: to, aPos: aPos, bPos: bPos})
	}
	add(equal, 0, prefix, 0, 0)
	i, j := prefix, prefix
	for _, m := range mid {
		mi, mj := m[0]+prefix, m[1]+prefix
		add(del, i, mi, i, j)
		add(ins, j, mj, mi, j)
		add(equal, mi, mi+1, mi, mj)
		i, j = mi+1, mj+1
	}
	add(del, i, len(a)-suffix, i, j)
	add(ins, j, len(b)-suffix, len(a)-suffix, j)
	add(equal, len(a)-suffix, len(a), len(a)-suffix, len(b)-suffix)
	return ops
}

// maxTraceCells bounds the memory of Myers' search, which keeps a copy of
// its frontier per step: two texts that differ more than that are diffed
// as one run of changed lines between their common prefix and suffix,
// which is correct, only coarser.
const maxTraceCells = 4 << 20

// myers returns the pairs of indexes of a longest common subsequence of a
// and b, in increasing order; none when the search would keep more than
// maxTraceCells cells.
func myers(a, b []string) [][2]int {
	n, m := len(a), len(b)
	if n == 0 || m == 0 {
		return nil
	}
	max := n + m
	v := make([]int, 2*max+2)
	var trace [][]int
	for d := 0; d <= max; d++ {
		if (d+1)*len(v) > maxTraceCells {
			return nil
		}
		trace = append(trace, append([]int(nil), v...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[max+k-1] < v[max+k+1] {
				x = v[max+k+1]
			} else {
				x = v[max+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[max+k] = x
			if x >= n && y >= m {
				return backtrack(trace, v, a, b, d, max)
			}
		}
	}
	return nil
}

// backtrack walks the snakes of Myers' search back from (len(a), len(b)).
func backtrack(trace [][]int, last []int, a, b []string, d, max int) [][2]int {
	var pairs [][2]int
	x, y := len(a), len(b)
	trace = append(trace[1:], last)
	for ; d >= 0; d-- {
		k := x - y
		var prevK int
		if d == 0 {
			prevK = k
		} else if k == -d || k != d && v2(trace, d-1, max, k-1) < v2(trace, d-1, max, k+1) {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := 0
		if d > 0 {
			prevX = v2(trace, d-1, max, prevK)
		}
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			x--
			y--
			pairs = append(pairs, [2]int{x, y})
		}
		x, y = prevX, prevY
	}
	for i, j := 0, len(pairs)-1; i < j; i, j = i+1, j-1 {
		pairs[i], pairs[j] = pairs[j], pairs[i]
	}
	return pairs
}

// v2 returns the furthest x on diagonal k after step d.
func v2(trace [][]int, d, max, k int) int { return trace[d][max+k] }
