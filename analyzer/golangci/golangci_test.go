package golangci_test

import (
	"flag"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/analyzer"
	"github.com/mcperrlint/mcperrlint/analyzer/golangci"
	"github.com/mcperrlint/mcperrlint/internal/testbin"
)

// build returns the one analyzer of the plugin New makes from settings.
func build(t *testing.T, settings any) *analysis.Analyzer {
	t.Helper()
	p, err := golangci.New(settings)
	if err != nil {
		t.Fatalf("New(%v): %v", settings, err)
	}
	if mode := p.GetLoadMode(); mode != register.LoadModeTypesInfo {
		t.Errorf("GetLoadMode() = %q, want %q", mode, register.LoadModeTypesInfo)
	}
	as, err := p.BuildAnalyzers()
	if err != nil || len(as) != 1 {
		t.Fatalf("BuildAnalyzers() = %v, %v; want one analyzer", as, err)
	}
	if as[0].Name != golangci.Name {
		t.Errorf("analyzer name %q, want %q (//nolint:%s names it)", as[0].Name, golangci.Name, golangci.Name)
	}
	return as[0]
}

// TestRegistered checks that importing the package registers the plugin
// under the name golangci-lint's configuration uses.
func TestRegistered(t *testing.T) {
	newPlugin, err := register.GetPlugin("mcperrlint")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := newPlugin(map[string]any{"tool-errors": true}); err != nil {
		t.Fatalf("registered constructor: %v", err)
	}
}

// TestDefaults checks that no settings (nil, or an empty "settings:" map)
// leave every flag at its default.
func TestDefaults(t *testing.T) {
	for _, settings := range []any{nil, map[string]any{}} {
		build(t, settings).Flags.VisitAll(func(f *flag.Flag) {
			if f.Value.String() != f.DefValue {
				t.Errorf("settings %v: -%s = %q, want the default %q", settings, f.Name, f.Value, f.DefValue)
			}
		})
	}
}

// TestToolErrorsSetting runs the tool_errors case family, whose // want
// comments hold tool-error reports: they appear only if the setting took
// effect.
func TestToolErrorsSetting(t *testing.T) {
	t.Parallel() // its own analyzer; it overlaps TestGolangciLint's commands
	a := build(t, map[string]any{"tool-errors": true})
	analysistest.RunWithSuggestedFixes(t, testbin.Testdata(t), a, "tool_errors")
}

// TestFunctionSettings runs the config_funcs case family, which the
// analyzer's tests run with the same names given as flags. The lists
// arrive as golangci-lint decodes YAML: []any.
func TestFunctionSettings(t *testing.T) {
	t.Parallel() // its own analyzer; it overlaps TestGolangciLint's commands
	a := build(t, map[string]any{
		"decode-funcs":            []any{"config_funcs/lib.Decode"},
		"validate-funcs":          []any{"config_funcs/lib.Args.Check"},
		"tool-error-result-funcs": []string{"config_funcs/lib.ToolError"},
	})
	analysistest.RunWithSuggestedFixes(t, testbin.Testdata(t), a, "config_funcs")
}

// TestSettingsAreNotShared checks that a plugin's settings stay in its own
// analyzer: not in the next plugin's, nor in analyzer.Analyzer.
func TestSettingsAreNotShared(t *testing.T) {
	build(t, map[string]any{"tool-errors": true, "validate-funcs": []any{"example.com/a.Check"}})
	for _, a := range []*analysis.Analyzer{build(t, nil), analyzer.Analyzer} {
		for _, name := range []string{"tool-errors", "validate-funcs"} {
			if f := a.Flags.Lookup(name); f.Value.String() != f.DefValue {
				t.Errorf("-%s = %q after configuring another plugin", name, f.Value)
			}
		}
	}
}

// TestBadSettings checks that every mistake is an error naming it.
func TestBadSettings(t *testing.T) {
	for _, tc := range []struct {
		settings any
		want     string
	}{
		{"tool-errors", `settings must be a map of setting names to values, got the string "tool-errors"`},
		{[]any{"tool-errors"}, "settings must be a map"},
		{map[string]any{"tool_errors": true}, `unknown setting "tool_errors" (the settings are decode-funcs, tool-error-result-funcs, tool-errors, unflagged-errors, validate-funcs)`},
		{map[string]any{"ToolErrors": true}, `unknown setting "ToolErrors"`},
		{map[string]any{"tool-errors": "true"}, `setting "tool-errors": want true or false, got the string "true"`},
		{map[string]any{"tool-errors": nil}, `setting "tool-errors": want true or false, got nothing`},
		{map[string]any{"decode-funcs": "example.com/a.Decode"}, `setting "decode-funcs": want a list of function names (importpath.Func or importpath.Type.Method), got the string "example.com/a.Decode"`},
		{map[string]any{"validate-funcs": []any{"example.com/a.Check", 3}}, `setting "validate-funcs": want a list of function names (importpath.Func or importpath.Type.Method), got a list holding 3 (int)`},
		{map[string]any{"tool-error-result-funcs": map[string]any{"a": "b"}}, `setting "tool-error-result-funcs": want a list`},
		{map[string]any{"validate-funcs": []any{"Check"}}, `setting "validate-funcs": "Check": want importpath.Func, importpath.Type.Method or (*importpath.Type).Method`},
		{map[string]any{"decode-funcs": []any{"example.com/a.T.1M"}}, `"example.com/a.T.1M": want importpath.Func`},
		// The first bad key in lexical order is the one reported.
		{map[string]any{"z": 1, "tool-errors": 1}, `setting "tool-errors": want true or false, got 1 (int)`},
	} {
		_, err := golangci.New(tc.settings)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%#v) = %v, want an error containing %q", tc.settings, err, tc.want)
		}
	}
}

// TestNoRelated checks that the plugin's diagnostics carry no Related
// information, which golangci-lint would report as issues of their own
// that //nolint:mcperrlint on the return does not suppress, while the
// analyzer's own diagnostics on the same code do carry it.
func TestNoRelated(t *testing.T) {
	t.Parallel() // its own analyzer; it overlaps TestGolangciLint's commands
	count := func(a *analysis.Analyzer) (diags, related int) {
		for _, r := range analysistest.Run(t, testbin.Testdata(t), a, "fix_imports") {
			for _, d := range r.Diagnostics {
				diags++
				related += len(d.Related)
			}
		}
		return diags, related
	}
	if diags, related := count(analyzer.Analyzer); diags == 0 || related == 0 {
		t.Fatalf("analyzer.Analyzer: %d diagnostics, %d related; the test needs both", diags, related)
	}
	if diags, related := count(build(t, nil)); diags == 0 || related != 0 {
		t.Errorf("plugin: %d diagnostics, %d related; want some diagnostics and no related", diags, related)
	}
}
