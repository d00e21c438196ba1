// Package summary defines what the summaries pass says of a function, and
// its facts carry to the packages that import it: what the function's
// error result means when a tool handler calls it with the tool call's
// arguments (a Func, one Outcome for each parameter that changes it), and
// how a call, knowing which of its arguments hold argument values, picks
// its outcome. Handlers in every package that imports the function
// classify a call to it from its summary, the way they classify a call to
// json.Unmarshal, so a project's own decode, validate, error-wrapping and
// tool-result helpers are seen through wherever they live.
//
// An Outcome is joined from the origins of the errors the function's
// returns may hold (Origin, Joined): the lattice the classifier of the
// summaries pass computes in; the parts of it that argument flow alone
// tells (Fills, FieldValues) are read here too. The rules that classify
// and summarize are the pass's; this package holds the values, for the
// pass and its facts to share.
package summary

import (
	"go/token"
	"slices"
	"strconv"
	"strings"

	"github.com/mcperrlint/mcperrlint/internal/analysis/argflow"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
	"github.com/mcperrlint/mcperrlint/internal/sorted"
)

// A Func is the summary of a function: what its error result means when a
// tool handler calls it with the tool call's arguments.
//
// A summary's fact holds no positions (see Exported), maps or pointers:
// it is gob-encoded between the units of go vet and nogo, and must encode
// the same way every time.
type Func struct {
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

// String returns the summary as the tests of the facts spell it.
func (s *Func) String() string {
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
	// error is right on every path), category.ToolError when it makes only other
	// errors, category.None when it makes none (it never fails, or only passes on
	// what it was given or fails for request-level reasons).
	Category category.Kind

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
	// (category.InvalidParams(err) returning &ProtocolError{...}).
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

	// Pos is the decisive return, for the functions of the package
	// analyzed only: a fact carries none (see Exported).
	Pos token.Pos
}

// String returns the outcome as the tests of the facts spell it.
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

// Informative reports whether the summary tells a caller more than an
// unknown function would.
func (s *Func) Informative() bool {
	if s.Handler {
		return true
	}
	for _, o := range s.Outcomes {
		if o.Category != category.ToolError || o.Fresh || len(o.Values) > 0 || len(o.Wraps) > 0 || len(o.Fills) > 0 || len(o.Tests) > 0 || len(o.Marks) > 0 {
			return true
		}
	}
	return false
}

// SameAs reports whether o tells a caller what p does, wherever its
// decisive return is.
func (o Outcome) SameAs(p Outcome) bool {
	return o.Category == p.Category && o.Protocol == p.Protocol && o.Fresh == p.Fresh && slices.Equal(o.Values, p.Values) &&
		slices.Equal(o.Wraps, p.Wraps) && slices.Equal(o.Fills, p.Fills) && slices.Equal(o.Tests, p.Tests) && slices.Equal(o.Marks, p.Marks) &&
		slices.Equal(o.FieldValues, p.FieldValues) && slices.Equal(o.Keys, p.Keys)
}

// Pick returns the outcome of a call whose arguments have the given
// taints: the strongest among the parameters that hold argument values,
// or the base outcome when none does. fields, when not nil, tells how
// the fields of a struct argument relate to the arguments (nil for an
// argument that is no struct): a parameter with outcomes by field is
// judged by those of the fields that hold argument values.
func (s *Func) Pick(args []argflow.Taint, fields func(param int) map[string]argflow.Taint) Outcome {
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

func ints(xs []int) string {
	s := ""
	for _, x := range xs {
		s += " " + itoa(x)
	}
	return s
}

// Exported returns the summary as its fact carries it: in the standalone
// driver facts are not encoded, and must carry no position of this
// package's file set all the same, for both drivers to agree.
func (s *Func) Exported() *Func {
	out := &Func{Handler: s.Handler, Outcomes: slices.Clone(s.Outcomes)}
	for i := range out.Outcomes {
		out.Outcomes[i].Pos = token.NoPos
	}
	return out
}

// Effect returns what a call with outcome o does, as argument flow reads
// it: the values it returns and fills, the errors it wraps, and the
// failure its error is.
func (o Outcome) Effect() argflow.Effect {
	e := argflow.Effect{Fills: o.Fills, Wraps: o.Wraps, FieldValues: o.FieldValues}
	switch o.Category {
	case category.Decode:
		e.Err = argflow.DecodeFailure
	case category.Validate, category.InvalidParams:
		e.Err = argflow.CheckFailure
	}
	e.Values, e.Tests = o.Values, o.Tests
	return e
}
