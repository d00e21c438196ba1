// Package silence tells, across the packages of one run, which reports of
// returned errors no client would see: those of handlers whose package is
// imported only by packages that build servers converting every tool
// error into a result. One package's analysis cannot know this (the
// server is built by a package that imports it); a driver that sees the
// whole program can, from each package's Result.
package silence

import (
	"go/token"
	"slices"

	"github.com/mcperrlint/mcperrlint/passes/servers"
)

// Result is what the mcperrlint analyzer of one package tells a driver that sees
// the whole program. Analyzed one at a time, the package of a tool handler
// cannot know that the server it is registered on, built by a package
// that imports it, turns its errors into tool results: see Silenced.
type Result struct {
	// Servers are the MCP servers the package builds outside its tests.
	Servers []servers.Server
	// SDKs gives the SDK of the handler of each diagnostic reporting a
	// return, by the diagnostic's position.
	SDKs map[token.Pos]string
}

// A Silence says which SDKs' tool handlers in a package return no
// protocol errors, and which packages build the servers that make it so.
type Silence struct {
	SDKs    map[string]bool
	Servers []string // import paths, sorted
}

// Silenced returns, by package path, the SDKs whose tool handlers in that
// package return no protocol errors: packages of the program that build
// servers of the SDK import the package (or are it), and every server
// each of them builds converts tool errors into results. A diagnostic of
// the package whose position its Result.SDKs maps to one of them reports
// an error that never reaches the client as one. results holds each
// package's result by path, and imports the paths each package imports.
func Silenced(results map[string]*Result, imports func(path string) []string) map[string]*Silence {
	// reached[pkg].SDKs[sdk]: whether every server package that reaches
	// pkg converts all its servers of sdk.
	reached := make(map[string]*Silence)
	for path, r := range results {
		if r == nil {
			continue
		}
		converted := servers.ConvertedSDKs(r.Servers)
		for _, srv := range r.Servers {
			converts := converted[srv.SDK]
			seen := make(map[string]bool)
			var walk func(p string)
			walk = func(p string) {
				if seen[p] {
					return
				}
				seen[p] = true
				if reached[p] == nil {
					reached[p] = &Silence{SDKs: make(map[string]bool)}
				}
				if all, ok := reached[p].SDKs[srv.SDK]; !ok || all {
					reached[p].SDKs[srv.SDK] = converts
				}
				if !slices.Contains(reached[p].Servers, path) {
					reached[p].Servers = append(reached[p].Servers, path)
				}
				for _, imp := range imports(p) {
					walk(imp)
				}
			}
			walk(path)
		}
	}
	for p, s := range reached {
		for sdk, all := range s.SDKs {
			if !all {
				delete(s.SDKs, sdk)
			}
		}
		if len(s.SDKs) == 0 {
			delete(reached, p)
		}
		slices.Sort(s.Servers)
	}
	return reached
}
