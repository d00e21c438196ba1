// Package errorigin defines an Analyzer that classifies, for each return
// statement of each MCP tool handler, where the returned error comes from
// and whether it reaches the client as a JSON-RPC protocol error.
//
// It reports nothing itself: the mcperrlint analyzer decides, from its
// configuration, which classified returns to report.
package errorigin

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/argflow"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
	"github.com/mcperrlint/mcperrlint/passes/scope"
)

// New returns the pass that summarizes the package's functions and
// classifies the errors the tool handlers of the SDKs in sdks return, in
// the SSA scope scopePass builds and with the handlers handlersPass finds.
func New(scopePass, handlersPass *analysis.Analyzer, sdks sdk.Table) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     "mcperrorigin",
		Doc:      "classify where the errors MCP tool handlers return come from",
		URL:      "https://github.com/mcperrlint/mcperrlint",
		Requires: []*analysis.Analyzer{scopePass, handlersPass},
		Run: func(pass *analysis.Pass) (any, error) {
			return run(pass, pass.ResultOf[scopePass].(*scope.Result), pass.ResultOf[handlersPass].(*handlers.Result), sdks)
		},
		ResultType: reflect.TypeFor[*Result](),
		FactTypes:  []analysis.Fact{new(Summary), new(handlers.ForwardSeeds), new(SDKVersion), new(FieldFuncs), new(MethodSummaries)},
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

func run(pass *analysis.Pass, sc *scope.Result, hs *handlers.Result, sdks sdk.Table) (*Result, error) {
	exportSDKVersion(pass, sdks)
	below := importedMethodSummaries(pass)
	prog, table, fixed := sc.Result, sc.Roles, sc.Fixed
	if prog == nil {
		exportMethodSummaries(pass, below, false)
		return &Result{}, nil
	}
	index := newTypeIndex()
	index.summarized = below
	// The handlers are found first (package handlers): which functions
	// are handlers, and which forward the errors of which, is the role
	// table's and the SDKs' question alone. Then one summarizer, whose
	// summaries are the functions' own: they tell which arguments of each
	// forward hold argument values (Seed), and the classification of the
	// handlers' returns reads them knowing which functions are handlers (a
	// handler's callers forward its errors, a helper's are judged).
	s := newSummarizer(pass, prog, table, sdks, fixed, index)
	own := knowing{summarizer: s}
	hs.Seed(func(h *handlers.Handler) *argflow.Func { return own.flow(h.Fn, sdk.Bindings{h.SDK}, h.Seeds) }, pass.ImportObjectFact)
	hs.ExportSeeds(pass.ExportObjectFact)
	known := knowing{s, newKnowledge(hs)}
	s.fieldFuncs = known.storedFieldFuncs()
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
		c := &classifier{flow: known.flow(h.Fn, sdks, h.Seeds), sdks: sdks, s: known, judge: judgeHandler{}}
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
	res.Assertions = known.assertions(hs, RecoveredSDKs(res.Servers), ConvertedSDKs(res.Servers))
	// Nor does it mark a result that carries an error's text.
	res.Unflagged = unflagged(pass.Fset, hs)
	exportMethodSummaries(pass, below, s.export(known.known))
	return res, nil
}
