// Package errorigin defines an Analyzer that classifies, for each return
// statement of each MCP tool handler, where the returned error comes from
// and whether it reaches the client as a JSON-RPC protocol error.
//
// It reports nothing itself: the mcperrlint analyzer decides, from its
// configuration, which classified returns to report.
package errorigin

import (
	"go/constant"
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/passes/config"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
	"github.com/mcperrlint/mcperrlint/passes/internal/argflow"
	"github.com/mcperrlint/mcperrlint/passes/sdk"
)

// Analyzer classifies the errors tool handlers return, knowing no
// user-supplied functions.
var Analyzer = New(&config.Functions{})

// New returns an analyzer that classifies the errors tool handlers
// return, knowing the user's functions in funcs, which it and its own
// handlers pass read when they run (after flag parsing).
func New(funcs *config.Functions) *analysis.Analyzer {
	finder := handlers.New(funcs)
	return &analysis.Analyzer{
		Name: "mcperrorigin",
		Doc:  "classify where the errors MCP tool handlers return come from",
		URL:  "https://github.com/mcperrlint/mcperrlint",
		Run: func(pass *analysis.Pass) (any, error) {
			return run(pass, pass.ResultOf[finder].(*handlers.Result), funcs)
		},
		Requires:   []*analysis.Analyzer{finder},
		ResultType: reflect.TypeFor[*Result](),
	}
}

// Kind classifies the origin of a returned error.
type Kind int

const (
	// None: the return's error is nil, or is forwarded from a function
	// that is analyzed as a handler in its own right.
	None Kind = iota
	// ToolError: the error has no argument origin (an API failure, I/O,
	// internal state). The spec wants these as tool errors too, but it is
	// a separate, noisier claim.
	ToolError
	// Validate: the error exists because an argument value failed a check.
	Validate
	// Decode: the error comes from decoding the arguments.
	Decode
	// InvalidParams: the handler built an InvalidParams JSON-RPC error.
	InvalidParams
)

var kindNames = [...]string{"none", "tool-error", "validate", "decode", "invalid-params"}

// String returns the diagnostic category of k.
func (k Kind) String() string { return kindNames[k] }

// Result lists the classified returns of a package's handlers.
type Result struct {
	Returns []*Return
	// SDKs are the SDKs the package can see.
	SDKs []*sdk.Binding
}

// A Return is one return statement of a handler that returns a non-nil
// error that reaches the client as a protocol error.
type Return struct {
	Handler *handlers.Handler
	Ret     *ssa.Return
	Kind    Kind
	// Site is where the decisive decode, check or construction happens.
	Site token.Pos
}

func run(pass *analysis.Pass, hs *handlers.Result, funcs *config.Functions) (any, error) {
	if hs == nil {
		return &Result{}, nil
	}
	res := &Result{SDKs: hs.SSA.SDKs}
	for _, h := range hs.Handlers {
		flow := argflow.New(h.Fn, []*sdk.Binding{h.SDK}, funcs, h.Seeds)
		c := &classifier{flow: flow, sdk: h.SDK, pkg: pass.Pkg}
		for _, b := range h.Fn.Blocks {
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok || len(ret.Results) == 0 || !sdk.IsError(ret.Results[len(ret.Results)-1].Type()) {
				continue
			}
			if r := c.classifyReturn(h, ret); r != nil {
				res.Returns = append(res.Returns, r)
			}
		}
	}
	return res, nil
}

type classifier struct {
	flow *argflow.Func
	sdk  *sdk.Binding
	pkg  *types.Package
}

// origin is the classification of one source of an error value.
type origin struct {
	kind      Kind
	site      token.Pos
	nilValue  bool // a nil constant: no error on this path
	forwarded bool // a forwarded function's error, analyzed there
	// requestLevel: created because of the request itself (an unknown
	// tool, bad multi-round-trip state), which stays a protocol error.
	requestLevel bool
}

// neutral reports whether o neither makes nor spoils a report.
func (o origin) neutral() bool { return o.nilValue || o.forwarded || o.requestLevel }

func (c *classifier) classifyReturn(h *handlers.Handler, ret *ssa.Return) *Return {
	errVal := ret.Results[len(ret.Results)-1]
	sources := argflow.Sources(errVal)
	if h.Kind == sdk.Typed && !c.allProtocolErrors(sources) {
		// The SDK turns every other error into a tool error.
		return nil
	}
	best := origin{kind: None}
	sawOther := false
	for _, src := range sources {
		o := c.originOf(src, 0)
		switch {
		case o.neutral():
		case o.kind == ToolError || o.kind == None:
			sawOther = true
		case o.kind > best.kind:
			best = o
		}
	}
	switch {
	case best.kind != None && !sawOther:
		return &Return{Handler: h, Ret: ret, Kind: best.kind, Site: best.site}
	case sawOther:
		return &Return{Handler: h, Ret: ret, Kind: ToolError, Site: ret.Pos()}
	}
	return nil
}

// allProtocolErrors reports whether every non-nil source is a value of
// one of the SDK's protocol error types, which a typed handler passes
// through (the SDK checks with a type assertion, so a wrapped one does
// not escape).
func (c *classifier) allProtocolErrors(sources []ssa.Value) bool {
	any := false
	for _, src := range sources {
		if k, ok := src.(*ssa.Const); ok && k.IsNil() {
			continue
		}
		if _, ok := c.sdk.ProtocolError(src.Type()); !ok {
			return false
		}
		any = true
	}
	return any
}

const maxDepth = 16

// originOf classifies one source value of a returned error.
func (c *classifier) originOf(src ssa.Value, depth int) origin {
	if depth > maxDepth {
		return origin{kind: ToolError}
	}
	switch v := src.(type) {
	case *ssa.Const:
		if v.IsNil() {
			return origin{nilValue: true}
		}
	case *ssa.Alloc:
		if pe, ok := c.sdk.ProtocolError(v.Type()); ok {
			if code, ok := storedField(v, pe.CodeField); ok && code == sdk.InvalidParamsCode {
				return c.invalidParams(v.Block(), v.Pos())
			}
			return c.fresh(v.Block(), v.Pos())
		}
	case *ssa.UnOp:
		if g, ok := v.X.(*ssa.Global); ok {
			if obj, ok := g.Object().(*types.Var); ok && c.sdk.IsInvalidParamsSentinel(obj) {
				return c.invalidParams(v.Block(), v.Pos())
			}
			// A sentinel error is as fresh as a new one.
			return c.fresh(v.Block(), v.Pos())
		}
	case *ssa.Lookup:
		// A prepared error picked from a map (argErrors["days"]) is as
		// fresh as a sentinel.
		if !v.CommaOk {
			return c.fresh(v.Block(), v.Pos())
		}
	case *ssa.Call, *ssa.Extract:
		if call, _ := argflow.CallOf(v); call != nil {
			return c.callOrigin(call, depth)
		}
	}
	return origin{kind: ToolError}
}

func (c *classifier) callOrigin(call *ssa.Call, depth int) origin {
	class := c.flow.Classify(call.Common())
	switch class.Kind {
	case argflow.ToolErrorResult:
		return origin{nilValue: true} // the problem is in the result
	case argflow.Decode:
		return origin{kind: Decode, site: call.Pos()}
	case argflow.Validate:
		return origin{kind: Validate, site: call.Pos()}
	case argflow.Pure:
		if class.Operands&argflow.ArgValue != 0 {
			return origin{kind: Validate, site: call.Pos()} // a parse error
		}
		return origin{kind: ToolError}
	}
	// An error built from, or by a helper given, other errors keeps their
	// origin: fmt.Errorf("...: %w", err), errors.Join, logAndReturn(err).
	if wrapped, ok := c.wrappedOrigin(call, depth); ok {
		return wrapped
	}
	if class.Kind == argflow.ErrorConstructor {
		return c.fresh(call.Block(), call.Pos())
	}
	if fn := call.Common().StaticCallee(); fn != nil && fn.Pkg != nil && fn.Pkg.Pkg == c.pkg && fn.Blocks != nil {
		return origin{forwarded: true}
	}
	if _, ok := call.Common().Value.(*ssa.Parameter); ok {
		return origin{forwarded: true}
	}
	if _, ok := call.Common().Value.(*ssa.FreeVar); ok {
		return origin{forwarded: true}
	}
	return origin{kind: ToolError}
}

// wrappedOrigin classifies the error operands of call together; ok is
// false when call takes no non-nil error.
func (c *classifier) wrappedOrigin(call *ssa.Call, depth int) (origin, bool) {
	best, ok, other := origin{}, false, false
	for _, op := range argflow.Operands(call.Common()) {
		for _, src := range argflow.Sources(op) {
			if !isErrorValue(src) {
				continue
			}
			o := c.originOf(src, depth+1)
			switch {
			case o.nilValue || o.requestLevel:
			case o.forwarded || o.kind == ToolError || o.kind == None:
				other, ok = true, true
			case o.kind > best.kind:
				best, ok = o, true
			}
		}
	}
	if other {
		return origin{kind: ToolError}, ok
	}
	return best, ok
}

var errorInterface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// isErrorValue reports whether v's type implements error.
func isErrorValue(v ssa.Value) bool {
	return types.Implements(v.Type(), errorInterface)
}

// invalidParams classifies an InvalidParams error built in block b: an
// invalid-params finding whatever the cause, unless the request itself
// is what is invalid.
func (c *classifier) invalidParams(b *ssa.BasicBlock, site token.Pos) origin {
	for _, cond := range c.flow.ControlConditions(b) {
		if c.flow.Taint(cond)&argflow.RequestLevel != 0 {
			return origin{requestLevel: true}
		}
	}
	return origin{kind: InvalidParams, site: site}
}

// fresh classifies an error created in block b: it is an argument error
// when every branch condition b depends on tests an argument value, and
// request-level when one tests the request itself.
func (c *classifier) fresh(b *ssa.BasicBlock, site token.Pos) origin {
	conds := c.flow.ControlConditions(b)
	if len(conds) == 0 {
		return origin{kind: ToolError}
	}
	for _, cond := range conds {
		if c.flow.Taint(cond)&argflow.RequestLevel != 0 {
			return origin{requestLevel: true}
		}
	}
	kind := Validate
	for _, cond := range conds {
		t := c.flow.Taint(cond)
		if t == 0 {
			return origin{kind: ToolError}
		}
		if t&argflow.DecodeFailure != 0 {
			kind = Decode
		}
	}
	if p := valuePos(conds[0]); p.IsValid() {
		site = p
	}
	return origin{kind: kind, site: site}
}

// valuePos returns the source position of v, or of the operation it is
// derived from when v itself has none: the ok of a comma-ok type
// assertion or map lookup, or its negation, points at the assertion or
// the lookup.
func valuePos(v ssa.Value) token.Pos {
	for range maxDepth {
		if p := v.Pos(); p.IsValid() {
			return p
		}
		switch x := v.(type) {
		case *ssa.Extract:
			v = x.Tuple
		case *ssa.UnOp:
			v = x.X
		default:
			return token.NoPos
		}
	}
	return token.NoPos
}

// storedField returns the integer constant stored into the named field of
// a struct allocation, as composite literals do.
func storedField(a *ssa.Alloc, field string) (int64, bool) {
	st, ok := a.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
	if !ok {
		return 0, false
	}
	for _, ref := range *a.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || fa.X != a || st.Field(fa.Field).Name() != field {
			continue
		}
		for _, r := range *fa.Referrers() {
			if s, ok := r.(*ssa.Store); ok && s.Addr == fa {
				if k, ok := s.Val.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Int {
					return k.Int64(), true
				}
			}
		}
	}
	return 0, false
}
