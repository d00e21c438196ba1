package sdkversion

import (
	"go/types"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/config"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/report"
	"github.com/mcperrlint/mcperrlint/internal/testbin"
	"github.com/mcperrlint/mcperrlint/passes/scope"
)

// newOldSDKs returns an analyzer that runs oldSDKs on the SDKs the
// package sees, with the versions given by SDK name in place of those
// the facts of a module-aware driver carry (analysistest's GOPATH mode
// has no modules), and reports its findings. Its result is theirs.
func newOldSDKs(versions map[string]string) *analysis.Analyzer {
	sc := scope.New(&config.Functions{}, sdk.Default)
	return &analysis.Analyzer{
		Name:       "oldsdks",
		Doc:        "report what oldSDKs finds with given SDK versions",
		Requires:   []*analysis.Analyzer{sc},
		ResultType: reflect.TypeFor[[]report.Finding](),
		Run: func(pass *analysis.Pass) (any, error) {
			res := pass.ResultOf[sc].(*scope.Result)
			if res.Result == nil {
				return []report.Finding(nil), nil
			}
			byPkg := make(map[*types.Package]string)
			for _, b := range res.SDKs {
				if v, ok := versions[b.Name]; ok {
					byPkg[b.MCP] = v
				}
			}
			found := oldSDKs(pass, res.SDKs, byPkg)
			for _, fd := range found {
				pass.Report(fd.Diag)
			}
			return found, nil
		},
	}
}

// TestOldSDK checks the advisory of go-sdk before v1.5.0: reported once,
// at the first mcp.AddTool call, with the count of them (want lines).
func TestOldSDK(t *testing.T) {
	results := analysistest.Run(t, testbin.Testdata(t), newOldSDKs(map[string]string{"go-sdk": "v1.4.1", "mcp-go": "v0.16.0"}), "sdkversion_old", "sdkversion_none")
	n := 0
	for _, r := range results {
		for _, fd := range r.Result.([]report.Finding) {
			n++
			if fd.Diag.Category != "sdk-version" || !strings.HasSuffix(fd.Diag.URL, "sdk-version") || fd.Diag.End <= fd.Diag.Pos {
				t.Errorf("finding %+v: want category and URL sdk-version, and the call's extent", fd.Diag)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d findings, want 1", n)
	}
}

// TestFixedSDK: a release at or after the fix, or a package whose SDK
// version is unknown, is not reported; a release before it is, and so
// is a prerelease of the fixed version. The fixtures are loaded once.
func TestFixedSDK(t *testing.T) {
	pkgs := testbin.LoadTestdata(t, "sdkversion_old")
	for _, tc := range []struct {
		versions map[string]string
		want     int
	}{
		{map[string]string{"go-sdk": "v1.5.0"}, 0},
		{map[string]string{"go-sdk": "v1.5.0-pre.1"}, 0},
		{map[string]string{"go-sdk": "v1.8.0"}, 0},
		{map[string]string{"mcp-go": "v0.6.0"}, 0},
		{map[string]string{}, 0},
		{map[string]string{"go-sdk": "v1.0.0"}, 1},
		{map[string]string{"go-sdk": "v1.5.0-pre"}, 1},
	} {
		a := newOldSDKs(tc.versions)
		graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, act := range graph.Roots {
			if act.Err != nil {
				t.Fatal(act.Err)
			}
			for _, fd := range act.Result.([]report.Finding) {
				n++
				if v := tc.versions["go-sdk"]; !strings.HasPrefix(fd.Diag.Message, "go-sdk "+v+" ") {
					t.Errorf("versions %v: message %q does not name the version", tc.versions, fd.Diag.Message)
				}
			}
		}
		if n != tc.want {
			t.Errorf("versions %v: %d findings, want %d", tc.versions, n, tc.want)
		}
	}

	// The pass itself: the SDK stubs of GOPATH mode have no module, so
	// no version fact, and nothing is reported.
	a := New(scope.New(&config.Functions{}, sdk.Default), sdk.Default)
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Fatal(act.Err)
		}
		if fds := act.Result.(*Result).Findings; len(fds) != 0 {
			t.Errorf("%s: findings %v without a version fact", act.Package.PkgPath, fds)
		}
	}
}

func TestPlural(t *testing.T) {
	for n, want := range map[int]string{0: "calls", 1: "call", 2: "calls"} {
		if got := plural(n, "call", "calls"); got != want {
			t.Errorf("plural(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestFactString(t *testing.T) {
	if got := (&sdkVersion{Version: "v1.4.1"}).String(); got != "sdk version v1.4.1" {
		t.Errorf("String() = %q", got)
	}
}
