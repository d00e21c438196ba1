// Command nopfacts is the load-everything floor of scripts/bench: the
// singlechecker driver running an analyzer that does nothing but declares
// a fact type. The driver then loads and type-checks every dependency
// from source and runs the analyzer on each, as it does for any analyzer
// with facts: once mcperrlint declares fact types, this is its floor.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/singlechecker"
)

// seen is a fact type that is never exported.
type seen struct{ Seen bool }

// AFact marks seen as a fact type.
func (*seen) AFact() {}

// Analyzer does nothing, but declares a fact type.
var Analyzer = &analysis.Analyzer{
	Name:      "nopfacts",
	Doc:       "do nothing, with a fact type: the load-everything floor of mcperrlint's benchmarks",
	Run:       func(*analysis.Pass) (any, error) { return nil, nil },
	FactTypes: []analysis.Fact{new(seen)},
}

func main() { singlechecker.Main(Analyzer) }
