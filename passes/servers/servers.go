// Package servers defines the pass that finds the MCP servers a package
// builds outside its tests, and whether middleware installed on each turns
// every tool handler's errors, or its panics, into tool results: a handler
// registered only on such servers returns no protocol error.
package servers

import (
	"go/token"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/analysis/mcpssa"
	"github.com/mcperrlint/mcperrlint/internal/analysis/ssaval"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
	"github.com/mcperrlint/mcperrlint/passes/paths"
	"github.com/mcperrlint/mcperrlint/passes/scope"
)

// Result lists the servers a package builds, in source order.
type Result struct {
	Servers []Server
}

// New returns the pass, which reads the SSA scope scopePass builds and
// the wrappers pathsPass finds.
func New(scopePass, pathsPass *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "mcpservers",
		Doc:        "find the MCP servers a package builds, and whether their middleware turns tool errors into results",
		URL:        "https://github.com/mcperrlint/mcperrlint/blob/main/docs/how-it-works.md",
		Requires:   []*analysis.Analyzer{scopePass, pathsPass},
		ResultType: reflect.TypeFor[*Result](),
		Run: func(pass *analysis.Pass) (any, error) {
			sc, ps := pass.ResultOf[scopePass].(*scope.Result), pass.ResultOf[pathsPass].(*paths.Result)
			if sc.Result == nil {
				return &Result{}, nil
			}
			return &Result{Servers: servers(pass, sc, ps)}, nil
		},
	}
}

// A Server is an MCP server a package builds outside its tests.
type Server struct {
	// SDK names the server's SDK.
	SDK string
	// Pos is where it is built.
	Pos token.Pos
	// Converts reports that middleware installed on it turns every tool
	// handler's error into a tool execution error result: no handler
	// registered on it returns a protocol error.
	Converts bool
	// Recovers reports that middleware installed on it recovers every
	// tool handler's panic into a tool execution error result.
	Recovers bool
}

// servers returns the servers the package builds, and for each whether a
// converting middleware is installed on it: as an option of the call that
// builds it (server.WithToolHandlerMiddleware(mw)), or by a method called
// on it (s.Use(mw), s.AddReceivingMiddleware(mw)).
func servers(pass *analysis.Pass, sc *scope.Result, ps *paths.Result) []Server {
	table := sc.Roles
	built := make(map[*ssa.Call]*Server)
	var order []*ssa.Call
	type install struct {
		call *ssa.Call
		row  roles.Row
	}
	var installs []install
	for _, fn := range sc.SrcFuncs {
		if mcpssa.InTestFile(pass.Fset, fn) {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				row, ok := table.Lookup(ssaval.Callee(call.Common()))
				switch {
				case !ok:
				case row.Role == roles.Server:
					built[call] = &Server{SDK: row.SDK, Pos: call.Pos()}
					order = append(order, call)
				case row.Role == roles.Middleware:
					installs = append(installs, install{call, row})
				}
			}
		}
	}
	for _, in := range installs {
		ops := ssaval.Operands(in.call.Common())
		converts, recovers := false, false
		for _, op := range ops[min(in.row.Param, len(ops)):] {
			converts = converts || middlewareParam(op, ps.ConvertedParams)
			recovers = recovers || middlewareParam(op, func(fn *ssa.Function) ([]int, []string) { return ps.RecoveredParams(fn), nil })
		}
		if !converts && !recovers {
			continue
		}
		// An option of the call that builds the server, or a method of
		// the server.
		for call, srv := range built {
			installed := false
			for _, op := range ssaval.Operands(call.Common()) {
				if slices.Contains(ssaval.Sources(op), ssa.Value(in.call)) {
					installed = true
				}
			}
			if in.row.Param > 0 && len(ops) > 0 && slices.Contains(ssaval.Sources(ops[0]), ssa.Value(call)) {
				installed = true
			}
			if installed {
				srv.Converts = srv.Converts || converts
				srv.Recovers = srv.Recovers || recovers
			}
		}
	}
	out := make([]Server, len(order))
	for i, call := range order {
		out[i] = *built[call]
	}
	return out
}

// middlewareParam reports whether v is a middleware function that does
// with the handler it is given, its first parameter, what params says of
// its parameters (turns its errors or its panics into tool results): by
// what the paths pass found in this package, or by its conversion fact.
func middlewareParam(v ssa.Value, params func(*ssa.Function) ([]int, []string)) bool {
	fn := ssaval.FuncValue(v)
	if fn == nil {
		return false
	}
	ps, _ := params(fn)
	return slices.Contains(ps, 0)
}

// Converted returns the SDKs whose every server the package builds
// converts tool errors into results, or nil when there is none.
func (r *Result) Converted() map[string]bool { return ConvertedSDKs(r.Servers) }

// Recovered returns the SDKs whose every server the package builds
// recovers tool handlers' panics into results, or nil when there is none.
func (r *Result) Recovered() map[string]bool {
	return everyServer(r.Servers, func(srv Server) bool { return srv.Recovers })
}

// ConvertedSDKs returns the SDKs whose every server in servers converts
// tool errors into results, or nil when there is none.
func ConvertedSDKs(servers []Server) map[string]bool {
	return everyServer(servers, func(srv Server) bool { return srv.Converts })
}

// everyServer returns the SDKs whose every server in servers has has.
func everyServer(servers []Server, has func(Server) bool) map[string]bool {
	out := make(map[string]bool)
	for _, srv := range servers {
		if all, seen := out[srv.SDK]; !seen || all {
			out[srv.SDK] = has(srv)
		}
	}
	for sdk, all := range out {
		if !all {
			delete(out, sdk)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
