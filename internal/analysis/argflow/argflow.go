// Package argflow tracks, within one SSA function, which values derive from
// an MCP tool call's arguments and which branch conditions test them.
//
// An argument value is the raw arguments themselves, or anything computed
// from them by decoding, field and index access, conversion and pure
// functions (strings, strconv, time, ...). The result of any other call,
// such as an API, database or I/O call given an argument, is not an
// argument value: a "not found" from a backend is a business error, not a
// failed validation.
package argflow

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/fixpoint"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

// Taint says how a value relates to the tool arguments.
type Taint uint8

const (
	// ArgValue: the value is, or is computed from, argument values.
	ArgValue Taint = 1 << iota
	// DecodeFailure: the value reports that decoding the arguments failed:
	// a decoder's error, or the ok of a type assertion on an argument.
	DecodeFailure
	// CheckFailure: the value reports that an argument value failed a
	// check: a parse error, a validator's error, the ok of a map lookup.
	CheckFailure
	// RequestLevel: the value is computed from request-level fields (the
	// tool name, metadata, the session), not from the arguments.
	RequestLevel
)

// values are the taints that flow from an operand into what is computed
// from it.
const values = ArgValue | RequestLevel

// A Func tracks argument flow in one function.
type Func struct {
	Fn   *ssa.Function
	SDKs sdk.Bindings
	// Roles says what the functions called mean: the library knowledge,
	// the SDKs' rows and the user's configuration.
	Roles *roles.Table

	// Summaries, if set, tells what calls to the project's own functions
	// do, so that argument values and failures flow through helpers.
	Summaries Summarizer

	// Fixed, if set, holds the package-level maps of the package that
	// nothing writes after its initialization: a lookup of an argument in
	// one is an enum check.
	Fixed FixedMaps

	seeds map[*ssa.Parameter]bool

	// The taints of values and of fields (fieldOf) computed, and those
	// still estimates: keys are ssa.Values and fieldOfs.
	taints fixpoint.Solver[any, Taint]

	fieldSeeds map[*ssa.Parameter]int // the one field seeded, by parameter
	pdom       *postDominators

	// keysPresent holds the map parameters taken to hold every constant
	// key the function looks up in them (see AssumeKeysPresent).
	keysPresent map[*ssa.Parameter]bool
}

// AssumeKeysPresent has f take the map parameter p to hold every constant
// key f looks up in it: a comma-ok lookup of one there checks nothing.
// It describes a caller that passes a map literal of its own with those
// keys (Team(map[string]any{"accountId": a, "teamRefId": t})).
func (f *Func) AssumeKeysPresent(p *ssa.Parameter) {
	if f.keysPresent == nil {
		f.keysPresent = make(map[*ssa.Parameter]bool)
	}
	f.keysPresent[p] = true
}

// An Effect is what a call to a summarized function does with respect to
// the arguments, given which of its parameters hold argument values.
type Effect struct {
	// Err is the taint of its error result: DecodeFailure when it fails
	// to decode arguments, CheckFailure when an argument fails a check.
	Err Taint
	// Values lists its results, other than the error, that hold
	// argument values, by index.
	Values []int
	// Fills lists the pointer parameters it decodes argument data into.
	Fills []int
	// Wraps lists the error parameters its error result wraps, whose
	// failures it carries.
	Wraps []int
	// Tests lists its results, other than the error, that say whether an
	// argument value passed a check (IsValid(name)).
	Tests []int
	// FieldValues lists, for its struct results that hold argument values
	// in some fields only, those fields; a struct result in Values that
	// has none listed may hold them in any field.
	FieldValues []FieldValue
}

// A Summarizer knows what the project's own functions do.
type Summarizer interface {
	// Effect returns the effect of a call to fn whose arguments have the
	// given taints (one per parameter of fn, the receiver first), or
	// false if fn is not summarized; fields tells how the fields of a
	// struct argument relate to the arguments (nil for no struct).
	Effect(fn *ssa.Function, args []Taint, fields func(param int) map[string]Taint) (Effect, bool)
}

// New returns a tracker for fn in which the given parameters hold argument
// values (the decoded input of a typed handler, or what a forwarding
// handler passed).
func New(fn *ssa.Function, sdks sdk.Bindings, table *roles.Table, seeds []*ssa.Parameter) *Func {
	f := &Func{Fn: fn, SDKs: sdks, Roles: table, seeds: make(map[*ssa.Parameter]bool)}
	f.taints.Initial = func() Taint { return 0 }
	f.taints.Join = func(computed, estimate Taint) (Taint, bool) {
		t := computed | estimate
		return t, t != estimate
	}
	for _, p := range seeds {
		f.seeds[p] = true
	}
	return f
}

// Taint returns how v relates to the arguments.
func (f *Func) Taint(v ssa.Value) Taint {
	return f.taints.Solve(v, func() Taint { return f.taint(v) })
}

// taint computes the taint of v by the kind of its instruction: one flat
// switch, like go/ssa's own interpreter, whose cases that need more than
// a line are methods of their own.
func (f *Func) taint(v ssa.Value) Taint {
	switch v := v.(type) {
	case *ssa.Parameter:
		if f.seeds[v] {
			return ArgValue
		}
	case *ssa.FieldAddr:
		return f.fieldTaint(v.X, v.Field)
	case *ssa.Field:
		return f.fieldTaint(v.X, v.Field)
	case *ssa.IndexAddr:
		return (f.Taint(v.X) | f.Taint(v.Index)) & values
	case *ssa.Index:
		return (f.Taint(v.X) | f.Taint(v.Index)) & values
	case *ssa.Lookup:
		return f.lookupTaint(v)
	case *ssa.TypeAssert:
		return f.Taint(v.X) & values
	case *ssa.Extract:
		return f.extractTaint(v)
	case *ssa.UnOp:
		if v.Op == token.ARROW {
			return 0
		}
		return f.Taint(v.X)
	case *ssa.BinOp:
		return f.Taint(v.X) | f.Taint(v.Y)
	case *ssa.Convert:
		return f.Taint(v.X)
	case *ssa.ChangeType:
		return f.Taint(v.X)
	case *ssa.MakeInterface:
		return f.Taint(v.X)
	case *ssa.ChangeInterface:
		return f.Taint(v.X)
	case *ssa.Slice:
		return f.Taint(v.X) & values
	case *ssa.SliceToArrayPointer:
		return f.Taint(v.X)
	case *ssa.Range:
		return f.Taint(v.X) & values
	case *ssa.Phi:
		var t Taint
		for _, e := range v.Edges {
			t |= f.Taint(e)
		}
		return t
	case *ssa.Alloc:
		return f.allocTaint(v)
	case *ssa.MakeMap:
		return f.madeMapTaint(v)
	case *ssa.Call:
		return f.callTaint(v, -1)
	}
	return 0
}

// madeMapTaint is the taint of a map this function makes: what it puts
// there.
func (f *Func) madeMapTaint(m *ssa.MakeMap) Taint {
	var t Taint
	for _, ref := range *m.Referrers() {
		if u, ok := ref.(*ssa.MapUpdate); ok && u.Map == m {
			t |= (f.Taint(u.Key) | f.Taint(u.Value)) & values
		}
	}
	return t
}

// lookupTaint returns the taint of m[k]: what an argument's map, a
// string or a fixed table yields for an argument key is computed from the
// arguments, but what the server's own data (a store, a cache, a session
// table) holds under an argument key is not: a predicate reading it is
// business, not a check of the argument.
func (f *Func) lookupTaint(v *ssa.Lookup) Taint {
	key := f.Taint(v.Index)
	if _, isMap := v.X.Type().Underlying().(*types.Map); isMap && !f.isFixedMap(v.X) {
		key &= RequestLevel
	}
	return (f.Taint(v.X) | key) & values
}

// fieldTaint returns the taint of field i of x, a struct or a pointer to
// one: the arguments, a request-level field, or a field of a value
// derived from either.
func (f *Func) fieldTaint(x ssa.Value, i int) Taint {
	t := x.Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if st, ok := t.Underlying().(*types.Struct); ok && i < st.NumFields() {
		field := st.Field(i)
		for _, b := range f.SDKs {
			if b.IsArgumentField(field) {
				return ArgValue
			}
			if b.IsRequestLevelField(t, field) {
				return RequestLevel
			}
		}
	}
	return f.FieldTaint(x, i) & values
}

func (f *Func) extractTaint(v *ssa.Extract) Taint {
	switch tuple := v.Tuple.(type) {
	case *ssa.Call:
		return f.callTaint(tuple, v.Index)
	case *ssa.TypeAssert: // x, ok := arg.(T)
		if f.Taint(tuple.X)&ArgValue == 0 {
			return 0
		}
		if v.Index == 1 {
			return DecodeFailure
		}
		return ArgValue
	case *ssa.Lookup: // x, ok := args[k]
		if v.Index == 1 {
			if p, ok := tuple.X.(*ssa.Parameter); ok && f.keysPresent[p] {
				if _, constKey := tuple.Index.(*ssa.Const); constKey {
					return 0 // the caller's literal holds the key
				}
			}
			// A missing field of the arguments is a failed check, and so
			// is an argument missing from a fixed set of valid values; a
			// key missing from the server's own data (s.items[args.ID],
			// a cache, a session table) is the "not found" of a lookup,
			// a business error.
			if f.Taint(tuple.X)&ArgValue != 0 {
				return CheckFailure
			}
			if f.Taint(tuple.Index)&ArgValue != 0 && f.isFixedMap(tuple.X) {
				return CheckFailure
			}
			return f.Taint(tuple.X) & RequestLevel
		}
		return f.lookupTaint(tuple) // the value, as without the ok
	case *ssa.Next: // for k, v := range args
		return f.Taint(tuple.Iter) & values
	case *ssa.UnOp: // v, ok := <-ch
		return 0
	}
	return 0
}

// allocTaint: a local variable holds argument values when a decoder fills
// it from argument data, or when argument values are stored into it or
// into one of its fields or elements: an object built from the arguments
// (&Parser{args: req.GetArguments()}, PaginationParams{PerPage: int(f)})
// carries them into its methods.
func (f *Func) allocTaint(a *ssa.Alloc) Taint {
	var t Taint
	var visit func(v ssa.Value)
	visit = func(v ssa.Value) {
		refs := v.Referrers()
		if refs == nil {
			return
		}
		for _, ref := range *refs {
			switch ref := ref.(type) {
			case *ssa.Store:
				if ref.Addr == v {
					t |= f.Taint(ref.Val) & values
				}
			case *ssa.Call:
				c := f.Classify(ref.Common())
				if c.Kind == Decode && Unwrap(c.Target) == a {
					t |= ArgValue
				}
				for _, target := range c.Targets {
					if Unwrap(target) == a {
						t |= ArgValue
					}
				}
			case *ssa.MakeInterface: // json.Unmarshal(data, &v)
				visit(ref)
			case *ssa.ChangeType:
				visit(ref)
			case *ssa.FieldAddr:
				if ref.X == v {
					visit(ref)
				}
			case *ssa.IndexAddr:
				if ref.X == v {
					visit(ref)
				}
			}
		}
	}
	visit(a)
	return t
}

// Unwrap looks through the conversion of a pointer to an interface: the
// target of decode(data, &v) as the decoder receives it.
func Unwrap(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return v
		}
	}
}

// callTaint returns the taint of result index of call (-1: the only result).
func (f *Func) callTaint(call *ssa.Call, index int) Taint {
	c := f.Classify(call.Common())
	isErr := resultIsError(call, index)
	switch c.Kind {
	case Decode:
		if isErr {
			return DecodeFailure
		}
		return ArgValue
	case Validate:
		if isErr {
			return CheckFailure
		}
		return ArgValue
	case ArgumentSource:
		return ArgValue
	case Pure:
		if c.Operands&values == 0 {
			return c.Operands // a pure function of a check's outcome (errors.Is) carries it
		}
		if isErr {
			if c.Checked&ArgValue == 0 || c.NotCheck {
				return 0
			}
			return CheckFailure
		}
		return c.Operands
	case Summarized:
		if isErr {
			t := c.Effect.Err
			for _, w := range c.Wrapped {
				t |= f.Taint(w) & (DecodeFailure | CheckFailure)
			}
			return t
		}
		var t Taint
		if slices.Contains(c.Effect.Values, max(index, 0)) {
			t = ArgValue
		}
		if slices.Contains(c.Effect.Tests, max(index, 0)) {
			t |= CheckFailure
		}
		return t | f.operandTaint(call.Common())&RequestLevel
	case Other:
		// Any function of request-level fields (requestStateValid(req.
		// Params.RequestState)) checks the request. Over-approximating
		// this only silences reports; argument values, in contrast, do
		// not flow through unknown calls.
		return f.operandTaint(call.Common()) & RequestLevel
	}
	return 0
}

func resultIsError(call *ssa.Call, index int) bool {
	t := call.Type()
	if tuple, ok := t.(*types.Tuple); ok {
		if index < 0 || index >= tuple.Len() {
			return false
		}
		t = tuple.At(index).Type()
	}
	return sdk.IsError(t)
}
