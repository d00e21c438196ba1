package ssaval

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Dominates reports whether a runs before b on every path to b.
func Dominates(a, b ssa.Instruction) bool {
	if a.Block() == b.Block() {
		return InstrIndex(a) < InstrIndex(b)
	}
	return a.Block().Dominates(b.Block())
}

// Reaches reports whether b may run after a; an instruction of another
// function (a closure) may run at any time.
func Reaches(a, b ssa.Instruction) bool {
	if a.Parent() != b.Parent() {
		return true
	}
	ab, bb := a.Block(), b.Block()
	if ab == bb && InstrIndex(a) < InstrIndex(b) {
		return true
	}
	seen := make(map[*ssa.BasicBlock]bool)
	work := append([]*ssa.BasicBlock(nil), ab.Succs...)
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == bb {
			return true
		}
		if seen[x] {
			continue
		}
		seen[x] = true
		work = append(work, x.Succs...)
	}
	return false
}

// InstrIndex returns the index of instr in its block.
func InstrIndex(instr ssa.Instruction) int {
	for i, x := range instr.Block().Instrs {
		if x == instr {
			return i
		}
	}
	return -1
}

func StructField(t types.Type, i int) *types.Var {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if st, ok := t.Underlying().(*types.Struct); ok && i < st.NumFields() {
		return st.Field(i)
	}
	return nil
}
