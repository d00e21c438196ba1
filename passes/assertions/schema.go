package assertions

import (
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/mcpssa"
	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
)

// validatedSchema returns, for a handler whose every registration the
// package proves validated by the SDK before the handler runs, the JSON
// Schema type of each property the tool's schema requires, by name; nil
// when that cannot be proven.
//
// Proven means, in this package and outside its tests: every use of the
// handler's function value is the handler operand of the SDK's
// registration (s.AddTool(tool, h)), whose server is built right there by
// the SDK's constructor given the validation option
// (server.NewMCPServer(..., server.WithInputSchemaValidation())), and
// whose tool is built by the SDK's tool constructor from property options
// with constant names (mcp.NewTool("greet", mcp.WithString("name",
// mcp.Required()))), and from no option that may set the schema another
// way. A property is known when every registration requires it with the
// same type.
func (s *walker) validatedSchema(h *handlers.Handler, fn *ssa.Function, isHelper bool) map[string]string {
	iv := h.SDK.InputValidation
	if isHelper || iv == nil || fn != h.Fn || h.Kind != sdk.Raw || h.Forwarded() {
		return nil
	}
	uses := s.funcUses(fn)
	if len(uses) == 0 {
		return nil
	}
	var schema map[string]string
	for _, use := range uses {
		call, ok := use.instr.(*ssa.Call)
		if !ok || fullName(call.Common()) != iv.Register {
			return nil
		}
		ops := ssaval.Operands(call.Common())
		if len(ops) != 3 || unconvert(ops[2]) != unconvert(use.value) || !s.validatingServer(iv, ops[0]) {
			return nil
		}
		props := toolSchema(iv, ops[1])
		if props == nil {
			return nil
		}
		if schema == nil {
			schema = props
			continue
		}
		for k, t := range schema {
			if props[k] != t {
				delete(schema, k)
			}
		}
	}
	return schema
}

// A funcUse is an instruction outside the package's tests that uses a
// function value: the function itself, or a closure of it.
type funcUse struct {
	instr ssa.Instruction
	value ssa.Value
}

// funcUses returns the uses of fn's value in the package's functions,
// outside its tests: as an operand, directly or made into a closure, or
// converted to a named function type. The uses of every function are
// found in one walk over the package, the first time any is asked for:
// a package of many handlers asks for each.
func (s *walker) funcUses(fn *ssa.Function) []funcUse {
	if s.uses == nil {
		s.uses = s.allFuncUses()
	}
	return s.uses[fn]
}

// allFuncUses returns the uses of each function's value in the package's
// functions outside its tests, each function's in the order of the walk.
func (s *walker) allFuncUses() map[*ssa.Function][]funcUse {
	uses := make(map[*ssa.Function][]funcUse)
	var follow func(fn *ssa.Function, v ssa.Value)
	follow = func(fn *ssa.Function, v ssa.Value) {
		for _, ref := range *v.Referrers() {
			if ct, ok := ref.(*ssa.ChangeType); ok {
				follow(fn, ct)
				continue
			}
			uses[fn] = append(uses[fn], funcUse{ref, v})
		}
	}
	var ops []*ssa.Value
	for _, f := range s.srcFuncs {
		if mcpssa.InTestFile(s.pass.Fset, f) {
			continue
		}
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				mc, isClosure := instr.(*ssa.MakeClosure)
				if isClosure {
					follow(mc.Fn.(*ssa.Function), mc)
				}
				ops = instr.Operands(ops[:0])
				for _, op := range ops {
					fn, ok := (*op).(*ssa.Function)
					// A closure's function is used through the closure;
					// another function it binds is used as an operand.
					if !ok || isClosure && fn == mc.Fn {
						continue
					}
					if ct, ok := instr.(*ssa.ChangeType); ok {
						follow(fn, ct)
						continue
					}
					uses[fn] = append(uses[fn], funcUse{instr, fn})
				}
			}
		}
	}
	return uses
}

// unconvert looks through conversions to named function types.
func unconvert(v ssa.Value) ssa.Value {
	for {
		ct, ok := v.(*ssa.ChangeType)
		if !ok {
			return v
		}
		v = ct.X
	}
}

// fullName returns the FullName of the function a static call calls.
func fullName(c *ssa.CallCommon) string {
	if obj := ssaval.Callee(c); obj != nil {
		return obj.FullName()
	}
	return ""
}

// validatingServer reports whether every value srv may hold is a server
// built by the SDK's constructor given the validation option.
func (s *walker) validatingServer(iv *sdk.InputValidation, srv ssa.Value) bool {
	sources := ssaval.Sources(srv)
	if len(sources) == 0 {
		return false
	}
	for _, src := range sources {
		call, ok := src.(*ssa.Call)
		if !ok || fullName(call.Common()) != iv.Server || !hasCallTo(ssaval.Operands(call.Common()), iv.Option) {
			return false
		}
	}
	return true
}

// hasCallTo reports whether one of ops comes from a call to the named
// function.
func hasCallTo(ops []ssa.Value, name string) bool {
	for _, op := range ops {
		for _, src := range ssaval.Sources(op) {
			if call, ok := src.(*ssa.Call); ok && fullName(call.Common()) == name {
				return true
			}
		}
	}
	return false
}

// toolSchema returns the required properties of the tool v holds, with
// their types, when v is built by the SDK's tool constructor from options
// that all are calls this knows; nil otherwise.
func toolSchema(iv *sdk.InputValidation, v ssa.Value) map[string]string {
	sources := ssaval.Sources(v)
	if len(sources) != 1 {
		return nil
	}
	call, ok := sources[0].(*ssa.Call)
	if !ok || fullName(call.Common()) != iv.NewTool {
		return nil
	}
	props := make(map[string]string)
	dup := make(map[string]bool)
	for _, opt := range ssaval.Operands(call.Common())[1:] {
		optSources := ssaval.Sources(opt)
		if len(optSources) != 1 {
			return nil
		}
		oc, ok := optSources[0].(*ssa.Call)
		if !ok {
			return nil
		}
		name := fullName(oc.Common())
		typ, isProp := iv.Properties[name]
		if !isProp {
			// Options that may set the schema otherwise (a raw schema,
			// one derived from a type, additional properties) or that
			// this cannot see into leave it unknown.
			if name == "" || strings.Contains(name, "Schema") || strings.Contains(name, "Input") {
				return nil
			}
			continue
		}
		ops := ssaval.Operands(oc.Common())
		key, ok := ops[0].(*ssa.Const)
		if !ok || key.Value == nil || key.Value.Kind() != constant.String {
			return nil
		}
		k := constant.StringVal(key.Value)
		if _, seen := props[k]; seen || dup[k] {
			delete(props, k)
			dup[k] = true
			continue
		}
		if hasCallTo(ops[1:], iv.Required) {
			props[k] = typ
		}
	}
	return props
}

// schemaAssures reports whether a value that passed validation against
// the JSON Schema type schemaType, decoded by encoding/json into an
// interface, always has type t.
func schemaAssures(schemaType string, t types.Type) bool {
	switch schemaType {
	case "string":
		return types.Identical(t, types.Typ[types.String])
	case "number", "integer":
		return types.Identical(t, types.Typ[types.Float64])
	case "boolean":
		return types.Identical(t, types.Typ[types.Bool])
	case "array":
		return types.Identical(t, types.NewSlice(types.NewInterfaceType(nil, nil)))
	case "object":
		return types.Identical(t, types.NewMap(types.Typ[types.String], types.NewInterfaceType(nil, nil)))
	}
	return false
}

// argumentsMap reports whether v is a lookup in the map of the request's
// arguments (req.GetArguments()["name"]), what the validation checks.
func argumentsMap(sdks []*sdk.Binding, v ssa.Value) bool {
	l, ok := v.(*ssa.Lookup)
	if !ok {
		return false
	}
	call, ok := l.X.(*ssa.Call)
	if !ok {
		return false
	}
	obj := ssaval.Callee(call.Common())
	if obj == nil || obj.Name() != "GetArguments" || obj.Pkg() == nil {
		return false
	}
	for _, b := range sdks {
		if b.InputValidation != nil && obj.Pkg().Path() == b.MCP.Path() {
			return true
		}
	}
	return false
}
