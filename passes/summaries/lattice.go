package summaries

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
)

// origin is the classification of one source of an error value.
type origin struct {
	category category.Kind
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
		case o.category == category.ToolError:
			j.other = true
		case o.category > j.best.category:
			j.best = o
		}
	}
}

func (j *joined) result() origin {
	switch {
	case j.other:
		return origin{category: category.ToolError}
	case j.best.category != category.None:
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
