// Command nop is a floor of scripts/bench: the driver mcperrlint uses
// (singlechecker) running an analyzer that does nothing and declares no
// fact types, so it loads packages the way mcperrlint does while it
// declares none: the packages named on the command line from source,
// their dependencies from export data. What mcperrlint costs beyond
// this is its own work.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/singlechecker"
)

// Analyzer does nothing.
var Analyzer = &analysis.Analyzer{
	Name: "nop",
	Doc:  "do nothing: the floor of mcperrlint's benchmarks",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() { singlechecker.Main(Analyzer) }
