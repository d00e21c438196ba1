package mcpssa

import (
	"go/token"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

// Scope tells a driver that loads dependencies from export data (see
// internal/driver/load) which packages of a build the passes can need.
//
// Source reports the packages whose syntax the passes need: those
// worthBuilding may accept, the packages of code being worked on and those
// that see an SDK, the SDKs' own packages aside. Facts reports, of the
// others, those that carry facts although they have no syntax: the SDKs'
// MCP packages, whose module version the passes record.
//
// The functions may be called concurrently; a Scope is for one load, with
// the analyzer's table of SDKs.
func Scope(sdks sdk.Table) (source, facts func(*packages.Package) bool) {
	var mu sync.Mutex
	sees := make(map[*packages.Package]bool)
	var seesSDK func(p *packages.Package) bool
	seesSDK = func(p *packages.Package) bool {
		if v, ok := sees[p]; ok {
			return v
		}
		sees[p] = false // an import cycle sees nothing new
		v := sdks.IsMCPPackage(p.PkgPath)
		for _, imp := range p.Imports {
			v = v || seesSDK(imp)
		}
		sees[p] = v
		return v
	}
	source = func(p *packages.Package) bool {
		if beingWorkedOn(p) {
			return true
		}
		mu.Lock()
		defer mu.Unlock()
		return !sdks.InSDK(p.PkgPath) && seesSDK(p)
	}
	facts = func(p *packages.Package) bool { return sdks.IsMCPPackage(p.PkgPath) }
	return source, facts
}

// beingWorkedOn is inAnalyzedModule for a package go list describes.
func beingWorkedOn(p *packages.Package) bool {
	var mod module
	if m := p.Module; m != nil && m.Path != "" {
		mod.path, mod.version = m.Path, m.Version
		if m.Replace != nil {
			mod.version = m.Replace.Version
		}
	}
	files := p.CompiledGoFiles
	if len(files) == 0 {
		files = p.GoFiles
	}
	file := ""
	if len(files) > 0 {
		file = files[0]
	}
	return workedOn(mod, file)
}

// InTestFile reports whether fn is declared in a _test.go file: a server
// a test builds, or a schema a test registers, says nothing of how the
// program serves its tools.
func InTestFile(fset *token.FileSet, fn *ssa.Function) bool {
	f := fset.File(ssaval.Outermost(fn).Pos())
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}
