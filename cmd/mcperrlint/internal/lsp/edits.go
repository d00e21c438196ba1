package lsp

import (
	"fmt"
	"slices"
	"unicode/utf8"

	"github.com/mcperrlint/mcperrlint/internal/edits/udiff"
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

// textEdits returns edits that turn before into after, with positions
// in before: udiff's, one per run of changed lines, trimmed to the bytes
// that differ. Small edits keep the editor's cursor, marks and undo
// history where the fix did not touch.
func textEdits(before, after []byte) []TextEdit {
	m := newMapper(before)
	var edits []TextEdit
	for _, e := range udiff.Edits(before, after) {
		edits = append(edits, TextEdit{Range: m.rangeOf(e.Start, e.End), NewText: e.New})
	}
	return edits
}
