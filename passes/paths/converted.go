package paths

import (
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/sorted"
)

// dropConverted drops the handlers whose errors never reach the client
// as they are:
//   - a tool body found by its signature whose every caller here handles
//     its error (res, err := body(...); if err != nil { return
//     mcp.NewToolResultError(...), nil }): it is a helper of those callers;
//   - a function with a handler's signature that is only ever given to
//     wrappers that turn its errors into tool errors
//     (s.AddTool(tool, WithToolErrors(handler))).
//
// A function used in any other way (registered, stored, called by a raw
// handler that returns its error), or not used in its package at all, is
// kept: another package may register it.
func (f *finder) dropConverted() {
	for fn, u := range f.usesOfHandlers() {
		h := f.byFunc[fn]
		if len(h.ForwardedBy) > 0 || u.other {
			continue
		}
		switch {
		case u.converted && len(u.escapes) > 0:
			f.escaping[fn] = u.escapes
		case u.converted || h.Body && u.called:
			f.drop(fn, u.converted)
		}
	}
}

// A handlerUse sums up how the package uses a raw handler's function.
type handlerUse struct {
	called    bool     // called directly
	converted bool     // given to a wrapper that converts its errors
	escapes   []string // the error types such wrappers pass on
	other     bool     // used in any other way
}

// usesOfHandlers returns how the package uses each raw handler that is
// registered or a tool body.
func (f *finder) usesOfHandlers() map[*ssa.Function]*handlerUse {
	uses := make(map[*ssa.Function]*handlerUse)
	for fn, h := range f.byFunc {
		if h.Kind == sdk.Raw && (h.Registered || h.Body) {
			uses[fn] = new(handlerUse)
		}
	}
	var buf []*ssa.Value // one buffer for every instruction's operands
	for _, fn := range f.ssa.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				buf = instr.Operands(buf[:0])
				rands := buf
				if c, ok := instr.(ssa.CallInstruction); ok {
					if callee, ok := c.Common().Value.(*ssa.Function); ok && uses[callee] != nil {
						uses[callee].called = true
						rands = rands[1:] // the callee is not a use of its value
					}
				}
				for _, op := range rands {
					if g, ok := (*op).(*ssa.Function); ok && uses[g] != nil {
						f.valueUse(uses[g], g, instr)
					}
				}
			}
		}
	}
	return uses
}

// valueUse records in u what instr does with v, a handler's function
// value or a conversion of it.
func (f *finder) valueUse(u *handlerUse, v ssa.Value, instr ssa.Instruction) {
	switch instr := instr.(type) {
	case *ssa.ChangeType, *ssa.MakeInterface, *ssa.MakeClosure:
		for _, ref := range *instr.(ssa.Value).Referrers() {
			f.valueUse(u, instr.(ssa.Value), ref)
		}
		return
	case ssa.CallInstruction:
		if i := slices.Index(instr.Common().Args, v); i >= 0 {
			if ok, escapes := f.converts(instr.Common(), i); ok {
				u.converted = true
				u.escapes = sorted.Union(u.escapes, escapes)
				return
			}
		}
	case *ssa.DebugRef:
		return
	}
	u.other = true
}

// converts reports whether the function call passes in argument i is one
// whose errors a raw handler turns into tool errors, in this package or,
// by its fact, another, and which error types escape that.
func (f *finder) converts(call *ssa.CallCommon, i int) (bool, []string) {
	callee := call.StaticCallee()
	if callee == nil {
		return false, nil
	}
	callee = ssaval.FuncValue(callee)
	if callee.Pkg == f.ssa.Pkg {
		return slices.Contains(f.converted[callee], i), f.escapes[callee]
	}
	if c := f.conversion(callee); c != nil {
		return slices.Contains(c.Converts, i), c.Escapes
	}
	return false, nil
}

// recordConverted finds the function-typed parameters that a raw handler
// calls without ever returning the call's error as its own.
func (f *finder) recordConverted() {
	f.converted = make(map[*ssa.Function][]int)
	f.escapes = make(map[*ssa.Function][]string)
	for _, fn := range f.ssa.SrcFuncs {
		// A typed handler that converts the errors of the typed function
		// it is given converts the protocol errors the SDK would not.
		h := f.byFunc[fn]
		if h == nil {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || !sdk.ReturnsError(call.Call.Signature()) {
					continue
				}
				key, ok := ssaval.CalledParamOf(fn, &call.Call)
				// A literal's parameters are recorded too (a middleware
				// a factory returns); only declared functions' reach
				// other packages, through their summaries.
				if !ok || key.Made || key.Index < 0 || f.hs.Forwarded(key) {
					continue
				}
				if f.returnsErrorOf(fn, call) {
					continue // wrapped, not converted: fmt.Errorf("%s: %w", name, err)
				}
				if !slices.Contains(f.converted[key.Fn], key.Index) {
					f.converted[key.Fn] = append(f.converted[key.Fn], key.Index)
				}
				f.escapes[key.Fn] = sorted.Union(f.escapes[key.Fn], f.escapeTypes(fn, call))
			}
		}
	}
	for _, ps := range f.converted {
		slices.Sort(ps)
	}
}
