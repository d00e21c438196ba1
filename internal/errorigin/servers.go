package errorigin

import (
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/argflow"
	"github.com/mcperrlint/mcperrlint/internal/handlers"
	"github.com/mcperrlint/mcperrlint/internal/roles"
)

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
}

// servers returns the servers the package builds, and for each whether a
// converting middleware is installed on it: as an option of the call that
// builds it (server.WithToolHandlerMiddleware(mw)), or by a method called
// on it (s.Use(mw), s.AddReceivingMiddleware(mw)).
func (s *summarizer) servers(table *roles.Table, hs *handlers.Result) []Server {
	built := make(map[*ssa.Call]*Server)
	var order []*ssa.Call
	type install struct {
		call *ssa.Call
		row  roles.Row
	}
	var installs []install
	for _, fn := range s.srcFuncs {
		if s.inTestFile(fn) {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				row, ok := table.Lookup(argflow.Callee(call.Common()))
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
		ops := argflow.Operands(in.call.Common())
		converts := false
		for _, op := range ops[min(in.row.Param, len(ops)):] {
			converts = converts || s.convertsParam(op, hs)
		}
		if !converts {
			continue
		}
		// An option of the call that builds the server, or a method of
		// the server.
		for call, srv := range built {
			for _, op := range argflow.Operands(call.Common()) {
				if slices.Contains(argflow.Sources(op), ssa.Value(in.call)) {
					srv.Converts = true
				}
			}
			if in.row.Param > 0 && len(ops) > 0 && slices.Contains(argflow.Sources(ops[0]), ssa.Value(call)) {
				srv.Converts = true
			}
		}
	}
	out := make([]Server, len(order))
	for i, call := range order {
		out[i] = *built[call]
	}
	return out
}

// convertsParam reports whether v is a middleware function that turns the
// errors of the handler it is given, its first parameter, into tool
// results: by what handlers found in this package, or by its summary.
func (s *summarizer) convertsParam(v ssa.Value, hs *handlers.Result) bool {
	fn := handlers.FuncValue(v)
	if fn == nil {
		return false
	}
	params, _ := hs.ConvertedParams(fn)
	return slices.Contains(params, 0)
}

// inTestFile reports whether fn is declared in a _test.go file: a server
// a test builds says nothing of how the program serves its tools.
func (s *summarizer) inTestFile(fn *ssa.Function) bool {
	f := s.pass.Fset.File(argflow.Outermost(fn).Pos())
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}

// ConvertedSDKs returns the SDKs whose every server in servers converts
// tool errors into results, or nil when there is none.
func ConvertedSDKs(servers []Server) map[string]bool {
	out := make(map[string]bool)
	for _, srv := range servers {
		if converts, seen := out[srv.SDK]; !seen || converts {
			out[srv.SDK] = srv.Converts
		}
	}
	for sdk, converts := range out {
		if !converts {
			delete(out, sdk)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
