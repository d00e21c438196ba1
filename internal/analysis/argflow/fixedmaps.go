package argflow

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
)

// FixedMaps is the set of a package's package-level map variables that
// are written only while the package initializes.
type FixedMaps map[*ssa.Global]bool

// FindFixedMaps returns the package-level maps of pkg that no function of
// funcs other than an initializer writes, reassigns, or lets escape, and
// the maps of other packages that funcs name, that fixedElsewhere says
// are fixed in their own package, and that funcs do not write either
// (dto.AllowedScopeLevels).
func FindFixedMaps(pkg *ssa.Package, funcs []*ssa.Function, fixedElsewhere func(*types.Var) bool) FixedMaps {
	fixed := make(FixedMaps)
	for _, mem := range pkg.Members {
		if g, ok := mem.(*ssa.Global); ok && isMap(g) {
			fixed[g] = true
		}
	}
	var rands []*ssa.Value // each instruction's operands, in one buffer
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				rands = instr.Operands(rands[:0])
				for _, op := range rands {
					if g, ok := (*op).(*ssa.Global); ok && g.Pkg != pkg && isMap(g) {
						if v, ok := g.Object().(*types.Var); ok && fixedElsewhere != nil && fixedElsewhere(v) {
							fixed[g] = true
						}
					}
				}
			}
		}
	}
	if len(fixed) == 0 {
		return fixed
	}
	for _, fn := range funcs {
		if isInit(fn) {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				rands = instr.Operands(rands[:0])
				for _, op := range rands {
					g, ok := (*op).(*ssa.Global)
					if !ok || !fixed[g] {
						continue
					}
					if load, ok := instr.(*ssa.UnOp); !ok || load.Op != token.MUL || !readOnly(load) {
						delete(fixed, g)
					}
				}
			}
		}
	}
	return fixed
}

func isMap(g *ssa.Global) bool {
	// A Global is the variable's address.
	_, ok := g.Type().(*types.Pointer).Elem().Underlying().(*types.Map)
	return ok
}

// isInit reports whether fn is a package initializer, or a function
// literal inside one.
func isInit(fn *ssa.Function) bool {
	name := ssaval.Outermost(fn).Name()
	return name == "init" || strings.HasPrefix(name, "init#")
}

// readOnly reports whether the map loaded by load is only read: looked
// up, ranged over, or measured.
func readOnly(load *ssa.UnOp) bool {
	for _, ref := range *load.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Lookup, *ssa.Range, *ssa.DebugRef:
		case *ssa.Call:
			if b, ok := ref.Call.Value.(*ssa.Builtin); !ok || b.Name() != "len" {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// isFixedMap reports whether the map value m is one whose keys are a fixed
// set: a package-level map that is never written after initialization,
// or a map made in this function that it only fills and reads.
func (f *Func) isFixedMap(m ssa.Value) bool {
	switch m := m.(type) {
	case *ssa.UnOp:
		g, ok := m.X.(*ssa.Global)
		return ok && m.Op == token.MUL && f.Fixed[g]
	case *ssa.MakeMap:
		for _, ref := range *m.Referrers() {
			switch ref := ref.(type) {
			case *ssa.MapUpdate:
				if ref.Value == ssa.Value(m) {
					return false
				}
			case *ssa.Lookup, *ssa.Range, *ssa.DebugRef:
			default:
				return false
			}
		}
		return true
	}
	return false
}
