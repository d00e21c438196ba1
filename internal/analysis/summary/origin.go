package summary

import (
	"go/token"
	"go/types"
	"strings"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
)

// An Origin is the classification of one source of an error value: the
// values an Outcome is made of, one for each return of the function.
type Origin struct {
	Category category.Kind
	Site     token.Pos
	// Via and SiteLine locate the decisive return in a function of
	// another package, whose declaration Site is (see OriginOf).
	Via          string
	SiteLine     int
	Nil          bool // a nil constant: no error on this path
	Forwarded    bool // a forwarded function's error, analyzed there
	RequestLevel bool // created because of the request itself (an unknown tool, bad multi-round-trip state), which stays a protocol error

	// For summaries: made whatever the parameters hold (Fresh), or passed
	// on from these error parameters (Wraps, a bit for each).
	Fresh bool
	Wraps uint64
}

// Neutral reports whether o neither makes nor spoils a report.
func (o Origin) Neutral() bool { return o.Nil || o.Forwarded || o.RequestLevel }

// Joined accumulates the origins of the sources of one error: argument
// origins make it an argument error, unless another origin spoils them.
type Joined struct {
	best  Origin
	other bool
	any   bool
	fresh bool
	site  token.Pos
	wraps uint64
}

// Add adds the origin of an error returned as it is.
func (j *Joined) Add(o Origin) { j.add(o, false) }

// AddWrapped adds the origin of an error that is wrapped: a forwarded
// error spoils the others then, since the forwarded function's report
// covers only its error returned as it is.
func (j *Joined) AddWrapped(o Origin) { j.add(o, true) }

func (j *Joined) add(o Origin, wrapped bool) {
	j.any = true
	switch {
	case o.Forwarded && wrapped:
		j.other = true
	case o.Neutral():
	default:
		if o.Fresh && !j.fresh {
			j.fresh, j.site = true, o.Site
		}
		j.wraps |= o.Wraps
		switch {
		case o.Category == category.ToolError:
			j.other = true
		case o.Category > j.best.Category:
			j.best = o
		}
	}
}

// Any reports whether an origin was added.
func (j *Joined) Any() bool { return j.any }

// Fresh reports whether an origin added, not neutral, was made whatever
// the parameters hold.
func (j *Joined) Fresh() bool { return j.fresh }

// Wraps returns the error parameters the origins added pass on, in
// increasing order.
func (j *Joined) Wraps() []int {
	var out []int
	for i := range 64 {
		if j.wraps&(1<<i) != 0 {
			out = append(out, i)
		}
	}
	return out
}

// Result returns the origin of the error.
func (j *Joined) Result() Origin {
	switch {
	case j.other:
		return Origin{Category: category.ToolError}
	case j.best.Category != category.None:
		r := j.best
		r.Fresh, r.Wraps = r.Fresh || j.fresh, r.Wraps|j.wraps
		return r
	case j.fresh || j.wraps != 0:
		return Origin{Fresh: j.fresh, Site: j.site, Wraps: j.wraps}
	}
	return Origin{Nil: true}
}

// OriginOf returns the origin of the errors the function obj makes, by
// its outcome o: at its decisive return in the package analyzed; in
// another, at its declaration, with the line of the decisive return
// beside it, since the export data go vet reads keeps the positions of
// declarations only and both drivers must say the same.
func OriginOf(fset *token.FileSet, obj types.Object, o Outcome) Origin {
	if o.Pos.IsValid() {
		return Origin{Category: o.Category, Site: o.Pos}
	}
	if obj == nil {
		return Origin{Category: o.Category}
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
	if tf := fset.File(site); tf != nil {
		site = tf.LineStart(tf.Line(site))
	}
	return Origin{Category: o.Category, Site: site, Via: via, SiteLine: o.Line}
}
