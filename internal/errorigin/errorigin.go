// Package errorigin defines an Analyzer that classifies, for each return
// statement of each MCP tool handler, where the returned error comes from
// and whether it reaches the client as a JSON-RPC protocol error.
//
// It reports nothing itself: the mcperrlint analyzer decides, from its
// configuration, which classified returns to report.
package errorigin

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/argflow"
	"github.com/mcperrlint/mcperrlint/internal/handlers"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/config"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/mcpssa"
	"github.com/mcperrlint/mcperrlint/internal/sorted"
)

// New returns an analyzer that classifies the errors tool handlers of the
// SDKs in sdks return, knowing the user's functions in funcs, which it
// reads when it runs (after flag parsing).
//
// It builds the package's SSA form, finds the handlers and classifies
// their returns in one pass, and its result holds no SSA: drivers keep
// every analyzer's result until the whole run ends (go/analysis/checker
// clears them only then), so SSA passed on as a result would keep the
// SSA of every package in memory at once.
func New(funcs *config.Functions, sdks sdk.Table) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "mcperrorigin",
		Doc:        "classify where the errors MCP tool handlers return come from",
		URL:        "https://github.com/mcperrlint/mcperrlint",
		Run:        func(pass *analysis.Pass) (any, error) { return run(pass, funcs, sdks) },
		ResultType: reflect.TypeFor[*Result](),
		FactTypes:  []analysis.Fact{new(Summary), new(handlers.Wrapper), new(SDKVersion), new(FieldFuncs), new(FixedMap), new(MethodSummaries)},
	}
}

// A Category classifies the origin of a returned error; it is the
// category of the diagnostic that reports it.
type Category int

const (
	// None: the return's error is nil, or is forwarded from a function
	// that is analyzed as a handler in its own right.
	None Category = iota
	// OtherFailure: the error has no argument origin (an API failure, I/O,
	// internal state). The spec wants these as tool errors too, hence
	// its category, tool-error; but it is a separate, noisier claim.
	OtherFailure
	// Validate: the error exists because an argument value failed a check.
	Validate
	// Decode: the error comes from decoding the arguments.
	Decode
	// InvalidParams: the handler built an InvalidParams JSON-RPC error.
	InvalidParams
)

var categoryNames = [...]string{"none", "tool-error", "validate", "decode", "invalid-params"}

// String returns the diagnostic category of k.
func (k Category) String() string { return categoryNames[k] }

// Result lists the classified returns of a package's handlers.
type Result struct {
	Returns []*Return
	// Assertions are the single-value type assertions on argument values
	// in handlers and the helpers they pass arguments to, by position.
	Assertions []*Assertion
	// Unflagged are the returns of results built from an error's text
	// without IsError, by position.
	Unflagged []*Unflagged
	// SDKs are the SDKs the package can see.
	SDKs sdk.Bindings
	// Servers are the MCP servers the package builds outside its tests.
	Servers []Server

	versions map[*types.Package]string // of the SDKs' MCP packages
}

// A Return is one return statement of a handler that returns a non-nil
// error that reaches the client as a protocol error.
type Return struct {
	Handler *Func
	// Pos is the position of the statement's return keyword.
	Pos      token.Pos
	Category Category
	// Site is where the decisive decode, check or construction happens,
	// or, when that is in a function of another package, the declaration
	// of that function (Via), and SiteLine the line of its decisive
	// return: export data keeps the positions of declarations only.
	Site     token.Pos
	Via      string
	SiteLine int
}

// A Func is the function that holds a Return: a tool handler, or a
// function whose errors tool handlers forward (package handlers).
type Func struct {
	// Syntax is the *ast.FuncDecl or *ast.FuncLit of the function.
	Syntax    ast.Node
	Signature *types.Signature
	// Name is the function's name, or for a function literal, the name
	// of the declared function that contains it.
	Name    string
	Literal bool

	SDK  *sdk.Binding
	Kind sdk.HandlerKind
	// Forwarded reports that the function is reached only through other
	// handlers, which return its error as their own.
	Forwarded bool
	// ResultForwarded reports that a tool error result the function
	// returns reaches the client; if not, ResultDroppedBy names a
	// function that forwards its error but drops its result.
	ResultForwarded bool
	ResultDroppedBy string
	// Marked reports that the function's wrappers turn its errors into
	// tool results but for marked ones, which they pass on as protocol
	// errors: its reported returns return such a mark.
	Marked bool
}

func newFunc(h *handlers.Handler) *Func {
	outer := argflow.Outermost(h.Fn)
	return &Func{
		Syntax:          h.Fn.Syntax(),
		Signature:       h.Fn.Signature,
		Name:            outer.Name(),
		Literal:         h.Fn.Parent() != nil,
		SDK:             h.SDK,
		Kind:            h.Kind,
		Forwarded:       h.Forwarded(),
		ResultForwarded: h.ResultForwarded,
		ResultDroppedBy: h.ResultDroppedBy,
		Marked:          len(h.Escapes) > 0,
	}
}

func run(pass *analysis.Pass, funcs *config.Functions, sdks sdk.Table) (*Result, error) {
	exportSDKVersion(pass, sdks)
	below := importedMethodSummaries(pass)
	prog, err := mcpssa.Build(pass, sdks)
	if prog == nil || err != nil {
		exportMethodSummaries(pass, below, false)
		return &Result{}, err
	}
	table := roles.NewTable(roles.Builtin(), sdk.RoleRows(prog.SDKs), funcs.Rows())
	fixed := argflow.FindFixedMaps(prog.Pkg, prog.SrcFuncs, func(v *types.Var) bool {
		return pass.ImportObjectFact(v, new(FixedMap))
	})
	index := newTypeIndex()
	index.summarized = below
	// The handlers are found first, with the package's functions
	// summarized as helpers: which arguments of a forwarded call hold
	// argument values is decided by what the helpers do with them.
	hs := handlers.Find(prog, table, handlers.Inputs{
		ImportFact: pass.ImportObjectFact,
		InSDK:      sdks.InSDK,
		Helpers:    newSummarizer(pass, prog, table, sdks, fixed, index, nil),
		Fixed:      fixed,
	})
	hs.Export(pass.ExportObjectFact)
	// Then the summaries the package exports, and the classification of
	// the handlers' returns, knowing which functions are handlers: a
	// handler's callers forward its errors, a helper's are judged.
	s := newSummarizer(pass, prog, table, sdks, fixed, index, hs)
	s.fieldFuncs = s.storedFieldFuncs()
	if len(s.fieldFuncs.Fields) > 0 {
		pass.ExportPackageFact(s.fieldFuncs)
	}
	res := &Result{SDKs: prog.SDKs, versions: sdkVersions(pass, prog.SDKs), Servers: s.servers(table, hs)}
	converted := ConvertedSDKs(res.Servers)
	for _, h := range hs.Handlers {
		if converted[h.SDK.Name] {
			continue // every server the package builds turns its errors into tool results
		}
		sdks := sdk.Bindings{h.SDK}
		c := &classifier{flow: s.flow(h.Fn, sdks, h.Seeds), sdks: sdks, s: s, judge: judgeHandler{}}
		var info *Func
		for _, b := range h.Fn.Blocks {
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok || len(ret.Results) == 0 || !sdk.IsError(ret.Results[len(ret.Results)-1].Type()) {
				continue
			}
			if kind, o := c.classifyReturn(h, ret); kind != None {
				if info == nil {
					info = newFunc(h)
				}
				res.Returns = append(res.Returns, &Return{Handler: info, Pos: ret.Pos(), Category: kind, Site: o.site, Via: o.via, SiteLine: o.siteLine})
			}
		}
	}
	// A panic is no returned error: a server whose middleware converts
	// errors still panics on these, unless a wrapper recovered the panic
	// into an error first.
	res.Assertions = s.assertions(hs, RecoveredSDKs(res.Servers), ConvertedSDKs(res.Servers))
	// Nor does it mark a result that carries an error's text.
	res.Unflagged = unflagged(pass.Fset, hs)
	exportMethodSummaries(pass, below, s.export())
	return res, nil
}

// A classifier tells where the errors one function returns come from:
// the rules every function shares, with a judgement for what the rules
// leave to the function being classified, a handler's returns (judged
// where they are) or a helper's, for its summary.
type classifier struct {
	flow  *argflow.Func
	sdks  sdk.Bindings
	s     *summarizer
	judge judgement

	// errParams are a helper's error parameters, whose errors it passes
	// on for its callers to judge; nil for a handler.
	errParams map[*ssa.Parameter]int

	// memo holds the origin of each source classified so far. A source
	// met again while it is being classified (an error wrapped in a
	// loop) adds nothing, so it counts as nil meanwhile.
	memo map[ssa.Value]origin

	// markMemo holds the error types each source may hold (marks).
	markMemo map[ssa.Value][]string
}

// A judgement decides what the rules of the classifier leave to the
// function being classified.
type judgement interface {
	// calledHandler is the origin of the error of a call of a handler
	// that is analyzed on its own.
	calledHandler() origin
	// opaqueCall is the origin of the error of a call that no rule
	// classifies.
	opaqueCall(call *ssa.Call) origin
	// unconditional is the origin of an error made at site whatever the
	// arguments hold.
	unconditional(site token.Pos) origin
}

// judgeHandler judges a handler's returns: an error of another handler
// is judged there, and an error made whatever the arguments hold is no
// argument error.
type judgeHandler struct{}

func (judgeHandler) calledHandler() origin { return origin{forwarded: true} }

func (judgeHandler) opaqueCall(call *ssa.Call) origin {
	// Calling a function it was given (next(ctx, req) in middleware)
	// forwards; calling a method of an interface it was given
	// (ctx.Err(), api.Fetch(...)) does not.
	if common := call.Common(); !common.IsInvoke() {
		switch common.Value.(type) {
		case *ssa.Parameter, *ssa.FreeVar:
			return origin{forwarded: true}
		}
	}
	return origin{category: OtherFailure}
}

func (judgeHandler) unconditional(token.Pos) origin { return origin{category: OtherFailure} }

// judgeHelper summarizes a helper: an error it makes whatever its
// parameters hold is fresh, for each caller to judge by its own
// conditions; the errors of the calls it cannot see into are no
// argument errors, whatever they forward.
type judgeHelper struct{}

func (judgeHelper) calledHandler() origin { return origin{category: OtherFailure} }

func (judgeHelper) opaqueCall(*ssa.Call) origin { return origin{category: OtherFailure} }

func (judgeHelper) unconditional(site token.Pos) origin { return origin{fresh: true, site: site} }

// origin is the classification of one source of an error value.
type origin struct {
	category Category
	site     token.Pos
	// via and siteLine locate the decisive return in a function of
	// another package, whose declaration site is (see Return).
	via       string
	siteLine  int
	nilValue  bool // a nil constant: no error on this path
	forwarded bool // a forwarded function's error, analyzed there
	// requestLevel: created because of the request itself (an unknown
	// tool, bad multi-round-trip state), which stays a protocol error.
	requestLevel bool

	// For summaries: made whatever the parameters hold, or passed on
	// from these error parameters.
	fresh bool
	wraps uint64
}

// neutral reports whether o neither makes nor spoils a report.
func (o origin) neutral() bool { return o.nilValue || o.forwarded || o.requestLevel }

// joined accumulates the origins of the sources of one error: argument
// origins make it an argument error, unless another origin spoils them.
type joined struct {
	best  origin
	other bool
	any   bool
	fresh bool
	site  token.Pos
	wraps uint64
}

// add adds the origin of an error returned as it is.
func (j *joined) add(o origin) { j.addOrigin(o, false) }

// addWrapped adds the origin of an error that is wrapped: a forwarded
// error spoils the others then, since the forwarded function's report
// covers only its error returned as it is.
func (j *joined) addWrapped(o origin) { j.addOrigin(o, true) }

func (j *joined) addOrigin(o origin, wrapped bool) {
	j.any = true
	switch {
	case o.forwarded && wrapped:
		j.other = true
	case o.neutral():
	default:
		if o.fresh && !j.fresh {
			j.fresh, j.site = true, o.site
		}
		j.wraps |= o.wraps
		switch {
		case o.category == OtherFailure:
			j.other = true
		case o.category > j.best.category:
			j.best = o
		}
	}
}

func (j *joined) result() origin {
	switch {
	case j.other:
		return origin{category: OtherFailure}
	case j.best.category != None:
		r := j.best
		r.fresh, r.wraps = r.fresh || j.fresh, r.wraps|j.wraps
		return r
	case j.fresh || j.wraps != 0:
		return origin{fresh: j.fresh, site: j.site, wraps: j.wraps}
	}
	return origin{nilValue: true}
}

// join classifies an error value from its sources.
func (c *classifier) join(sources []ssa.Value) origin {
	var j joined
	for _, src := range sources {
		j.add(c.originOf(src, 0))
	}
	return j.result()
}

// classifyReturn returns the kind of the error ret returns, if it
// reaches the client as a protocol error, and where it comes from.
func (c *classifier) classifyReturn(h *handlers.Handler, ret *ssa.Return) (Category, origin) {
	errVal := ret.Results[len(ret.Results)-1]
	sources := argflow.Sources(errVal)
	if h.Kind == sdk.Typed && !c.allProtocolErrors(sources) {
		// The SDK turns every other error into a tool error; but a
		// helper that builds an InvalidParams protocol error on some of
		// its paths (an invalid cursor) and plain errors on others
		// still sends that one to the client as a protocol error.
		if o := c.join(sources); o.category == InvalidParams && c.someProtocolErrors(sources) {
			return o.category, o
		}
		return None, origin{}
	}
	if len(h.Escapes) > 0 {
		// Its wrappers turn its errors into tool results, but for the
		// marked ones they pass on as protocol errors.
		if !intersects(c.marks(sources), h.Escapes) {
			return None, origin{}
		}
		if o := c.join(sources); o.category > OtherFailure {
			return o.category, o
		}
		return None, origin{}
	}
	switch o := c.join(sources); {
	case o.category == OtherFailure || o.category > OtherFailure && c.testedByType(ret.Block(), sources):
		return OtherFailure, origin{site: ret.Pos()}
	case o.category != None:
		return o.category, o
	}
	return None, origin{}
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
		if _, ok := c.sdks.ProtocolError(src.Type()); !ok && !c.returnsProtocolError(src) {
			return false
		}
		any = true
	}
	return any
}

// testedByType reports whether block b, where an error from sources is
// returned, is reached only through a test of that error's identity or
// type (if errors.Is(err, ErrUnknownTarget) { return an IsError result };
// return nil, err): the handler has set its callee's argument failures
// apart, and what it returns here is the rest.
func (c *classifier) testedByType(b *ssa.BasicBlock, sources []ssa.Value) bool {
	calls := make(map[*ssa.Call]bool)
	for _, src := range sources {
		if call, _ := argflow.CallOf(src); call != nil {
			calls[call] = true
		}
	}
	for _, cond := range c.flow.ControlConditions(b) {
		if not, ok := cond.(*ssa.UnOp); ok && not.Op == token.NOT {
			cond = not.X
		}
		test, ok := cond.(*ssa.Call)
		if !ok {
			continue
		}
		row, ok := c.flow.Roles.Lookup(argflow.Callee(test.Common()))
		ops := argflow.Operands(test.Common())
		if !ok || row.Role != roles.ErrorMatch || row.Data >= len(ops) {
			continue
		}
		for _, src := range argflow.Sources(ops[row.Data]) {
			if call, _ := argflow.CallOf(src); calls[call] {
				return true
			}
		}
	}
	return false
}

// someProtocolErrors reports whether some source may hold a value of one
// of the SDKs' protocol error types, by the marks of the helpers that
// make it.
func (c *classifier) someProtocolErrors(sources []ssa.Value) bool {
	return slices.ContainsFunc(c.marks(sources), c.sdks.IsProtocolErrorName)
}

// returnsProtocolError reports whether v is the error result of a call to
// a function whose summary says it returns only protocol error values
// (decodeArgs returning &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams}).
func (c *classifier) returnsProtocolError(v ssa.Value) bool {
	call, _ := argflow.CallOf(v)
	if call == nil {
		return false
	}
	fn := call.Common().StaticCallee()
	if fn == nil {
		return false
	}
	sum := c.s.summaryOf(fn)
	return sum != nil && !sum.Handler && sum.pick(c.flow.ArgTaints(call.Common()), c.argFields(call.Common())).Protocol
}

const maxDepth = 16

// originOf classifies one source value of a returned error.
func (c *classifier) originOf(src ssa.Value, depth int) origin {
	if depth > maxDepth {
		return origin{category: OtherFailure}
	}
	if o, ok := c.memo[src]; ok {
		return o
	}
	if c.memo == nil {
		c.memo = make(map[ssa.Value]origin)
	}
	c.memo[src] = origin{nilValue: true}
	o := c.sourceOrigin(src, depth)
	c.memo[src] = o
	return o
}

func (c *classifier) sourceOrigin(src ssa.Value, depth int) origin {
	switch v := src.(type) {
	case *ssa.Const:
		if v.IsNil() {
			return origin{nilValue: true}
		}
	case *ssa.Parameter:
		if i, ok := c.errParams[v]; ok && i < 64 {
			return origin{wraps: 1 << i}
		}
	case *ssa.Alloc:
		if pe, ok := c.sdks.ProtocolError(v.Type()); ok {
			if code, ok := argflow.StoredConst(v, pe.CodeField); ok && code.Kind() == constant.Int && constant.Compare(code, token.EQL, constant.MakeInt64(sdk.InvalidParamsCode)) {
				return c.invalidParams(v.Block(), v.Pos())
			}
			return c.fresh(v.Block(), v.Pos())
		}
		// An error of the project's own type that holds another error
		// (&ProtocolError{Code: ..., Err: err}) keeps its origin, as
		// fmt.Errorf("%w") does: errors.As and Unwrap see through both.
		if o, ok := c.heldOrigin(v, depth); ok {
			return o
		}
		// Any other error of the project's own type (&ValidationError{
		// Field: "script"}) is as fresh as errors.New's.
		if sdk.ImplementsError(v.Type()) {
			return c.fresh(v.Block(), v.Pos())
		}
	case *ssa.UnOp:
		if g, ok := v.X.(*ssa.Global); ok {
			if obj, ok := g.Object().(*types.Var); ok && c.sdks.IsInvalidParamsSentinel(obj) {
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
	return origin{category: OtherFailure}
}

// callOrigin classifies the error a call returns: by what the role table
// or a summary says of the callee, as another handler's, as an error
// that wraps others, by the functions a dynamic call may run, or as the
// judgement has it.
func (c *classifier) callOrigin(call *ssa.Call, depth int) origin {
	class := c.flow.Classify(call.Common())
	if o, ok := c.classOrigin(call, class, depth); ok {
		return o
	}
	if fn := call.Common().StaticCallee(); fn != nil && c.s.isHandler(fn) {
		return c.judge.calledHandler()
	}
	if o, ok := c.wrappingOrigin(call, class, depth); ok {
		return o
	}
	if o, ok := c.dynamicOrigin(call); ok {
		return o
	}
	return c.judge.opaqueCall(call)
}

// classOrigin classifies the error of a call by its class, when the class
// decides it.
func (c *classifier) classOrigin(call *ssa.Call, class argflow.Class, depth int) (origin, bool) {
	switch class.Kind {
	case argflow.IsErrorResult:
		return origin{nilValue: true}, true // the problem is in the result
	case argflow.Decode:
		return origin{category: Decode, site: call.Pos()}, true
	case argflow.Validate:
		return origin{category: Validate, site: call.Pos()}, true
	case argflow.Pure:
		if class.Checked&argflow.ArgValue != 0 && !class.NotCheck {
			return origin{category: Validate, site: call.Pos()}, true // a parse error
		}
		return origin{category: OtherFailure}, true
	case argflow.Summarized:
		return c.summaryOrigin(call, depth), true
	}
	return origin{}, false
}

// wrappingOrigin classifies the error of a call that builds an error from
// other errors, or is given them: it keeps their origin
// (fmt.Errorf("...: %w", err), errors.Join, logAndReturn(err)). An error
// constructor that wraps nothing makes a fresh error.
func (c *classifier) wrappingOrigin(call *ssa.Call, class argflow.Class, depth int) (origin, bool) {
	wrapped, ok := c.wrappedOrigin(call, depth)
	if class.Kind == argflow.ErrorConstructor {
		// fmt.Errorf makes an error even when what it wraps is nil: in a
		// helper (logAndReturnError(msg, err)), its caller's conditions
		// tell what that error means when it passes nil.
		if !ok || wrapped.nilValue {
			if i, ok := c.derivedFromErrParam(call); ok {
				return origin{wraps: 1 << i}, true
			}
			return c.fresh(call.Block(), call.Pos()), true
		}
		// Only a helper's errors wrap its error parameters.
		if wrapped.wraps != 0 {
			var j joined
			j.addWrapped(wrapped)
			j.addWrapped(c.fresh(call.Block(), call.Pos()))
			return j.result(), true
		}
	}
	return wrapped, ok
}

// dynamicOrigin classifies the error of a call through an interface, a
// function value the package's value flow resolves, or a struct field
// whose stored functions are known.
func (c *classifier) dynamicOrigin(call *ssa.Call) (origin, bool) {
	if call.Common().IsInvoke() {
		return c.dispatchOrigin(call)
	}
	if o, ok := c.resolvedOrigin(call); ok {
		return o, true
	}
	return c.fieldOrigin(call)
}

// resolvedOrigin classifies the error of a call of a function value that
// the package's value flow resolves to functions of its own, all of them
// (t.Handler(ctx, req), with t from a table of tools the package builds):
// forwarded when each is a handler analyzed on its own, else what the
// summaries of the others say.
func (c *classifier) resolvedOrigin(call *ssa.Call) (origin, bool) {
	if c.s.reach == nil {
		return origin{}, false
	}
	callees, complete := c.s.reach.Callees(call.Common())
	if !complete || len(callees) == 0 {
		return origin{}, false
	}
	taints := c.flow.ArgTaints(call.Common())
	var j joined
	for _, fn := range callees {
		switch sum := c.s.summaryOf(fn); {
		case c.s.isHandler(fn), c.s.converted[fn]:
			// A handler's error is judged where it is returned; one
			// whose every path to the SDK converts it reaches this call
			// only on such a path (a shared adapter that one guard
			// wraps and a logger another).
			j.add(c.judge.calledHandler())
		case sum != nil:
			if o := sum.pick(taints, c.argFields(call.Common())); o.Category != None {
				j.add(c.s.outcomeOrigin(fn, o))
			} else {
				j.add(origin{nilValue: true})
			}
		default:
			j.add(origin{category: OtherFailure})
		}
	}
	return j.result(), true
}

// derivedFromErrParam reports, for a helper being summarized, whether the
// error that call makes is a rewrite of one of the helper's error
// parameters: made from its text or from what errors.As found in it
// (fmt.Errorf("invalid %s: %s", ute.Field, err.Error())), or made only
// where a test of it holds (if errors.As(err, &ute) { return
// fmt.Errorf(...) }). It is that error in other words, and keeps its
// origin, whatever message it makes.
func (c *classifier) derivedFromErrParam(call *ssa.Call) (int, bool) {
	if len(c.errParams) == 0 {
		return 0, false
	}
	seen := make(map[ssa.Value]bool)
	for _, op := range argflow.Operands(call.Common()) {
		if i, ok := c.errParamOf(op, 0, seen); ok {
			return i, true
		}
	}
	for _, cond := range c.flow.ControlConditions(call.Block()) {
		if i, ok := c.errParamOf(cond, 0, seen); ok {
			return i, true
		}
	}
	return 0, false
}

// errParamOf returns the error parameter v is computed from, if any:
// through the operands of the instructions that compute it, and through
// the variables errors.As and the like fill from it.
func (c *classifier) errParamOf(v ssa.Value, depth int, seen map[ssa.Value]bool) (int, bool) {
	if p, ok := v.(*ssa.Parameter); ok {
		i, ok := c.errParams[p]
		return i, ok && i < 64
	}
	if v == nil || seen[v] || depth > maxDepth {
		return 0, false
	}
	seen[v] = true
	var from []ssa.Value
	if cell, ok := v.(*ssa.Alloc); ok {
		// A variable: what is stored into it, and the operands of the
		// calls given its address (errors.As(err, &ute)).
		for _, ref := range *cell.Referrers() {
			switch ref := ref.(type) {
			case *ssa.Store:
				from = append(from, ref.Val)
			case ssa.CallInstruction:
				from = append(from, argflow.Operands(ref.Common())...)
			}
		}
	} else if instr, ok := v.(ssa.Instruction); ok {
		for _, op := range instr.Operands(nil) {
			if *op != nil {
				from = append(from, *op)
			}
		}
	}
	for _, w := range from {
		if i, ok := c.errParamOf(w, depth+1, seen); ok {
			return i, true
		}
	}
	return 0, false
}

// argFields tells, for a summary's pick, how the fields of the struct
// operands of call relate to the arguments.
func (c *classifier) argFields(call *ssa.CallCommon) func(param int) map[string]argflow.Taint {
	return func(param int) map[string]argflow.Taint { return c.flow.ArgFields(call, param) }
}

// summaryOrigin classifies the error of a call to a summarized function:
// the errors it makes, judged by its summary, joined with those it makes
// unconditionally, judged by the conditions of the call here, and those
// it wraps, judged where they come from.
func (c *classifier) summaryOrigin(call *ssa.Call, depth int) origin {
	common := call.Common()
	fn := common.StaticCallee()
	o := c.s.summaryOf(fn).pick(c.flow.ArgTaints(common), c.argFields(common))
	var j joined
	if o.Category != None {
		j.addWrapped(c.s.outcomeOrigin(fn, o))
	}
	var wrapped joined
	for _, i := range o.Wraps {
		for _, arg := range argflow.Arg(common, i) {
			for _, src := range argflow.Sources(arg) {
				if isErrorValue(src) {
					wrapped.addWrapped(c.originOf(src, depth+1))
				}
			}
		}
	}
	if w := wrapped.result(); !w.nilValue {
		j.addWrapped(w)
	} else if o.Fresh {
		// It makes a new error (of what it was given, nil here): the
		// conditions of the call tell what that error means.
		j.addWrapped(c.fresh(call.Block(), call.Pos()))
	}
	return j.result()
}

// wrappedOrigin classifies the error operands of call together; ok is
// false when call takes no non-nil error.
func (c *classifier) wrappedOrigin(call *ssa.Call, depth int) (origin, bool) {
	var j joined
	for _, op := range argflow.Operands(call.Common()) {
		for _, src := range argflow.Sources(op) {
			if isErrorValue(src) {
				if o := c.originOf(src, depth+1); !o.nilValue && !o.requestLevel {
					j.addWrapped(o)
				}
			}
		}
	}
	return j.result(), j.any
}

// heldOrigin classifies the errors stored into the fields of a, an
// allocation of an error type; ok is false when it holds none.
func (c *classifier) heldOrigin(a *ssa.Alloc, depth int) (origin, bool) {
	if !isErrorValue(a) {
		return origin{}, false
	}
	var j joined
	for _, ref := range *a.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || fa.X != a {
			continue
		}
		for _, r := range *fa.Referrers() {
			st, ok := r.(*ssa.Store)
			if !ok || st.Addr != fa || !isErrorValue(st.Val) {
				continue
			}
			for _, src := range argflow.Sources(st.Val) {
				if o := c.originOf(src, depth+1); !o.nilValue && !o.requestLevel {
					j.addWrapped(o)
				}
			}
		}
	}
	return j.result(), j.any
}

// marks returns the named types of the error values sources may hold,
// looking through the errors that constructors and helpers wrap, as
// errors.As does: an allocation of a named type, or what a helper's
// summary says it makes.
func (c *classifier) marks(sources []ssa.Value) []string {
	var out []string
	for _, src := range sources {
		out = sorted.Union(out, c.sourceMarks(src))
	}
	return out
}

// sourceMarks is marks for one source, memoized: error chains share their
// links, and a chain met again while it is being followed adds nothing.
func (c *classifier) sourceMarks(src ssa.Value) []string {
	if m, ok := c.markMemo[src]; ok {
		return m
	}
	if c.markMemo == nil {
		c.markMemo = make(map[ssa.Value][]string)
	}
	c.markMemo[src] = nil
	var out []string
	if a, ok := src.(*ssa.Alloc); ok {
		if name := handlers.TypeName(a.Type().(*types.Pointer).Elem()); name != "" {
			out = []string{name}
		}
	} else if call, _ := argflow.CallOf(src); call != nil {
		if fn := call.Common().StaticCallee(); fn != nil {
			if sum := c.s.summaryOf(fn); sum != nil && !sum.Handler {
				out = sorted.Union(out, sum.pick(c.flow.ArgTaints(call.Common()), c.argFields(call.Common())).Marks)
			}
		}
		for _, op := range argflow.Operands(call.Common()) {
			if isErrorValue(op) {
				out = sorted.Union(out, c.marks(argflow.Sources(op)))
			}
		}
	}
	c.markMemo[src] = out
	return out
}

func intersects(a, b []string) bool {
	return slices.ContainsFunc(a, func(x string) bool { return slices.Contains(b, x) })
}

// isErrorValue reports whether v is an error.
func isErrorValue(v ssa.Value) bool { return sdk.ImplementsError(v.Type()) }

// invalidParams classifies an InvalidParams error built in block b: an
// invalid-params finding whatever the cause, unless the request itself
// is what is invalid.
func (c *classifier) invalidParams(b *ssa.BasicBlock, site token.Pos) origin {
	if c.flow.Unreachable(b) {
		return origin{nilValue: true}
	}
	for _, cond := range c.flow.ControlConditions(b) {
		if c.flow.Taint(cond)&argflow.RequestLevel != 0 {
			return origin{requestLevel: true}
		}
	}
	return origin{category: InvalidParams, site: site}
}

// fresh classifies an error created in block b: it is an argument error
// when every branch condition b depends on tests an argument value, and
// request-level when one tests the request itself.
func (c *classifier) fresh(b *ssa.BasicBlock, site token.Pos) origin {
	if c.flow.Unreachable(b) {
		return origin{nilValue: true}
	}
	conds := c.flow.ControlConditions(b)
	if len(conds) == 0 {
		return c.judge.unconditional(site)
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
			t = c.flow.LoopFailure(cond)
		}
		if t == 0 {
			return origin{category: OtherFailure}
		}
		if t&argflow.DecodeFailure != 0 {
			kind = Decode
		}
	}
	if p := valuePos(conds[0]); p.IsValid() {
		site = p
	}
	return origin{category: kind, site: site}
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
