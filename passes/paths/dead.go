package paths

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/analysis/valueflow"
)

// dropDeadLiterals drops the handlers that are function literals made
// only in dead code: in a function nothing live in the package calls or
// refers to (an unexported factory whose one call is commented out). Such
// a literal is never made, so no client sees its errors.
//
// A declared handler-shaped function stays a handler though nothing here
// refers to it: its signature says what it is for, and tests, generated
// code and other packages' tables register handlers by name where this
// analysis does not look. A literal's only way to run is its maker's.
func (f *finder) dropDeadLiterals() {
	live := f.liveFuncs()
	f.dead = make(map[*ssa.Function]bool)
	for _, fn := range f.ssa.SrcFuncs {
		if fn.Parent() != nil && !live[ssaval.Outermost(fn)] {
			f.dead[fn] = true
			if f.byFunc[fn] != nil {
				f.drop(fn, false)
			}
		}
	}
}

// liveFuncs returns the declared functions and methods of the package
// that may run: the exported ones, init and main, the methods an
// interface of the package may call (an unexported method can satisfy no
// other package's interface), and whatever these refer to, in their
// bodies or their literals'.
func (f *finder) liveFuncs() map[*ssa.Function]bool {
	live := make(map[*ssa.Function]bool)
	var queue []*ssa.Function
	mark := func(fn *ssa.Function) {
		fn = ssaval.Outermost(valueflow.FuncOf(fn))
		if fn.Pkg == f.ssa.Pkg && !live[fn] {
			live[fn] = true
			queue = append(queue, fn)
		}
	}
	methods := f.interfaceMethodNames()
	for _, fn := range f.ssa.SrcFuncs {
		if fn.Parent() != nil {
			continue
		}
		obj := fn.Object()
		switch {
		case obj == nil, obj.Exported(), fn.Name() == "main", fn.Name() == "init":
			mark(fn)
		case fn.Signature.Recv() != nil && methods[fn.Name()]:
			mark(fn)
		}
	}
	if init := f.ssa.Pkg.Func("init"); init != nil {
		mark(init) // package-level variables' initializers
	}
	var ops []*ssa.Value // one buffer for every instruction's operands
	for len(queue) > 0 {
		fn := queue[0]
		queue = queue[1:]
		for _, body := range append([]*ssa.Function{fn}, fn.AnonFuncs...) {
			for _, b := range body.Blocks {
				for _, instr := range b.Instrs {
					ops = instr.Operands(ops[:0])
					for _, op := range ops {
						if ref, ok := (*op).(*ssa.Function); ok {
							mark(ref)
						}
					}
				}
			}
		}
	}
	return live
}

// interfaceMethodNames returns the names of the methods of the interface
// types the package declares or uses.
func (f *finder) interfaceMethodNames() map[string]bool {
	names := make(map[string]bool)
	add := func(t types.Type) {
		if iface, ok := t.Underlying().(*types.Interface); ok {
			for i := range iface.NumMethods() {
				names[iface.Method(i).Name()] = true
			}
		}
	}
	scope := f.ssa.Pkg.Pkg.Scope()
	for _, name := range scope.Names() {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok {
			add(tn.Type())
		}
	}
	for _, fn := range f.ssa.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if v, ok := instr.(ssa.Value); ok {
					add(v.Type())
				}
			}
		}
	}
	return names
}
