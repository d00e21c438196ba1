package errorigin

import (
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/argflow"
	"github.com/mcperrlint/mcperrlint/internal/handlers"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/mcpssa"
	"github.com/mcperrlint/mcperrlint/internal/sorted"
)

// A Summary is a fact about a function: what its error result means when a
// tool handler calls it with the tool call's arguments. Handlers in every
// package that imports the function classify a call to it from its
// summary, the way they classify a call to json.Unmarshal, so a project's
// own decode, validate, error-wrapping and tool-result helpers are seen
// through wherever they live.
//
// Summaries hold no positions, maps or pointers: they are gob-encoded
// between the units of go vet and nogo, and must encode the same way
// every time.
type Summary struct {
	// Handler reports that the function is a tool handler in its own
	// right, whose returns are reported in its own package: a handler
	// that returns its error forwards it, and is not reported for it.
	Handler bool

	// Outcomes describe the function with no parameter holding argument
	// values (Param -1; it may still read them through a request), and
	// with each parameter that changes that, in parameter order. A
	// method's receiver is parameter 0.
	Outcomes []Outcome
}

// AFact marks Summary as an analysis.Fact.
func (*Summary) AFact() {}

func (s *Summary) String() string {
	var parts []string
	if s.Handler {
		parts = append(parts, "handler")
	}
	for _, o := range s.Outcomes {
		parts = append(parts, o.String())
	}
	return strings.Join(parts, "; ")
}

// An Outcome is what the errors a function returns mean, when the
// parameter Param holds argument values (-1: none does).
type Outcome struct {
	Param int

	// Kind is the origin of the errors the function makes itself: the
	// strongest argument kind when one of its returns makes one (an
	// argument error on some paths and an API failure on others is an
	// argument error on those paths, and the fix that returns a tool
	// error is right on every path), OtherFailure when it makes only other
	// errors, None when it makes none (it never fails, or only passes on
	// what it was given or fails for request-level reasons).
	Category Category

	// Protocol reports that every error it returns is a value of one of
	// the SDK's protocol error types, which a typed go-sdk handler
	// passes through when it returns the error as is.
	Protocol bool

	// Fresh reports that the function also makes an error whatever its
	// parameters hold (errRequired("city")): the caller's own conditions
	// tell what that error means.
	Fresh bool

	// Wraps lists the error parameters whose origin the returned error
	// keeps (logAndReturn(logger, msg, err)).
	Wraps []int

	// Values lists its results, other than the error, that hold argument
	// values (RequiredParam[string](args, "owner")), by index.
	Values []int

	// Fills lists the pointer parameters it decodes argument data into
	// (decodeArgs(req, &args)).
	Fills []int

	// Tests lists its results, other than the error, that say whether an
	// argument value passed a check: a predicate such as IsValid(name),
	// a lookup of the argument in a map fixed at initialization.
	Tests []int

	// Marks lists the named types of the errors it makes
	// (InvalidParams(err) returning &ProtocolError{...}).
	Marks []string

	// Field, when set, says the outcome is the function's when only that
	// field of parameter Param, a struct, holds argument values; ByField
	// marks the whole parameter's outcome of a function that has them:
	// a caller that knows which fields of what it passes hold argument
	// values picks among the fields' outcomes (a client checking
	// scope.AccountID, which the server's configuration fills, is given
	// arguments in scope.OrgID only). A field whose outcome is the base
	// outcome has none.
	Field   string
	ByField bool

	// Keys, when set, says the outcome is the function's when parameter
	// Param, a map, holds every one of these keys, which it looks up
	// with a comma-ok and fails without: a caller that passes a map
	// literal of its own with them gets no argument error from those
	// checks, whatever values it put there.
	Keys []string

	// FieldValues lists, for results in Values that are structs holding
	// argument values in some fields only, those fields.
	FieldValues []argflow.FieldValue

	// Line locates the decisive return in the file that declares the
	// function.
	Line int

	pos token.Pos // the decisive return, for functions of this package
}

func (o Outcome) String() string {
	s := "param " + itoa(o.Param)
	if o.Field != "" {
		s += "." + o.Field
	}
	s += ": " + o.Category.String()
	if o.Protocol {
		s += " protocol"
	}
	if o.Fresh {
		s += " fresh"
	}
	if len(o.Wraps) > 0 {
		s += " wraps" + ints(o.Wraps)
	}
	if len(o.Values) > 0 {
		s += " values" + ints(o.Values)
	}
	if len(o.Fills) > 0 {
		s += " fills" + ints(o.Fills)
	}
	if len(o.Tests) > 0 {
		s += " tests" + ints(o.Tests)
	}
	if len(o.Marks) > 0 {
		s += " marks " + strings.Join(o.Marks, " ")
	}
	if o.ByField {
		s += " by field"
	}
	if len(o.Keys) > 0 {
		s += " if keys " + strings.Join(o.Keys, " ")
	}
	for _, fv := range o.FieldValues {
		s += " value " + itoa(fv.Result) + "." + fv.Field
	}
	return s
}

func itoa(i int) string { return strconv.Itoa(i) }

// summarizer computes the summaries of a package's functions, and reads
// those of its dependencies' from facts.
type summarizer struct {
	pass     *analysis.Pass
	pkg      *ssa.Package
	sdks     sdk.Bindings
	roles    *roles.Table
	handlers map[*ssa.Function]*handlers.Handler
	// converted holds the handler-shaped functions whose every path to
	// the SDK converts their errors (handlers.Result.Converted).
	converted map[*ssa.Function]bool
	reach     *handlers.Reach // where the package's registrations lead
	fixed     argflow.FixedMaps
	srcFuncs  []*ssa.Function // the package's functions, literals after their parents

	local map[*ssa.Function]*Summary // nil while being computed

	fieldFuncs *FieldFuncs // what functions stored into fields do
	sdkTable   sdk.Table   // the SDKs the analyzer knows

	// types indexes what the package can see, for both summarizers of
	// a run: which summarizer asks does not change the answers.
	types *typeIndex
}

// A typeIndex holds what a package sees of other packages, computed once
// for the summarizers of one pass.
type typeIndex struct {
	imported     map[*types.Func]*Summary      // summaries of other packages' functions, nil for none
	impls        map[*types.Func][]*types.Func // implementations of interface methods
	implementers map[*types.Interface][]*types.Pointer
	concrete     []*types.Pointer // the visible named types an interface may be implemented by
	byMethod     map[string][]int // indexes into concrete of the types that may have a method of a name
	// methodSummaries holds whether a package's types may have methods
	// with summaries (see mayHaveMethodSummaries); summarized lists the
	// packages below this one that export method summaries.
	methodSummaries map[*types.Package]bool
	summarized      map[string]bool
	visible         []*types.Package // the package and its imports, once listed
}

func newTypeIndex() *typeIndex {
	return &typeIndex{
		imported:        make(map[*types.Func]*Summary),
		impls:           make(map[*types.Func][]*types.Func),
		implementers:    make(map[*types.Interface][]*types.Pointer),
		methodSummaries: make(map[*types.Package]bool),
	}
}

// newSummarizer returns a summarizer of the package whose handlers hs
// lists. With hs nil it takes every function of the package for a
// helper: that is the view handlers are found with.
func newSummarizer(pass *analysis.Pass, prog *mcpssa.Result, table *roles.Table, sdks sdk.Table, fixed argflow.FixedMaps, index *typeIndex, hs *handlers.Result) *summarizer {
	s := &summarizer{
		pass:     pass,
		pkg:      prog.Pkg,
		sdks:     prog.SDKs,
		roles:    table,
		sdkTable: sdks,
		fixed:    fixed,
		srcFuncs: prog.SrcFuncs,
		handlers: make(map[*ssa.Function]*handlers.Handler),
		local:    make(map[*ssa.Function]*Summary),
		types:    index,
	}
	if hs != nil {
		for _, h := range hs.Handlers {
			s.handlers[h.Fn] = h
		}
		s.converted = make(map[*ssa.Function]bool)
		for _, h := range hs.Converted {
			s.converted[h.Fn] = true
		}
		s.reach = hs.Reach
	}
	return s
}

// flow returns an argument tracker for fn that sees through summarized
// calls.
func (s *summarizer) flow(fn *ssa.Function, sdks sdk.Bindings, seeds []*ssa.Parameter) *argflow.Func {
	f := argflow.New(fn, sdks, s.roles, seeds)
	f.Summaries, f.Fixed = s, s.fixed
	return f
}

// Effect implements argflow.Summarizer.
func (s *summarizer) Effect(fn *ssa.Function, args []argflow.Taint, fields func(param int) map[string]argflow.Taint) (argflow.Effect, bool) {
	sum := s.summaryOf(fn)
	if sum == nil || sum.Handler {
		return argflow.Effect{}, false
	}
	o := sum.pick(args, fields)
	e := argflow.Effect{Fills: o.Fills, Wraps: o.Wraps, FieldValues: o.FieldValues}
	switch o.Category {
	case Decode:
		e.Err = argflow.DecodeFailure
	case Validate, InvalidParams:
		e.Err = argflow.CheckFailure
	}
	e.Values, e.Tests = o.Values, o.Tests
	return e, true
}

// isHandler reports whether fn is a tool handler analyzed on its own, in
// this package or its own.
func (s *summarizer) isHandler(fn *ssa.Function) bool {
	if fn = originFunc(fn); fn == nil {
		return false
	}
	if s.handlers[fn] != nil {
		return true
	}
	sum := s.summaryOf(fn)
	return sum != nil && sum.Handler
}

func originFunc(fn *ssa.Function) *ssa.Function {
	if fn != nil && fn.Origin() != nil {
		return fn.Origin()
	}
	return fn
}

// summaryOfObject returns the summary of the function or method obj, of
// this package or another.
func (s *summarizer) summaryOfObject(obj *types.Func) *Summary {
	if obj.Pkg() == s.pass.Pkg {
		return s.summaryOf(s.pkg.Prog.FuncValue(obj))
	}
	return s.importedSummary(obj)
}

// importedSummary returns the summary of obj, a function of another
// package, from its fact.
func (s *summarizer) importedSummary(obj *types.Func) *Summary {
	obj = obj.Origin()
	if sum, ok := s.types.imported[obj]; ok {
		return sum
	}
	var sum *Summary
	// The SDKs' functions are what the descriptors say: their summaries
	// exist only in the SDK's own repository, and reading them there
	// would judge its examples unlike a user's code.
	if obj.Pkg() != nil && obj.Pkg() != s.pass.Pkg && !s.sdkTable.InSDK(obj.Pkg().Path()) {
		var fact Summary
		if s.pass.ImportObjectFact(obj, &fact) {
			sum = &fact
		}
	}
	s.types.imported[obj] = sum
	return sum
}

// summaryOf returns the summary of fn, or nil when there is none: fn is
// synthetic, belongs to a package that was not summarized, or is being
// summarized (a recursive call).
func (s *summarizer) summaryOf(fn *ssa.Function) *Summary {
	fn = originFunc(fn)
	// Synthetic functions with a body (wrappers, thunks, bound methods)
	// take other parameters than the function summarized. Functions of
	// other packages have no body here: they are built from types.
	if fn == nil || fn.Synthetic != "" && fn.Blocks != nil {
		return nil
	}
	if fn.Pkg != s.pkg {
		obj, ok := fn.Object().(*types.Func)
		if !ok {
			return nil
		}
		return s.importedSummary(obj)
	}
	if fn.Blocks == nil {
		return nil
	}
	if sum, ok := s.local[fn]; ok {
		return sum
	}
	s.local[fn] = nil
	sum := s.summarize(fn)
	s.local[fn] = sum
	return sum
}

// maxSeeded bounds the parameters summarized one by one.
const maxSeeded = 8

// summarize computes the summary of one function of this package.
func (s *summarizer) summarize(fn *ssa.Function) *Summary {
	// A raw handler's callers forward it; a typed handler called
	// directly by another is summarized like any helper.
	if h := s.handlers[fn]; h != nil && h.Kind == sdk.Raw {
		return &Summary{Handler: true}
	}
	results := fn.Signature.Results()
	if results.Len() == 0 {
		return nil
	}
	errParams := make(map[*ssa.Parameter]int)
	for i, p := range fn.Params {
		if sdk.IsError(p.Type()) {
			errParams[p] = i
		}
	}
	base := s.outcome(fn, -1, -1, errParams)
	sum := &Summary{Outcomes: []Outcome{base}}
	seeded := 0
	for i, p := range fn.Params {
		if !s.seedable(p.Type()) || seeded == maxSeeded {
			continue
		}
		seeded++
		o := s.outcome(fn, i, -1, errParams)
		if o.sameAs(base) {
			continue
		}
		st := argflow.StructFields(p.Type())
		if o.Category <= OtherFailure || st == nil || st.NumFields() > maxFields {
			sum.Outcomes = append(sum.Outcomes, o)
			if ko, ok := s.keyedOutcome(fn, i, o, errParams); ok {
				sum.Outcomes = append(sum.Outcomes, ko)
			}
			continue
		}
		o.ByField = true
		sum.Outcomes = append(sum.Outcomes, o)
		for j := range st.NumFields() {
			if of := s.outcome(fn, i, j, errParams); !of.sameAs(base) {
				of.Field = st.Field(j).Name()
				sum.Outcomes = append(sum.Outcomes, of)
			}
		}
	}
	return sum
}

// keyedOutcome returns the outcome of fn when parameter param, a map,
// holds argument values and every constant key fn looks up in it with a
// comma-ok (params["teamRefId"]), when that is weaker than o, the
// outcome without the keys: fn's argument errors then come from checking
// that the keys are there, which a caller's own literal settles.
func (s *summarizer) keyedOutcome(fn *ssa.Function, param int, o Outcome, errParams map[*ssa.Parameter]int) (Outcome, bool) {
	if o.Category <= OtherFailure {
		return Outcome{}, false
	}
	p := fn.Params[param]
	keys := presenceKeys(p)
	if len(keys) == 0 {
		return Outcome{}, false
	}
	ko := s.outcomeOf(fn, param, -1, errParams, func(flow *argflow.Func) { flow.AssumeKeysPresent(p) })
	if ko.Category >= o.Category {
		return Outcome{}, false
	}
	ko.Keys = keys
	return ko, true
}

// presenceKeys returns, sorted, the constant string keys looked up with
// a comma-ok in the map parameter p itself.
func presenceKeys(p *ssa.Parameter) []string {
	if _, ok := p.Type().Underlying().(*types.Map); !ok {
		return nil
	}
	var keys []string
	for _, ref := range *p.Referrers() {
		l, ok := ref.(*ssa.Lookup)
		if !ok || !l.CommaOk || l.X != p {
			continue
		}
		if k, ok := l.Index.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String {
			keys = append(keys, constant.StringVal(k.Value))
		}
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// maxFields bounds the fields of a struct parameter summarized one by one.
const maxFields = 16

// seedable reports whether a parameter of type t can hold argument values
// worth tracking: not a context, an error, a function, a channel, or the
// request itself (whose argument fields are argument values anyway).
func (s *summarizer) seedable(t types.Type) bool {
	if sdk.IsError(t) {
		return false
	}
	if sdk.IsContext(t) {
		return false
	}
	switch t.Underlying().(type) {
	case *types.Signature, *types.Chan:
		return false
	}
	return !s.sdks.IsRequest(t)
}

// outcome classifies the returns of fn when parameter param (-1: none)
// holds argument values, in its field field only when that is not -1.
func (s *summarizer) outcome(fn *ssa.Function, param, field int, errParams map[*ssa.Parameter]int) Outcome {
	return s.outcomeOf(fn, param, field, errParams, nil)
}

// outcomeOf is outcome with the argument flow set up further by assume,
// when not nil.
func (s *summarizer) outcomeOf(fn *ssa.Function, param, field int, errParams map[*ssa.Parameter]int, assume func(*argflow.Func)) Outcome {
	var seeds []*ssa.Parameter
	if param >= 0 && field < 0 {
		seeds = append(seeds, fn.Params[param])
	}
	flow := s.flow(fn, s.sdks, seeds)
	if param >= 0 && field >= 0 {
		flow.SeedField(fn.Params[param], field)
	}
	if assume != nil {
		assume(flow)
	}
	c := &classifier{flow: flow, sdks: s.sdks, s: s, judge: judgeHelper{}, errParams: errParams}
	o := Outcome{Param: param}

	var all joined
	var best origin                          // the strongest argument origin of any return
	fieldValues := make(map[int][]ssa.Value) // the values of results holding argument values
	var decisive token.Pos
	protocol, anyErr := true, false
	results := fn.Signature.Results()
	hasErr := sdk.IsError(results.At(results.Len() - 1).Type())
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		values := ret.Results
		if hasErr {
			values = values[:len(values)-1]
			sources := argflow.Sources(ret.Results[len(ret.Results)-1])
			r := c.join(sources)
			if r.category > best.category && r.category != OtherFailure {
				best = r
				decisive = ret.Pos()
				if !decisive.IsValid() {
					decisive = r.site
				}
			}
			all.add(r)
			if !r.nilValue {
				anyErr = true
				protocol = protocol && c.allProtocolErrors(sources)
				o.Marks = sorted.Union(o.Marks, c.marks(sources))
			}
		}
		for i, v := range values {
			t := flow.Taint(v)
			if t&argflow.ArgValue != 0 && !slices.Contains(o.Values, i) {
				o.Values = append(o.Values, i)
				fieldValues[i] = append(fieldValues[i], v)
			}
			if t&(argflow.CheckFailure|argflow.DecodeFailure) != 0 && !slices.Contains(o.Tests, i) {
				o.Tests = append(o.Tests, i)
			}
		}
	}
	// A return that mixes an argument error with another does not hide
	// the helper's other returns, nor what it wraps and makes anew.
	o.Category, o.Fresh, o.Wraps = all.result().category, all.fresh, bits(all.wraps)
	if best.category != None {
		o.Category = best.category
	}
	o.Protocol = anyErr && protocol && o.Category == InvalidParams
	o.Fills = s.fills(fn, flow)
	o.FieldValues = structValues(flow, fieldValues)
	if decisive.IsValid() && o.Category > OtherFailure {
		o.pos = decisive
		p := s.pass.Fset.Position(decisive)
		o.Line = p.Line
	}
	return o
}

// structValues returns, for each struct result whose values hold
// argument values in some of its fields only, those fields.
func structValues(flow *argflow.Func, byResult map[int][]ssa.Value) []argflow.FieldValue {
	var out []argflow.FieldValue
	for _, i := range slices.Sorted(maps.Keys(byResult)) {
		vals := byResult[i]
		st := argflow.StructFields(vals[0].Type())
		if st == nil || st.NumFields() > maxFields {
			continue
		}
		var held []argflow.FieldValue
		for j := range st.NumFields() {
			for _, v := range vals {
				if flow.FieldTaint(v, j)&argflow.ArgValue != 0 {
					held = append(held, argflow.FieldValue{Result: i, Field: st.Field(j).Name()})
					break
				}
			}
		}
		if len(held) < st.NumFields() {
			out = append(out, held...)
		}
	}
	return out
}

// fills returns the parameters of fn that a decode in fn fills.
func (s *summarizer) fills(fn *ssa.Function, flow *argflow.Func) []int {
	var out []int
	add := func(target ssa.Value) {
		if p, ok := argflow.Unwrap(target).(*ssa.Parameter); ok {
			if i := slices.Index(fn.Params, p); i >= 0 && !slices.Contains(out, i) {
				out = append(out, i)
			}
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			class := flow.Classify(call.Common())
			if class.Kind == argflow.Decode {
				add(class.Target)
			}
			for _, t := range class.Targets {
				add(t)
			}
		}
	}
	slices.Sort(out)
	return out
}

// export records the summaries of the package's functions and methods as
// facts, for the packages that import it, and reports whether it recorded
// a method's.
func (s *summarizer) export() (methods bool) {
	// The declared functions and methods, not the method sets of the
	// package's types: those hold promoted methods, whose wrappers the
	// SSA builder would make only for them to be skipped (types that
	// embed Kubernetes' ObjectMeta promote dozens each).
	for _, fn := range s.srcFuncs {
		methods = s.exportFunc(fn) && fn.Signature.Recv() != nil || methods
	}
	// The package's fixed tables, for lookups in other packages.
	for g := range s.fixed {
		if v, ok := g.Object().(*types.Var); ok && g.Pkg == s.pkg && v.Exported() {
			s.pass.ExportObjectFact(v, new(FixedMap))
		}
	}
	return methods
}

// FixedMap is a fact about a package-level map variable: its package
// writes it only while it initializes, so its keys are a fixed set, and
// a lookup of an argument value there is a check of that value, in any
// package that does not write it either.
type FixedMap struct{}

// AFact marks FixedMap as a fact.
func (*FixedMap) AFact() {}

func (*FixedMap) String() string { return "fixed map" }

// exportFunc exports the summary of fn, if it tells callers anything,
// and reports whether it did.
func (s *summarizer) exportFunc(fn *ssa.Function) bool {
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() != s.pass.Pkg || fn.Synthetic != "" {
		return false
	}
	sum := s.summaryOf(fn)
	if sum == nil || !sum.informative() {
		return false
	}
	s.pass.ExportObjectFact(obj, sum.exported())
	return true
}

// exported returns the summary as the fact other packages see: in the
// standalone driver facts are not encoded, and must carry no position of
// this package's file set all the same, for both drivers to agree.
func (s *Summary) exported() *Summary {
	out := &Summary{Handler: s.Handler, Outcomes: slices.Clone(s.Outcomes)}
	for i := range out.Outcomes {
		out.Outcomes[i].pos = token.NoPos
	}
	return out
}

// informative reports whether the summary tells a caller more than an
// unknown function would.
func (s *Summary) informative() bool {
	if s.Handler {
		return true
	}
	for _, o := range s.Outcomes {
		if o.Category != OtherFailure || o.Fresh || len(o.Values) > 0 || len(o.Wraps) > 0 || len(o.Fills) > 0 || len(o.Tests) > 0 || len(o.Marks) > 0 {
			return true
		}
	}
	return false
}

func (o Outcome) sameAs(p Outcome) bool {
	return o.Category == p.Category && o.Protocol == p.Protocol && o.Fresh == p.Fresh && slices.Equal(o.Values, p.Values) &&
		slices.Equal(o.Wraps, p.Wraps) && slices.Equal(o.Fills, p.Fills) && slices.Equal(o.Tests, p.Tests) && slices.Equal(o.Marks, p.Marks) &&
		slices.Equal(o.FieldValues, p.FieldValues) && slices.Equal(o.Keys, p.Keys)
}

// pick returns the outcome of a call whose arguments have the given
// taints: the strongest among the parameters that hold argument values,
// or the base outcome when none does. fields, when not nil, tells how
// the fields of a struct argument relate to the arguments (nil for an
// argument that is no struct): a parameter with outcomes by field is
// judged by those of the fields that hold argument values.
func (s *Summary) pick(args []argflow.Taint, fields func(param int) map[string]argflow.Taint) Outcome {
	if len(s.Outcomes) == 0 {
		return Outcome{Param: -1} // a handler's summary says nothing of its errors
	}
	best := s.Outcomes[0]
	byField := make(map[int]map[string]argflow.Taint)
	argFields := func(param int) map[string]argflow.Taint {
		fm, ok := byField[param]
		if !ok && fields != nil {
			fm = fields(param)
			byField[param] = fm
		}
		return fm
	}
	// A map argument that holds every key of a keyed outcome is judged
	// by it alone.
	keyed := make(map[int]bool)
	for _, o := range s.Outcomes[1:] {
		if len(o.Keys) > 0 && o.Param < len(args) && holdsKeys(argFields(o.Param), o.Keys) {
			keyed[o.Param] = true
		}
	}
	for _, o := range s.Outcomes[1:] {
		if o.Param >= len(args) || args[o.Param]&argflow.ArgValue == 0 {
			continue
		}
		if (len(o.Keys) > 0) != keyed[o.Param] {
			continue
		}
		if o.ByField || o.Field != "" {
			fm := argFields(o.Param)
			if fm != nil && (o.ByField || fm[o.Field]&argflow.ArgValue == 0) {
				continue // the fields decide, and this one holds none
			}
			if fm == nil && o.Field != "" {
				continue // the whole parameter's outcome decides
			}
		}
		values, fills, tests := sorted.Union(best.Values, o.Values), sorted.Union(best.Fills, o.Fills), sorted.Union(best.Tests, o.Tests)
		if o.Category > best.Category || (o.Category == best.Category && o.Fresh && !best.Fresh) {
			best = o
		}
		best.Values, best.Fills, best.Tests = values, fills, tests
	}
	return best
}

// holdsKeys reports whether a map argument, described by its keys (nil
// when it is no literal of the caller's), holds every one of keys.
func holdsKeys(fm map[string]argflow.Taint, keys []string) bool {
	if fm == nil {
		return false
	}
	for _, k := range keys {
		if _, ok := fm[k]; !ok {
			return false
		}
	}
	return true
}

// outcomeOrigin returns the origin of the errors fn makes, by its
// outcome o: at its decisive return in this package; in another, at its
// declaration, with the line of the decisive return beside it, since the
// export data go vet reads keeps the positions of declarations only and
// both drivers must say the same.
func (s *summarizer) outcomeOrigin(fn *ssa.Function, o Outcome) origin {
	return s.objectOrigin(originFunc(fn).Object(), o)
}

// objectOrigin is outcomeOrigin for the function obj.
func (s *summarizer) objectOrigin(obj types.Object, o Outcome) origin {
	if o.pos.IsValid() {
		return origin{category: o.Category, site: o.pos}
	}
	if obj == nil {
		return origin{category: o.Category}
	}
	via := obj.Name()
	if obj.Pkg() != nil {
		via = obj.Pkg().Name() + "." + via
	}
	if f, ok := obj.(*types.Func); ok {
		if recv := f.Signature().Recv(); recv != nil {
			via = types.TypeString(recv.Type(), (*types.Package).Name)
			if strings.HasPrefix(via, "*") {
				via = "(" + via + ")"
			}
			via += "." + obj.Name()
		}
	}
	// The start of the declaration's line: export data keeps no columns.
	site := obj.Pos()
	if tf := s.pass.Fset.File(site); tf != nil {
		site = tf.LineStart(tf.Line(site))
	}
	return origin{category: o.Category, site: site, via: via, siteLine: o.Line}
}

func bits(mask uint64) []int {
	var out []int
	for i := range 64 {
		if mask&(1<<i) != 0 {
			out = append(out, i)
		}
	}
	return out
}

func ints(xs []int) string {
	s := ""
	for _, x := range xs {
		s += " " + itoa(x)
	}
	return s
}
