package analyzer

import (
	"go/token"
	"reflect"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/internal/driver/silence"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/category"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/config"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/internal/report"
	"github.com/mcperrlint/mcperrlint/passes/assertions"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
	"github.com/mcperrlint/mcperrlint/passes/paths"
	"github.com/mcperrlint/mcperrlint/passes/returns"
	"github.com/mcperrlint/mcperrlint/passes/scope"
	"github.com/mcperrlint/mcperrlint/passes/sdkversion"
	"github.com/mcperrlint/mcperrlint/passes/seeds"
	"github.com/mcperrlint/mcperrlint/passes/servers"
	"github.com/mcperrlint/mcperrlint/passes/summaries"
	"github.com/mcperrlint/mcperrlint/passes/unflagged"
)

// Config configures an analyzer built with New. Each field is also a
// flag of the analyzer (in parentheses), and a golangci-lint setting of
// the same name.
type Config struct {
	// ToolErrors also reports errors with no argument origin (API
	// failures, I/O, internal state), Category tool-error (-tool-errors).
	ToolErrors bool

	// DisableUnflaggedErrors turns off the reports of results built from
	// an error's text without IsError, Category unflagged-error
	// (-unflagged-errors=false).
	DisableUnflaggedErrors bool

	// Functions names the project's own decode, validate and
	// tool-error-result functions, for code the analyzer cannot see into
	// (-decode-funcs, -validate-funcs, -tool-error-result-funcs).
	Functions
}

// enabled is a boolean flag that sets the Config field it points to to
// its negation: -unflagged-errors=false sets DisableUnflaggedErrors, so
// that the zero Config is the default one.
type enabled struct{ disabled *bool }

func (e enabled) String() string {
	if e.disabled == nil {
		return "false" // the zero value, for the flag package's help
	}
	return strconv.FormatBool(!*e.disabled)
}

func (e enabled) Set(s string) error {
	on, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	*e.disabled = !on
	return nil
}

func (e enabled) IsBoolFlag() bool { return true }

// Functions names the project's own decode, validate and
// tool-error-result functions; see [Config].
type Functions = config.Functions

// FuncList is a list of qualified function names, a flag.Value that
// takes them comma-separated.
type FuncList = config.FuncList

// New returns an analyzer configured by cfg, with flags that change its
// own copy of cfg. It shares no state with other analyzers New returns.
//
// Each such analyzer requires an analyzer of its own that computes the
// function summaries (facts) under its configuration, and a run of
// go/analysis allows each fact type to one analyzer: analysis.Validate,
// and so every driver, rejects two analyzers from New in one run ("fact
// type ... registered by two analyzers"). Differently
// configured analyzers can live in one process, each run on its own.
func New(cfg Config) *analysis.Analyzer {
	c := &cfg
	p := newPipeline(c)
	a := &analysis.Analyzer{
		Name:       "mcperrlint",
		Doc:        doc,
		URL:        category.URL,
		Requires:   []*analysis.Analyzer{p.servers, p.returns, p.assertions, p.unflagged, p.sdkVersion},
		ResultType: reflect.TypeFor[*silence.Result](),
		FactTypes:  []analysis.Fact{new(convertedBy)},
	}
	a.Flags.BoolVar(&c.ToolErrors, "tool-errors", c.ToolErrors,
		"also report errors with no argument origin (API failures, I/O), Category tool-error")
	a.Flags.Var(enabled{&c.DisableUnflaggedErrors}, "unflagged-errors",
		"report results built from an error's text without IsError, Category unflagged-error")
	a.Flags.Var(&c.Decode, "decode-funcs",
		"comma-separated `functions` (importpath.Func or importpath.Type.Method) that decode tool arguments")
	a.Flags.Var(&c.Validate, "validate-funcs",
		"comma-separated `functions` (importpath.Func or importpath.Type.Method) that validate tool arguments")
	a.Flags.Var(&c.IsErrorResult, "tool-error-result-funcs",
		"comma-separated `functions` (importpath.Func or importpath.Type.Method) that return an IsError tool result")
	a.Run = func(pass *analysis.Pass) (any, error) { return run(pass, c, p) }
	return a
}

// A pipeline is the passes one analyzer requires, each configured by its
// Config: the stages, in the order they run on a package, and the checks.
type pipeline struct {
	scope, handlers, paths, servers, summaries, seeds *analysis.Analyzer
	returns, assertions, unflagged                    *analysis.Analyzer
	sdkVersion                                        *analysis.Analyzer
}

func newPipeline(c *Config) *pipeline {
	p := &pipeline{scope: scope.New(&c.Functions, sdk.Default)}
	p.handlers = handlers.New(p.scope, sdk.Default)
	p.paths = paths.New(p.scope, p.handlers, sdk.Default)
	p.servers = servers.New(p.scope, p.paths)
	p.summaries = summaries.New(p.scope, p.paths, sdk.Default)
	p.seeds = seeds.New(p.handlers, p.summaries)
	p.returns = returns.New(p.scope, p.paths, p.servers, p.summaries, p.seeds, &c.ToolErrors)
	p.assertions = assertions.New(p.scope, p.paths, p.servers, p.summaries, p.seeds, p.returns)
	p.unflagged = unflagged.New(p.paths, &c.DisableUnflaggedErrors)
	p.sdkVersion = sdkversion.New(p.scope, sdk.Default)
	return p
}

// Analyzer reports argument errors that MCP tool handlers return as
// protocol errors, with the default configuration.
var Analyzer = New(Config{})

func run(pass *analysis.Pass, cfg *Config, p *pipeline) (*silence.Result, error) {
	for _, list := range []config.FuncList{cfg.Decode, cfg.Validate, cfg.IsErrorResult} {
		if err := list.Check(); err != nil {
			return nil, err
		}
	}
	srvs := pass.ResultOf[p.servers].(*servers.Result).Servers
	out := &silence.Result{Servers: srvs, SDKs: make(map[token.Pos]string)}
	dirs := readDirectives(pass)
	if convertedElsewhere := readConvertedBy(pass); len(convertedElsewhere) > 0 {
		pass.ExportPackageFact(&convertedBy{Servers: convertedElsewhere})
	}
	checkConvertedBy(pass, srvs)
	rets := pass.ResultOf[p.returns].(*returns.Result)
	unfl := pass.ResultOf[p.unflagged].(*unflagged.Result)
	var found []report.Finding
	for _, check := range []struct{ findings, off []report.Finding }{
		{rets.Findings, rets.Off},
		// A panic is no returned error: middleware that converts errors,
		// or a converted-by directive, does not silence these.
		{pass.ResultOf[p.assertions].(*assertions.Result).Findings, nil},
		{unfl.Findings, unfl.Off},
	} {
		// A directive written for the runs that report what the
		// configuration leaves out here is not unused.
		for _, fd := range check.off {
			dirs.ignores(fd.Node, fd.Func)
		}
		for _, fd := range check.findings {
			if !dirs.ignores(fd.Node, fd.Func) {
				found = append(found, fd)
			}
		}
	}
	// Only with every fix of the package known can a fix tell which
	// imports it leaves unused: another fix may name the same package.
	report.TidyImports(found)
	for _, fd := range found {
		pass.Report(fd.Diag)
		if fd.SDK != "" {
			out.SDKs[fd.Diag.Pos] = fd.SDK
		}
	}
	dirs.reportUnused(pass)
	for _, fd := range pass.ResultOf[p.sdkVersion].(*sdkversion.Result).Findings {
		pass.Report(fd.Diag)
	}
	return out, nil
}
