// Package sdkversion defines the pass that reports SDK releases whose own
// handling of a tool call's arguments answers bad arguments with protocol
// errors: go-sdk before v1.5.0 validates a typed tool's input against its
// schema and returns the failure as a JSON-RPC error itself, whatever the
// handler does. The version comes from a fact on the SDK's package, which
// records its module's version as the driver describes it.
package sdkversion

import (
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"slices"

	"golang.org/x/mod/semver"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/report"
	"github.com/mcperrlint/mcperrlint/passes/scope"
)

// Result holds the pass's findings: one per affected SDK and package.
type Result struct {
	Findings []report.Finding
}

// New returns the pass for the SDKs of sdks, which reads the SDKs the
// package sees from the scope scopePass builds.
func New(scopePass *analysis.Analyzer, sdks sdk.Table) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "mcpsdkversion",
		Doc:        "report SDK releases that answer bad tool arguments with protocol errors themselves",
		URL:        category.DocURL("sdk-version"),
		Requires:   []*analysis.Analyzer{scopePass},
		ResultType: reflect.TypeFor[*Result](),
		FactTypes:  []analysis.Fact{new(sdkVersion)},
		Run: func(pass *analysis.Pass) (any, error) {
			exportSDKVersion(pass, sdks)
			sc := pass.ResultOf[scopePass].(*scope.Result)
			if sc.Result == nil {
				return &Result{}, nil
			}
			return &Result{Findings: oldSDKs(pass, sc.SDKs, sdkVersions(pass, sc.SDKs))}, nil
		},
	}
}

// An sdkVersion is a package fact on an SDK's MCP package: the version of
// the module it comes from, as the driver describes the package's module.
// The packages that use the SDK read it from there, not from go.mod,
// vendor/modules.txt or file names, which go vet's cache of results does
// not key on.
type sdkVersion struct {
	Version string
}

// AFact marks sdkVersion as a fact.
func (*sdkVersion) AFact() {}

func (v *sdkVersion) String() string { return "sdk version " + v.Version }

// exportSDKVersion records the module version of an SDK's MCP package. It
// needs neither syntax nor type information beyond the package: a driver
// may run it on a package loaded from export data.
func exportSDKVersion(pass *analysis.Pass, sdks sdk.Table) {
	if !sdks.IsMCPPackage(pass.Pkg.Path()) {
		return
	}
	if v := moduleVersion(pass.Module); v != "" {
		pass.ExportPackageFact(&sdkVersion{Version: v})
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

// sdkVersions reads the sdkVersion facts of the SDKs whose MCP package
// the package imports. Only direct imports: go vet passes a package the
// package facts of its direct imports alone, and a package that calls
// into an SDK's MCP package imports it.
func sdkVersions(pass *analysis.Pass, sdks sdk.Bindings) map[*types.Package]string {
	versions := make(map[*types.Package]string)
	for _, b := range sdks {
		if !slices.Contains(pass.Pkg.Imports(), b.MCP) {
			continue
		}
		var v sdkVersion
		if pass.ImportPackageFact(b.MCP, &v) {
			versions[b.MCP] = v.Version
		}
	}
	return versions
}

// oldSDKs returns the findings, once per package at the first affected
// call, of an SDK version whose own handling hides argument errors from
// the model.
func oldSDKs(pass *analysis.Pass, sdks sdk.Bindings, versions map[*types.Package]string) []report.Finding {
	var out []report.Finding
	for _, b := range sdks {
		version, ok := versions[b.MCP]
		if !ok {
			continue
		}
		for _, adv := range b.Advisories {
			if !sdk.Older(version, adv.FixedIn) {
				continue
			}
			fn, ok := b.MCP.Scope().Lookup(adv.Call).(*types.Func)
			if !ok {
				continue
			}
			first, n := callsOf(pass, fn)
			if n == 0 {
				continue
			}
			out = append(out, report.Finding{Diag: analysis.Diagnostic{
				Pos:      first.Pos(),
				End:      first.End(),
				Category: "sdk-version",
				Message: fmt.Sprintf("%s %s %s; the model never sees them: upgrade %s to %s or later (%d %s.%s %s in this package)",
					b.Name, version, adv.Problem, b.Module, adv.Upgrade, n, b.MCP.Name(), adv.Call, plural(n, "call", "calls")),
				URL: category.DocURL("sdk-version"),
			}})
		}
	}
	return out
}

// callsOf returns the first call of fn in the package, in source order,
// and the number of calls.
func callsOf(pass *analysis.Pass, fn *types.Func) (first *ast.CallExpr, n int) {
	for _, f := range pass.Files {
		ast.Inspect(f, func(node ast.Node) bool {
			call, ok := node.(*ast.CallExpr)
			if !ok {
				return true
			}
			if callee, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func); ok && callee.Origin() == fn {
				if first == nil {
					first = call
				}
				n++
			}
			return true
		})
	}
	return first, n
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
