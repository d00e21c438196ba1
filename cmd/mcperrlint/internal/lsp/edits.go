package lsp

import (
	"bytes"
	"fmt"
	"slices"
	"unicode/utf8"
)

// A mapper converts between byte offsets in a document and LSP
// positions, whose character is counted in UTF-16 code units.
type mapper struct {
	content []byte
	lines   []int // byte offset at which each line starts
}

func newMapper(content []byte) *mapper {
	m := &mapper{content: content, lines: []int{0}}
	for i := 0; i < len(content); i++ {
		// LSP ends lines at \n, \r\n and a lone \r.
		switch content[i] {
		case '\n':
			m.lines = append(m.lines, i+1)
		case '\r':
			if i+1 < len(content) && content[i+1] == '\n' {
				i++
			}
			m.lines = append(m.lines, i+1)
		}
	}
	return m
}

// position returns the position of byte offset off, clamped to the
// document.
func (m *mapper) position(off int) Position {
	off = max(0, min(off, len(m.content)))
	line, found := slices.BinarySearch(m.lines, off)
	if !found {
		line--
	}
	return Position{Line: uint32(line), Character: uint32(utf16Len(m.content[m.lines[line]:off]))}
}

// offset returns the byte offset of p. A character beyond the end of its
// line means the end of the line, as the specification says.
func (m *mapper) offset(p Position) (int, error) {
	if int(p.Line) >= len(m.lines) {
		if int(p.Line) == len(m.lines) && p.Character == 0 {
			return len(m.content), nil // just past a final newline
		}
		return 0, fmt.Errorf("line %d is beyond the document's %d lines", p.Line, len(m.lines))
	}
	start := m.lines[p.Line]
	end := len(m.content)
	if int(p.Line)+1 < len(m.lines) {
		end = m.lines[p.Line+1]
	}
	off, units := start, uint32(0)
	for off < end && units < p.Character {
		r, size := utf8.DecodeRune(m.content[off:end])
		if r == '\n' || r == '\r' {
			break
		}
		units += uint32(utf16RuneLen(r))
		off += size
	}
	return off, nil
}

func (m *mapper) rangeOf(start, end int) Range {
	return Range{Start: m.position(start), End: m.position(end)}
}

func utf16Len(b []byte) int {
	n := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		n += utf16RuneLen(r)
		b = b[size:]
	}
	return n
}

// utf16RuneLen counts a rune outside the Basic Multilingual Plane as a
// surrogate pair. An invalid byte decodes as U+FFFD, one unit, as
// editors that replace it show it.
func utf16RuneLen(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}

// maxDiffCells bounds the line LCS table; beyond it the changed region
// becomes one edit, which is correct, only coarser.
const maxDiffCells = 4 << 20

// textEdits returns edits that turn before into after: one per run of
// changed lines, trimmed to the bytes that differ, with positions in
// before. Small edits keep the editor's cursor, marks and undo history
// where the fix did not touch.
func textEdits(before, after []byte) []TextEdit {
	m := newMapper(before)
	a, b := splitLines(before), splitLines(after)

	// Lines common to both ends are never part of an edit.
	pre := 0
	for pre < len(a) && pre < len(b) && bytes.Equal(a[pre], b[pre]) {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && bytes.Equal(a[len(a)-1-suf], b[len(b)-1-suf]) {
		suf++
	}
	a, b = a[pre:len(a)-suf], b[pre:len(b)-suf]
	if len(a) == 0 && len(b) == 0 {
		return nil
	}
	base := 0 // byte offset in before of a[0]
	for _, l := range splitLines(before)[:pre] {
		base += len(l)
	}

	var hunks [][4]int // a[i0:i1] becomes b[j0:j1]
	if (len(a)+1)*(len(b)+1) > maxDiffCells {
		hunks = [][4]int{{0, len(a), 0, len(b)}}
	} else {
		hunks = lineHunks(a, b)
	}

	var edits []TextEdit
	offA := make([]int, len(a)+1) // byte offset of each line of a, from base
	for i, l := range a {
		offA[i+1] = offA[i] + len(l)
	}
	for _, h := range hunks {
		old := bytes.Join(a[h[0]:h[1]], nil)
		repl := bytes.Join(b[h[2]:h[3]], nil)
		start := base + offA[h[0]]
		// Trim the bytes the hunk's ends have in common, on rune
		// boundaries so that positions stay valid.
		p := commonPrefix(old, repl)
		old, repl, start = old[p:], repl[p:], start+p
		s := commonSuffix(old, repl)
		old, repl = old[:len(old)-s], repl[:len(repl)-s]
		edits = append(edits, TextEdit{
			Range:   m.rangeOf(start, start+len(old)),
			NewText: string(repl),
		})
	}
	return edits
}

// splitLines splits b after each \n; the last line may lack one.
func splitLines(b []byte) [][]byte {
	lines := bytes.SplitAfter(b, []byte("\n"))
	if len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// lineHunks returns the runs of lines that differ between a and b, from
// a longest common subsequence of lines.
func lineHunks(a, b [][]byte) [][4]int {
	n, w := len(a), len(b)+1
	// lcs[i*w+j] is the LCS length of a[i:] and b[j:].
	lcs := make([]int32, (n+1)*w)
	for i := n - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if bytes.Equal(a[i], b[j]) {
				lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
			} else {
				lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
			}
		}
	}
	var hunks [][4]int
	i, j := 0, 0
	for i < n || j < len(b) {
		if i < n && j < len(b) && bytes.Equal(a[i], b[j]) {
			i, j = i+1, j+1
			continue
		}
		i0, j0 := i, j
		for (i < n || j < len(b)) && !(i < n && j < len(b) && bytes.Equal(a[i], b[j])) {
			if j == len(b) || (i < n && lcs[(i+1)*w+j] >= lcs[i*w+j+1]) {
				i++
			} else {
				j++
			}
		}
		hunks = append(hunks, [4]int{i0, i, j0, j})
	}
	return hunks
}

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
