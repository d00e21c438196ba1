package analyzer_test

import (
	"golang.org/x/tools/go/packages"
)

// What the golden files promise (the fixed code type-checks, and nothing
// fixable is left in it) TestFixIsIdempotent holds: its second -fix
// run, over the goldens the first one wrote, must exit 0 (a package that
// does not type-check exits 1) and change nothing (a fix left would).

// loadErrors returns the load, parse and type errors of pkgs and their
// dependencies.
func loadErrors(pkgs []*packages.Package) []string {
	var errs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			errs = append(errs, e.Error())
		}
	})
	return errs
}
