// Package facts answers what the drivers must know about an analyzer's
// facts before they load anything.
package facts

import (
	"slices"

	"golang.org/x/tools/go/analysis"
)

// Needed reports whether a, or an analyzer it requires, declares fact
// types: a driver must then give it the facts of every dependency, which
// the x/tools drivers do by loading every dependency from source.
func Needed(a *analysis.Analyzer) bool {
	return len(a.FactTypes) > 0 || slices.ContainsFunc(a.Requires, Needed)
}
