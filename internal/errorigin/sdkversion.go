package errorigin

import (
	"go/types"
	"slices"

	"golang.org/x/mod/semver"
	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
)

// An SDKVersion is a package fact on an SDK's MCP package: the version of
// the module it comes from, as the driver describes the package's module.
// The packages that use the SDK read it from there, not from go.mod,
// vendor/modules.txt or file names, which go vet's cache of results does
// not key on.
type SDKVersion struct {
	Version string
}

// AFact marks SDKVersion as a fact.
func (*SDKVersion) AFact() {}

func (v *SDKVersion) String() string { return "sdk version " + v.Version }

// exportSDKVersion records the module version of an SDK's MCP package. It
// needs neither syntax nor type information beyond the package: a driver
// may run it on a package loaded from export data.
func exportSDKVersion(pass *analysis.Pass, sdks sdk.Table) {
	if !sdks.IsMCPPackage(pass.Pkg.Path()) {
		return
	}
	if v := moduleVersion(pass.Module); v != "" {
		pass.ExportPackageFact(&SDKVersion{Version: v})
	}
}

// moduleVersion returns the version of the code of module m: that of its
// replacement if it has one (none for a directory), its own otherwise;
// "" when unknown.
func moduleVersion(m *analysis.Module) string {
	if m == nil {
		return ""
	}
	v := m.Version
	if m.Replace != nil {
		v = m.Replace.Version
	}
	if !semver.IsValid(v) {
		return ""
	}
	return v
}

// sdkVersions reads the SDKVersion facts of the SDKs whose MCP package
// the package imports. Only direct imports: go vet passes a package the
// package facts of its direct imports alone, and a package that calls
// into an SDK's MCP package imports it.
func sdkVersions(pass *analysis.Pass, sdks sdk.Bindings) map[*types.Package]string {
	versions := make(map[*types.Package]string)
	for _, b := range sdks {
		if !slices.Contains(pass.Pkg.Imports(), b.MCP) {
			continue
		}
		var v SDKVersion
		if pass.ImportPackageFact(b.MCP, &v) {
			versions[b.MCP] = v.Version
		}
	}
	return versions
}

// Version returns the version of the module of the SDK b binds, when the
// driver told it.
func (r *Result) Version(b *sdk.Binding) (string, bool) {
	v, ok := r.versions[b.MCP]
	return v, ok
}
