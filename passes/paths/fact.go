package paths

import (
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/passes/handlers"
)

// A conversion is a fact about a function that builds raw tool handlers
// around the functions it is given (WithToolErrors(handler), a recovering
// middleware): what those handlers do with each function-typed
// parameter's errors and panics, beyond forwarding them (the handlers
// pass's fact). The packages that pass functions there read it, so a
// body is judged where it is written.
//
// Conversions hold no positions, maps or pointers: they are gob-encoded
// between the units of go vet and must encode the same way every time.
type conversion struct {
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

// AFact marks conversion as an analysis.Fact.
func (*conversion) AFact() {}

func (c *conversion) String() string {
	return ConversionString(c.Converts, c.Escapes, c.Recovers, c.RecoversAsError)
}

// ConversionString says what a conversion fact says, in the words of the
// tests' fact expectations: "converts 0; escapes a.E; recovers 1".
func ConversionString(converts []int, escapes []string, recovers, recoversAsError []int) string {
	var parts []string
	if len(converts) > 0 {
		parts = append(parts, "converts"+ints(converts))
	}
	if len(escapes) > 0 {
		parts = append(parts, "escapes "+strings.Join(escapes, " "))
	}
	if len(recovers) > 0 {
		parts = append(parts, "recovers"+ints(recovers))
	}
	if len(recoversAsError) > 0 {
		parts = append(parts, "recovers as error"+ints(recoversAsError))
	}
	return strings.Join(parts, "; ")
}

// ints spells each of ns after a space.
func ints(ns []int) string {
	var b strings.Builder
	for _, n := range ns {
		b.WriteString(" " + strconv.Itoa(n))
	}
	return b.String()
}

// Export records, as conversion facts, what the package's functions do
// with the errors and panics of the functions they are given, for the
// packages that import them.
func (r *Result) Export(export func(types.Object, analysis.Fact)) {
	fns := make(map[*ssa.Function]bool)
	for _, m := range []map[*ssa.Function][]int{r.Converts, r.Recovers, r.RecoversAsError} {
		for fn := range m {
			fns[fn] = true
		}
	}
	for fn := range fns {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Synthetic != "" || fn.Pkg == nil || obj.Pkg() != fn.Pkg.Pkg {
			continue
		}
		c := conversion{Converts: r.Converts[fn], Escapes: r.Escapes[fn], Recovers: r.Recovers[fn], RecoversAsError: r.RecoversAsError[fn]}
		if len(c.Converts) > 0 || len(c.Recovers) > 0 || len(c.RecoversAsError) > 0 {
			export(obj, &c)
		}
	}
}

// conversion returns the conversion fact of fn, a function of another
// package, or nil when it has none.
func (f *finder) conversion(fn *ssa.Function) *conversion {
	return handlers.ImportFact(f.in, f.conversions, fn)
}
