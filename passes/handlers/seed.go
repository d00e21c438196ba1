package handlers

import (
	"golang.org/x/tools/go/ssa"
)

// A SeedSource is where the seeds of a forward come from: the arguments
// of a call in a raw handler of this package that hold argument values,
// or what another package's seeds fact says its wrapper's handler passes
// (package seeds finds which).
type SeedSource struct {
	From *Handler
	Call *ssa.CallCommon // nil for another package's wrapper

	// Wrapper and Forward identify another package's forwarded
	// parameter, whose seeds that package's seeds pass recorded.
	Wrapper *ssa.Function
	Forward ForwardedParam
}

// A SeedEdge says that the call of Source forwards the errors of Target,
// whose parameters are the call's arguments shifted by Offset: a method
// reached through a method value takes its receiver as an extra first
// parameter that the call does not pass.
type SeedEdge struct {
	Source *SeedSource
	Target *Handler
	Offset int
}

// A WrapperSite is a site that forwards a function-typed parameter of one
// of the package's wrappers, with what the wrapper's fact says of it.
type WrapperSite struct {
	Forward ForwardedParam
	Source  *SeedSource
}

// foreignKey identifies a forwarded parameter of another package's wrapper.
type foreignKey struct {
	wrapper          *ssa.Function
	param, args      int
	made, resultFlow bool
	sdk, method      string
}

func (f *finder) addEdge(e SeedEdge) {
	if f.edgeSeen == nil {
		f.edgeSeen = make(map[SeedEdge]bool)
	}
	if !f.edgeSeen[e] {
		f.edgeSeen[e] = true
		f.edges = append(f.edges, e)
	}
}

// foreignSource returns the seed source of the forwarded parameter fp of
// wrapper, a function of another package, the same each time it is asked.
func (f *finder) foreignSource(from *Handler, wrapper *ssa.Function, fp ForwardedParam) *SeedSource {
	key := foreignKey{wrapper, fp.Param, fp.Args, fp.Made, fp.ResultFlow, fp.SDK, fp.Method}
	if src, ok := f.foreignSrcs[key]; ok {
		return src
	}
	if f.foreignSrcs == nil {
		f.foreignSrcs = make(map[foreignKey]*SeedSource)
	}
	src := &SeedSource{From: from, Wrapper: wrapper, Forward: fp}
	f.foreignSrcs[key] = src
	return src
}
