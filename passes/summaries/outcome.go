package summaries

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/argflow"
	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/analysis/summary"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/sorted"
)

// maxSeeded bounds the parameters summarized one by one.
const maxSeeded = 8

// summarize computes the summary of one function of this package.
func (s *summarizer) summarize(fn *ssa.Function) *summary.Func {
	results := fn.Signature.Results()
	if results.Len() == 0 {
		return nil
	}
	// The error parameters whose errors it may pass on: the first 64,
	// since an origin's Wraps is a set of bits.
	errParams := make(map[*ssa.Parameter]int)
	for i, p := range fn.Params {
		if sdk.IsError(p.Type()) && i < 64 {
			errParams[p] = i
		}
	}
	base := s.outcome(fn, -1, -1, errParams)
	sum := &summary.Func{Outcomes: []summary.Outcome{base}}
	seeded := 0
	for i, p := range fn.Params {
		if !s.seedable(p.Type()) || seeded == maxSeeded {
			continue
		}
		seeded++
		o := s.outcome(fn, i, -1, errParams)
		if o.SameAs(base) {
			continue
		}
		st := argflow.StructFields(p.Type())
		if o.Category <= category.ToolError || st == nil || st.NumFields() > summary.MaxFields {
			sum.Outcomes = append(sum.Outcomes, o)
			if ko, ok := s.keyedOutcome(fn, i, o, errParams); ok {
				sum.Outcomes = append(sum.Outcomes, ko)
			}
			continue
		}
		o.ByField = true
		sum.Outcomes = append(sum.Outcomes, o)
		for j := range st.NumFields() {
			if of := s.outcome(fn, i, j, errParams); !of.SameAs(base) {
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
func (s *summarizer) keyedOutcome(fn *ssa.Function, param int, o summary.Outcome, errParams map[*ssa.Parameter]int) (summary.Outcome, bool) {
	if o.Category <= category.ToolError {
		return summary.Outcome{}, false
	}
	p := fn.Params[param]
	keys := ssaval.CommaOkKeys(p)
	if len(keys) == 0 {
		return summary.Outcome{}, false
	}
	ko := s.outcomeOf(fn, param, -1, errParams, func(flow *argflow.Func) { flow.AssumeKeysPresent(p) })
	if ko.Category >= o.Category {
		return summary.Outcome{}, false
	}
	ko.Keys = keys
	return ko, true
}

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
func (s *summarizer) outcome(fn *ssa.Function, param, field int, errParams map[*ssa.Parameter]int) summary.Outcome {
	return s.outcomeOf(fn, param, field, errParams, nil)
}

// outcomeOf is outcome with the argument flow set up further by assume,
// when not nil.
func (s *summarizer) outcomeOf(fn *ssa.Function, param, field int, errParams map[*ssa.Parameter]int, assume func(*argflow.Func)) summary.Outcome {
	var seeds []*ssa.Parameter
	if param >= 0 && field < 0 {
		seeds = append(seeds, fn.Params[param])
	}
	flow := knowing{summarizer: s}.flow(fn, s.sdks, seeds)
	if param >= 0 && field >= 0 {
		flow.SeedField(fn.Params[param], field)
	}
	if assume != nil {
		assume(flow)
	}
	c := &classifier{flow: flow, sdks: s.sdks, s: knowing{summarizer: s}, judge: judgeHelper{}, errParams: errParams}
	o := summary.Outcome{Param: param}

	var all summary.Joined
	var best summary.Origin                  // the strongest argument origin of any return
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
			sources := ssaval.Sources(ret.Results[len(ret.Results)-1])
			r := c.join(sources)
			if r.Category > best.Category && r.Category != category.ToolError {
				best = r
				decisive = ret.Pos()
				if !decisive.IsValid() {
					decisive = r.Site
				}
			}
			all.Add(r)
			if !r.Nil {
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
	o.Category, o.Fresh, o.Wraps = all.Result().Category, all.Fresh(), all.Wraps()
	if best.Category != category.None {
		o.Category = best.Category
	}
	o.Protocol = anyErr && protocol && o.Category == category.InvalidParams
	o.Fills = summary.Fills(fn, flow)
	o.FieldValues = summary.FieldValues(flow, fieldValues)
	if decisive.IsValid() && o.Category > category.ToolError {
		o.Pos = decisive
		p := s.pass.Fset.Position(decisive)
		o.Line = p.Line
	}
	return o
}
