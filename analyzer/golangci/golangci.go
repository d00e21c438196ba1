// Package golangci is mcperrlint's golangci-lint v2 module plugin.
//
// Blank-import it into a golangci-lint build (golangci-lint custom does so
// from .custom-gcl.yml) and enable the linter in the configuration:
//
//	linters:
//	  enable: [mcperrlint]
//	  settings:
//	    custom:
//	      mcperrlint:
//	        type: module
//	        settings:
//	          tool-errors: true
//	          validate-funcs: [example.com/srv/args.Input.Check]
//
// The settings are the analyzer's flags under the same kebab-case names:
// tool-errors and unflagged-errors are bools, decode-funcs, validate-funcs and
// tool-error-result-funcs are lists of "importpath.Func" or
// "importpath.Type.Method" names. See
// https://golangci-lint.run/plugins/module-plugins/.
package golangci

import (
	"flag"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzer"
)

// Name is the linter's name in golangci-lint's configuration, and in
// //nolint:mcperrlint.
const Name = "mcperrlint"

func init() { register.Plugin(Name, New) }

// New returns the plugin for the settings golangci-lint read from its
// configuration (nil when there are none). An unknown key, a value of the
// wrong type or a malformed function name is an error, so a mistyped
// setting fails the run instead of being silently ignored.
func New(settings any) (register.LinterPlugin, error) {
	// A fresh analyzer: the settings go to its own flags, never to the
	// package-level analyzer.Analyzer other drivers in the process use.
	a := analyzer.New(analyzer.Config{})
	if err := apply(a, settings); err != nil {
		return nil, err
	}
	return &plugin{analyzer: withoutRelated(a)}, nil
}

// withoutRelated returns a copy of a whose diagnostics carry no Related
// information. golangci-lint turns each Related entry into an issue of its
// own, on the line of the decode or check: a //nolint:mcperrlint on the
// return would leave that issue behind, --fix leaves it in the output,
// and one finding would count as two. The diagnostic itself (position,
// message, fix) is unchanged.
func withoutRelated(a *analysis.Analyzer) *analysis.Analyzer {
	w := *a
	w.Run = func(pass *analysis.Pass) (any, error) {
		p := *pass
		p.Report = func(d analysis.Diagnostic) {
			d.Related = nil
			pass.Report(d)
		}
		return a.Run(&p)
	}
	return &w
}

type plugin struct {
	analyzer *analysis.Analyzer
}

// BuildAnalyzers returns the configured analyzer.
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{p.analyzer}, nil
}

// GetLoadMode asks for type information: the analyzer builds SSA form and
// matches the SDKs' types.
func (p *plugin) GetLoadMode() string { return register.LoadModeTypesInfo }

// apply sets a's flags from the settings. The keys are the flag names, so
// a new flag of the analyzer is a setting without a change here.
func apply(a *analysis.Analyzer, settings any) error {
	if settings == nil {
		return nil
	}
	m, ok := settings.(map[string]any)
	if !ok {
		return fmt.Errorf("settings must be a map of setting names to values, got %s", typeName(settings))
	}
	// In order, so that the error names the same bad key every run.
	for _, key := range slices.Sorted(maps.Keys(m)) {
		f := a.Flags.Lookup(key)
		if f == nil {
			return fmt.Errorf("unknown setting %q (the settings are %s)", key, strings.Join(names(a), ", "))
		}
		if err := set(f, m[key]); err != nil {
			return fmt.Errorf("setting %q: %w", key, err)
		}
	}
	return nil
}

// set gives flag f the YAML value v: a bool for a bool flag, a list of
// strings for a function list.
func set(f *flag.Flag, v any) error {
	if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
		on, ok := v.(bool)
		if !ok {
			return fmt.Errorf("want true or false, got %s", typeName(v))
		}
		return f.Value.Set(strconv.FormatBool(on))
	}
	if _, ok := f.Value.(*analyzer.FuncList); !ok {
		// Every flag is a bool or a function list today; a new kind of
		// flag needs a decoding here, and a test.
		return fmt.Errorf("no golangci-lint form for this flag's %T value", f.Value)
	}
	items, ok := stringList(v)
	if !ok {
		return fmt.Errorf("want a list of function names (importpath.Func or importpath.Type.Method), got %s", typeName(v))
	}
	for _, item := range items {
		if err := f.Value.Set(item); err != nil {
			return err
		}
	}
	return nil
}

// stringList returns v as a list of strings: YAML lists arrive as []any.
func stringList(v any) ([]string, bool) {
	switch v := v.(type) {
	case []string:
		return v, true
	case []any:
		items := make([]string, len(v))
		for i, e := range v {
			s, ok := e.(string)
			if !ok {
				return nil, false
			}
			items[i] = s
		}
		return items, true
	}
	return nil, false
}

// names returns the analyzer's flag names, which are the valid settings,
// in lexical order.
func names(a *analysis.Analyzer) []string {
	var ns []string
	a.Flags.VisitAll(func(f *flag.Flag) { ns = append(ns, f.Name) })
	return ns
}

// typeName describes a decoded YAML value for an error message.
func typeName(v any) string {
	switch v := v.(type) {
	case nil:
		return "nothing"
	case string:
		return "the string " + strconv.Quote(v)
	case []any:
		for _, e := range v {
			if _, ok := e.(string); !ok {
				return fmt.Sprintf("a list holding %v (%T)", e, e)
			}
		}
	}
	return fmt.Sprintf("%v (%T)", v, v)
}
