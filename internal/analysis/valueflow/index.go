package valueflow

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// New indexes the stores and calls of funcs, the package's functions
// (with its init, which fills package-level tables).
func New(pkg *ssa.Package, funcs []*ssa.Function) *Graph {
	g := &Graph{
		pkg:          pkg,
		callers:      make(map[*ssa.Function][]*ssa.CallCommon),
		escapes:      make(map[*ssa.Function]bool),
		globalStores: make(map[*ssa.Global][]ssa.Value),
		cellStores:   make(map[*ssa.Alloc][]ssa.Value),
		freeStores:   make(map[*ssa.FreeVar][]ssa.Value),
		captures:     make(map[ssa.Value][]*ssa.FreeVar),
		indexed:      make(map[*ssa.Function]bool),
		fieldStores:  make(map[fieldKey][]store),
		appends:      make(map[*ssa.Call]bool),
	}
	g.sets.Initial = func() *Set { return &Set{Complete: true} }
	g.sets.Join = joinSets
	var rands []*ssa.Value // each instruction's operands, in one buffer
	for _, fn := range funcs {
		g.indexed[fn] = true
		if fn.Pkg == pkg && fn.Object() != nil && fn.Object().Exported() {
			g.escapes[fn] = true
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				rands = g.index(instr, rands[:0])
			}
		}
	}
	return g
}

// index notes what instr stores, captures, calls and lets escape. It
// reads instr's operands into rands, and returns it for the next.
func (g *Graph) index(instr ssa.Instruction, rands []*ssa.Value) []*ssa.Value {
	switch instr := instr.(type) {
	case *ssa.Store:
		switch addr := instr.Addr.(type) {
		case *ssa.Global:
			g.globalStores[addr] = append(g.globalStores[addr], instr.Val)
		case *ssa.Alloc:
			g.cellStores[addr] = append(g.cellStores[addr], instr.Val)
		case *ssa.FreeVar:
			g.freeStores[addr] = append(g.freeStores[addr], instr.Val)
		case *ssa.FieldAddr:
			if k, ok := g.keyOf(addr.X.Type(), addr.Field); ok {
				g.fieldStores[k] = append(g.fieldStores[k], store{addr.X, instr.Val})
			}
		case *ssa.IndexAddr:
			g.elemStores = append(g.elemStores, store{addr.X, instr.Val})
		}
	case *ssa.MapUpdate:
		g.mapStores = append(g.mapStores, store{instr.Map, instr.Value})
	case *ssa.MakeClosure:
		fn := instr.Fn.(*ssa.Function)
		for i, b := range instr.Bindings {
			if i < len(fn.FreeVars) {
				g.captures[b] = append(g.captures[b], fn.FreeVars[i])
			}
		}
	}
	if c, ok := instr.(ssa.CallInstruction); ok {
		common := c.Common()
		if b, ok := common.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			if call, ok := c.(*ssa.Call); ok {
				g.appends[call] = true
			}
		}
		callee := common.StaticCallee()
		if callee != nil && callee.Pkg == g.pkg {
			g.callers[origin(callee)] = append(g.callers[origin(callee)], common)
		}
	}
	// A function used as a value may be called from anywhere.
	rands = instr.Operands(rands)
	for i, op := range rands {
		fn, ok := (*op).(*ssa.Function)
		if !ok || fn.Pkg != g.pkg {
			continue
		}
		if c, isCall := instr.(ssa.CallInstruction); isCall && i == 0 && c.Common().Value == fn {
			continue
		}
		g.escapes[origin(fn)] = true
	}
	return rands
}

// keyOf returns the key of field i of struct type t, or of the struct t
// points to. Identical struct types share keys: the two spellings of an
// unnamed struct, in a table's result type and in its literal, are two
// *types.Struct.
func (g *Graph) keyOf(t types.Type, field int) (fieldKey, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return fieldKey{}, false
	}
	if canon, ok := g.structs.At(st).(*types.Struct); ok {
		st = canon
	} else {
		g.structs.Set(st, st)
	}
	return fieldKey{st, field}, true
}

func origin(fn *ssa.Function) *ssa.Function {
	if fn.Origin() != nil {
		return fn.Origin()
	}
	return fn
}
