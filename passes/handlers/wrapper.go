package handlers

import (
	"cmp"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// A ForwardedParam says that a raw tool handler calls the function held by
// parameter Param of a wrapper and returns its error as its own.
type ForwardedParam struct {
	Param int
	// Made reports that the function forwarded is the one the
	// parameter's function returns (handlerFn(deps)(ctx, req, args)).
	Made bool
	// Method, when set, says the parameter is an interface whose method
	// of that name the handler calls (t.Call(ctx, req)).
	Method string
	// SDK names the descriptor of the handler's SDK.
	SDK string
	// Args is how many arguments the handler passes in the call, and
	// Seeds which of them hold argument values: set in what
	// WrapperSeeds returns only, which the summaries tell (Result.Seed).
	Args  int
	Seeds []int
	// ResultFlow reports that the handler also returns the call's tool
	// result as its own.
	ResultFlow bool
}

// A wrapper is a fact about a function that builds raw tool handlers
// around the functions it is given (inventory.NewTool(tool, body),
// WithToolErrors(handler)): what those handlers do with each
// function-typed parameter's errors. The packages that pass functions
// there read it, so a body is judged where it is written.
//
// Wrappers hold no positions, maps or pointers: they are gob-encoded
// between the units of go vet and must encode the same way every time.
type wrapper struct {
	// Forwards lists the parameters whose functions the handlers call,
	// returning their errors as their own: a function passed there is
	// checked like a handler in its own package.
	Forwards []ForwardedParam

	// Converts lists the parameters whose functions the handlers call,
	// turning their errors into tool errors: a handler given only there
	// is correct whatever error it returns, but for values of the error
	// types in Escapes, which the handlers pass on as protocol errors all
	// the same.
	Converts []int
	Escapes  []string

	// Recovers lists the parameters whose functions the handlers call
	// under a deferred recover that answers the panic with a tool result:
	// a panic of a function passed there never reaches the SDK.
	// RecoversAsError lists those called under one that returns the panic
	// as the handler's error: it reaches the SDK as that error does.
	Recovers, RecoversAsError []int
}

// AFact marks wrapper as an analysis.Fact.
func (*wrapper) AFact() {}

func (w *wrapper) String() string {
	var parts []string
	for _, f := range w.Forwards {
		p := "forwards " + strconv.Itoa(f.Param)
		if f.Method != "" {
			p += "." + f.Method
		}
		parts = append(parts, p)
	}
	if len(w.Converts) > 0 {
		c := "converts"
		for _, p := range w.Converts {
			c += " " + strconv.Itoa(p)
		}
		parts = append(parts, c)
	}
	if len(w.Escapes) > 0 {
		parts = append(parts, "escapes "+strings.Join(w.Escapes, " "))
	}
	for _, l := range []struct {
		name   string
		params []int
	}{{"recovers", w.Recovers}, {"recovers as error", w.RecoversAsError}} {
		if len(l.params) > 0 {
			c := l.name
			for _, p := range l.params {
				c += " " + strconv.Itoa(p)
			}
			parts = append(parts, c)
		}
	}
	return strings.Join(parts, "; ")
}

// Inputs is what finding a package's handlers reads beyond the package's
// SSA form and role table: what crosses the package boundary, as facts.
type Inputs struct {
	// ImportFact reads a fact of another package's object
	// (analysis.Pass.ImportObjectFact): Wrapper facts, here.
	ImportFact func(types.Object, analysis.Fact) bool

	// InSDK reports whether a package belongs to an SDK. The SDKs'
	// functions are what their descriptors say, whatever facts they may
	// carry from a run over the SDK's own repository.
	InSDK func(path string) bool
}

// Export records, as Wrapper facts, what the package's functions do with
// the functions they are given, for the packages that import them.
func (r *Result) Export(export func(types.Object, analysis.Fact)) {
	fns := make(map[*ssa.Function]bool)
	for fn := range r.Forwards {
		fns[fn] = true
	}
	for fn := range r.Converts {
		fns[fn] = true
	}
	for fn := range r.Recovers {
		fns[fn] = true
	}
	for fn := range r.RecoversAsError {
		fns[fn] = true
	}
	for fn := range fns {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Synthetic != "" || fn.Pkg == nil || obj.Pkg() != fn.Pkg.Pkg {
			continue
		}
		w := wrapper{Forwards: r.Forwards[fn], Converts: r.Converts[fn], Escapes: r.Escapes[fn], Recovers: r.Recovers[fn], RecoversAsError: r.RecoversAsError[fn]}
		if len(w.Forwards) > 0 || len(w.Converts) > 0 || len(w.Recovers) > 0 || len(w.RecoversAsError) > 0 {
			export(obj, &w)
		}
	}
}

// wrapper returns the Wrapper fact of fn, a function of another package,
// or nil when it has none.
func (f *finder) wrapper(fn *ssa.Function) *wrapper {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || f.in.ImportFact == nil || f.in.InSDK != nil && f.in.InSDK(obj.Pkg().Path()) {
		return nil
	}
	obj = obj.Origin()
	if w, ok := f.wrappers[obj]; ok {
		return w
	}
	var w *wrapper
	if fact := new(wrapper); f.in.ImportFact(obj, fact) {
		w = fact
	}
	f.wrappers[obj] = w
	return w
}

// recordForwards keeps, for the package's fact, the function parameters
// its raw handlers forward.
func (f *finder) recordForwards(byParam map[paramKey][]forwardSite) {
	f.forwards = make(map[*ssa.Function][]ForwardedParam)
	f.wrapperSites = make(map[*ssa.Function][]wrapperSite)
	for key, sites := range byParam {
		if key.index < 0 || key.fn.Parent() != nil {
			continue
		}
		for _, site := range sites {
			fp := ForwardedParam{Param: key.index, Made: key.made, Method: key.method, SDK: site.from.SDK.Name, Args: site.args, ResultFlow: site.resultFlow}
			f.forwards[key.fn] = append(f.forwards[key.fn], fp)
			f.wrapperSites[key.fn] = append(f.wrapperSites[key.fn], wrapperSite{fp, site.src})
		}
	}
	// byParam is a map: sort on every field and drop duplicates, so that
	// the fact encodes the same bytes on every run (go vet and
	// golangci-lint cache facts by their encoding).
	for fn, fps := range f.forwards {
		slices.SortFunc(fps, compareForwardedParams)
		f.forwards[fn] = slices.CompactFunc(fps, func(a, b ForwardedParam) bool { return compareForwardedParams(a, b) == 0 })
	}
}

// compareForwardedParams orders ForwardedParams on all their fields.
func compareForwardedParams(a, b ForwardedParam) int {
	return cmp.Or(
		cmp.Compare(a.Param, b.Param),
		compareBools(a.Made, b.Made),
		strings.Compare(a.Method, b.Method),
		strings.Compare(a.SDK, b.SDK),
		cmp.Compare(a.Args, b.Args),
		slices.Compare(a.Seeds, b.Seeds),
		compareBools(a.ResultFlow, b.ResultFlow),
	)
}

func compareBools(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}
