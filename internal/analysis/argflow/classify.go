package argflow

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

// CallKind is what a call does with respect to the tool arguments.
type CallKind int

const (
	// Other calls produce nothing derived from the arguments (an API,
	// database or I/O call, or a function not known to be pure).
	Other CallKind = iota
	// Decode calls turn argument data into values; their error is a
	// decoding error.
	Decode
	// Validate calls check argument values; their error is a validation error.
	Validate
	// ArgumentSource calls return argument values (SDK accessors).
	ArgumentSource
	// Pure calls compute results from their operands alone.
	Pure
	// ErrorConstructor calls build a new error (errors.New, fmt.Errorf),
	// possibly wrapping others.
	ErrorConstructor
	// IsErrorResult calls build a tool execution error result (the
	// user's configured helpers).
	IsErrorResult
	// Summarized calls go to the project's own functions, whose summary
	// gives their Effect.
	Summarized
)

// A Class is the classification of one call.
type Class struct {
	Kind CallKind
	// Callee is the called function or method, when known statically or
	// as an interface method.
	Callee *types.Func
	// Target is the operand a decoder fills, for Decode.
	Target ssa.Value
	// Operands is the union of the taints of the operands, for Pure,
	// and Checked that of the operands its error says are malformed.
	Operands, Checked Taint
	// NotCheck reports that a Pure call's error does not say that an
	// operand is malformed (json.Marshal).
	NotCheck bool
	// Effect is the effect of a Summarized call, Targets the operands it
	// decodes argument data into, and Wrapped the errors it wraps.
	Effect  Effect
	Targets []ssa.Value
	Wrapped []ssa.Value
}

// Classify says what a call does with respect to the arguments.
func (f *Func) Classify(c *ssa.CallCommon) Class {
	callee := ssaval.Callee(c)
	if callee == nil {
		if b, ok := c.Value.(*ssa.Builtin); ok {
			switch b.Name() {
			case "len", "cap", "min", "max", "append", "copy", "real", "imag", "complex":
				t := f.operandTaint(c)
				return Class{Kind: Pure, Operands: t, Checked: t}
			}
		}
		return f.summarized(c, Class{}) // a function literal
	}
	ops := ssaval.Operands(c)
	class := Class{Callee: callee}

	if row, ok := f.Roles.Lookup(callee); ok {
		switch row.Role {
		case roles.IsErrorResult:
			class.Kind = IsErrorResult
		case roles.Decode:
			data, target := f.operandTaint(c), pointerOperand(ops)
			if row.Data != roles.AnyOperand {
				if row.Data >= len(ops) || row.Target >= len(ops) {
					break
				}
				data, target = f.Taint(ops[row.Data]), ops[row.Target]
			}
			if data&ArgValue != 0 {
				class.Kind, class.Target = Decode, target
				if row.Data != roles.AnyOperand && f.cannotFail(ops[row.Data], target) {
					// The target is filled all the same.
					class = Class{Callee: callee, Kind: Pure, Operands: data, NotCheck: true, Targets: []ssa.Value{target}}
				}
			}
		case roles.Validate:
			if f.operandTaint(c)&ArgValue != 0 {
				class.Kind = Validate
			}
		case roles.ErrorConstructor:
			class.Kind = ErrorConstructor
		case roles.Pure, roles.ErrorMatch:
			class.Kind, class.Operands, class.NotCheck = Pure, f.operandTaint(c), row.NotCheck
			class.Checked = class.Operands
			if row.Checks != nil {
				class.Checked = 0
				for _, i := range row.Checks {
					if i < len(ops) {
						class.Checked |= f.Taint(ops[i])
					}
				}
			}
		case roles.Sanitize:
			// What it returns cannot fail a check: it holds no argument
			// values, as far as checks are concerned.
			class.Kind = Pure
		default:
			return f.sdkClass(c, ops, class)
		}
		return class
	}
	return f.sdkClass(c, ops, class)
}

// sdkClass classifies a call the table says nothing of: an SDK's accessor
// of the arguments, or a call to a summarized function.
func (f *Func) sdkClass(c *ssa.CallCommon, ops []ssa.Value, class Class) Class {
	callee := class.Callee
	for _, b := range f.SDKs {
		switch {
		case b.IsDecodeMethod(callee):
			class.Kind = Decode
			if len(ops) > 1 {
				class.Target = ops[1]
			}
			return class
		case b.IsArgumentMethod(callee):
			class.Kind = ArgumentSource
			return class
		case b.IsArgumentFunc(callee):
			for _, op := range ops {
				if b.IsRequest(op.Type()) {
					class.Kind = ArgumentSource
				}
			}
			return class
		}
	}
	return f.summarized(c, class)
}

// summarized classifies a call to a function with a summary, or returns
// class unchanged.
func (f *Func) summarized(c *ssa.CallCommon, class Class) Class {
	fn := c.StaticCallee()
	if fn == nil || f.Summaries == nil {
		return class
	}
	e, ok := f.Summaries.Effect(fn, f.ArgTaints(c), func(p int) map[string]Taint { return f.ArgFields(c, p) })
	if !ok {
		return f.opaqueParse(c, class)
	}
	class.Kind, class.Effect = Summarized, e
	for _, i := range e.Fills {
		if i < len(c.Args) {
			class.Targets = append(class.Targets, c.Args[i])
		}
	}
	for _, i := range e.Wraps {
		class.Wrapped = append(class.Wrapped, Arg(c, i)...)
	}
	return class
}

// Arg returns the values a static call passes in parameter i of the
// callee: one value, or those passed in the variadic parameter.
func Arg(c *ssa.CallCommon, i int) []ssa.Value {
	if i >= len(c.Args) {
		return nil
	}
	if i == len(c.Args)-1 && c.Signature().Variadic() {
		if elems, ok := ssaval.SliceLiteral(c.Args[i]); ok {
			return elems
		}
	}
	return []ssa.Value{c.Args[i]}
}

// ArgTaints returns the taint of each argument of a static call, one per
// parameter of the callee: the variadic parameter has the union of the
// taints of the values passed in it.
func (f *Func) ArgTaints(c *ssa.CallCommon) []Taint {
	taints := make([]Taint, len(c.Args))
	for i := range c.Args {
		for _, v := range Arg(c, i) {
			taints[i] |= f.Taint(v)
		}
	}
	return taints
}

// pointerOperand returns the last pointer-typed operand: the target of
// decode(data, &v) whatever the order of its parameters.
func pointerOperand(ops []ssa.Value) ssa.Value {
	for i := len(ops) - 1; i >= 0; i-- {
		v := ops[i]
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X
		}
		if _, ok := v.Type().Underlying().(*types.Pointer); ok {
			return v
		}
	}
	return nil
}

func (f *Func) operandTaint(c *ssa.CallCommon) Taint {
	var t Taint
	for _, op := range ssaval.Operands(c) {
		t |= f.Taint(op)
	}
	return t
}

// opaqueParse classifies a call of a function no summary describes (a
// third-party module's, which the analysis does not build) that is a
// parser by its shape and its name: a package-level function named
// Parse... or Validate... of values of basic types (strings, numbers,
// bytes) that returns a value and an error (lib.ParseStatus(arg),
// language.Parse(arg)). Its error says that its operands failed its
// check: Pure, as a row of the role table says of strconv. The name is
// part of the rule because the shape alone is also that of functions
// that read the environment or the disk (homedir.Expand(path)), whose
// failure says nothing of the argument. A function that takes a client,
// a context or a pointer stays unclassified, whatever its name; a
// decoder's shape (data and a target) is enough on its own.
func (f *Func) opaqueParse(c *ssa.CallCommon, class Class) Class {
	callee := class.Callee
	if callee == nil || c.IsInvoke() || callee.Pkg() == nil || IsStdPath(callee.Pkg().Path()) {
		return class
	}
	sig := callee.Signature()
	if target, ok := decoderShape(sig, ssaval.Operands(c)); ok {
		// Unmarshal(data, &v, opts...) of a YAML or TOML library.
		if ops := ssaval.Operands(c); f.Taint(ops[0])&ArgValue != 0 {
			class.Kind, class.Target = Decode, target
		}
		return class
	}
	if sig.Recv() != nil || sig.Variadic() || sig.Params().Len() == 0 || sig.Results().Len() != 2 || !parserName(callee.Name()) {
		return class
	}
	if r := sig.Results(); !sdk.IsError(r.At(1).Type()) || !valueType(r.At(0).Type()) {
		return class
	}
	for p := range sig.Params().Variables() {
		if !basicOrBytes(p.Type()) {
			return class
		}
	}
	t := f.operandTaint(c)
	if t&ArgValue == 0 {
		return class
	}
	class.Kind, class.Operands, class.Checked = Pure, t, t
	return class
}

// parserName reports whether name is a parser's or a validator's.
func parserName(name string) bool {
	return strings.HasPrefix(name, "Parse") || strings.HasPrefix(name, "Validate")
}

// decoderShape reports whether sig, a package-level function's, is a
// decoder's: data (bytes or a string) and a pointer or interface to fill,
// then options only, returning an error alone; it returns the operand
// filled.
func decoderShape(sig *types.Signature, ops []ssa.Value) (ssa.Value, bool) {
	params := sig.Params()
	if sig.Recv() != nil || params.Len() < 2 || len(ops) < 2 || sig.Results().Len() != 1 || !sdk.IsError(sig.Results().At(0).Type()) {
		return nil, false
	}
	if !basicOrBytes(params.At(0).Type()) {
		return nil, false
	}
	switch params.At(1).Type().Underlying().(type) {
	case *types.Pointer, *types.Interface:
	default:
		return nil, false
	}
	if params.Len() > 3 || params.Len() == 3 && !sig.Variadic() {
		return nil, false
	}
	return ops[1], true
}

// cannotFail reports whether decoding data into target cannot fail: the
// SDK's raw arguments, JSON the SDK has already read, decoded into an
// interface (var args any), which any valid JSON fills.
func (f *Func) cannotFail(data, target ssa.Value) bool {
	if !f.rawArguments(data) {
		return false
	}
	t := Unwrap(target).Type()
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	// A type parameter's underlying type is its constraint, an
	// interface, but what it decodes into is the type argument.
	if _, isParam := types.Unalias(p.Elem()).(*types.TypeParam); isParam {
		return false
	}
	return types.IsInterface(p.Elem())
}

// rawArguments reports whether v is the SDK's field that holds a request's
// arguments as JSON (req.Params.Arguments), loaded as it is.
func (f *Func) rawArguments(v ssa.Value) bool {
	for {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.Convert:
			v = x.X
			continue
		case *ssa.UnOp:
			fa, ok := x.X.(*ssa.FieldAddr)
			if !ok || x.Op != token.MUL {
				return false
			}
			st, ok := fa.X.Type().Underlying().(*types.Pointer)
			if !ok {
				return false
			}
			s, ok := st.Elem().Underlying().(*types.Struct)
			if !ok {
				return false
			}
			for _, b := range f.SDKs {
				if b.IsArgumentField(s.Field(fa.Field)) {
					return true
				}
			}
		}
		return false
	}
}

// IsStdPath reports whether path has the form of a standard library
// package's: its first element has no dot. (A module being analyzed may
// have such a path too: callers that can tell say so.)
func IsStdPath(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// basicOrBytes reports whether t is a basic type, named or not, or a
// slice of bytes.
func basicOrBytes(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() != types.UnsafePointer && u.Kind() != types.UntypedNil
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}

// valueType reports whether t, a parser's first result, is a value it
// computes: not an error, a function, a channel or an interface.
func valueType(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Signature, *types.Chan, *types.Interface:
		return false
	}
	return true
}
