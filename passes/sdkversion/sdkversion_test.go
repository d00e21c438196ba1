package sdkversion

import (
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestModuleVersion(t *testing.T) {
	for _, tc := range []struct {
		name string
		m    *analysis.Module
		want string
	}{
		{"none", nil, ""},
		{"required", &analysis.Module{Path: "github.com/modelcontextprotocol/go-sdk", Version: "v1.4.1"}, "v1.4.1"},
		{"prerelease", &analysis.Module{Version: "v1.8.0-pre.2"}, "v1.8.0-pre.2"},
		{"main module", &analysis.Module{Path: "github.com/modelcontextprotocol/go-sdk"}, ""},
		{"replaced by a version", &analysis.Module{Version: "v1.4.1", Replace: &analysis.Module{Path: "example.com/fork", Version: "v1.6.0"}}, "v1.6.0"},
		{"replaced by a directory", &analysis.Module{Version: "v1.4.1", Replace: &analysis.Module{Path: "../go-sdk"}}, ""},
		{"not semver", &analysis.Module{Version: "latest"}, ""},
	} {
		if got := moduleVersion(tc.m); got != tc.want {
			t.Errorf("%s: moduleVersion = %q, want %q", tc.name, got, tc.want)
		}
	}
}
