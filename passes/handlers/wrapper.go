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
	// Seeds which of them hold argument values: set in the seeds pass's
	// fact only, which the summaries tell (package seeds).
	Args  int
	Seeds []int
	// ResultFlow reports that the handler also returns the call's tool
	// result as its own.
	ResultFlow bool
}

// A wrapper is a fact about a function that builds raw tool handlers
// around the functions it is given (inventory.NewTool(tool, body)): the
// function-typed parameters whose functions those handlers call,
// returning their errors as their own. The packages that pass functions
// there read it, so a body is judged where it is written; a function
// passed there is checked like a handler in its own package. What such
// handlers convert or recover is the paths pass's fact.
//
// Wrappers hold no positions, maps or pointers: they are gob-encoded
// between the units of go vet and must encode the same way every time.
type wrapper struct {
	Forwards []ForwardedParam
}

// AFact marks wrapper as an analysis.Fact.
func (*wrapper) AFact() {}

func (w *wrapper) String() string { return ForwardsString(w.Forwards) }

// ForwardsString says what a wrapper fact with these forwarded
// parameters says, in the words of the tests' fact expectations:
// "forwards 0; forwards 1.Call".
func ForwardsString(fps []ForwardedParam) string {
	var parts []string
	for _, f := range fps {
		p := "forwards " + strconv.Itoa(f.Param)
		if f.Method != "" {
			p += "." + f.Method
		}
		parts = append(parts, p)
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

// Export records, as Wrapper facts, which function parameters the
// package's wrappers forward, for the packages that import them.
func (r *Result) Export(export func(types.Object, analysis.Fact)) {
	for fn, fps := range r.Forwards {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Synthetic != "" || fn.Pkg == nil || obj.Pkg() != fn.Pkg.Pkg || len(fps) == 0 {
			continue
		}
		export(obj, &wrapper{Forwards: fps})
	}
}

// wrapper returns the Wrapper fact of fn, a function of another package,
// or nil when it has none.
func (f *finder) wrapper(fn *ssa.Function) *wrapper {
	return ImportFact(f.in, f.wrappers, fn)
}

// ImportFact returns the fact of type *T of fn, a function of another
// package (its generic origin's), read through in and kept in cache, or
// nil when it has none. The SDKs' functions have none: their
// descriptors say what they do.
func ImportFact[T any, PT interface {
	*T
	analysis.Fact
}](in Inputs, cache map[*types.Func]PT, fn *ssa.Function) PT {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || in.ImportFact == nil || in.InSDK != nil && in.InSDK(obj.Pkg().Path()) {
		return nil
	}
	obj = obj.Origin()
	if fact, ok := cache[obj]; ok {
		return fact
	}
	var fact PT
	if read := PT(new(T)); in.ImportFact(obj, read) {
		fact = read
	}
	cache[obj] = fact
	return fact
}

// recordForwards keeps, for the package's fact, the function parameters
// its raw handlers forward.
func (f *finder) recordForwards(byParam map[paramKey][]forwardSite) {
	f.forwards = make(map[*ssa.Function][]ForwardedParam)
	f.wrapperSites = make(map[*ssa.Function][]WrapperSite)
	for key, sites := range byParam {
		if key.Index < 0 || key.Fn.Parent() != nil {
			continue
		}
		for _, site := range sites {
			fp := ForwardedParam{Param: key.Index, Made: key.Made, Method: key.Method, SDK: site.from.SDK.Name, Args: site.args, ResultFlow: site.resultFlow}
			f.forwards[key.Fn] = append(f.forwards[key.Fn], fp)
			f.wrapperSites[key.Fn] = append(f.wrapperSites[key.Fn], WrapperSite{Forward: fp, Source: site.src})
		}
	}
	// byParam is a map: sort on every field and drop duplicates, so that
	// the fact encodes the same bytes on every run (go vet and
	// golangci-lint cache facts by their encoding).
	for fn, fps := range f.forwards {
		slices.SortFunc(fps, CompareForwardedParams)
		f.forwards[fn] = slices.CompactFunc(fps, func(a, b ForwardedParam) bool { return CompareForwardedParams(a, b) == 0 })
	}
}

// CompareForwardedParams orders ForwardedParams on all their fields, so
// that facts that hold them encode the same bytes on every run.
func CompareForwardedParams(a, b ForwardedParam) int {
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
