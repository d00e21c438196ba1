package handlers

import (
	"fmt"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/mcperrlint/mcperrlint/internal/mcpssa"
	"github.com/mcperrlint/mcperrlint/internal/roles"
	"github.com/mcperrlint/mcperrlint/internal/sdk"
)

// findAnalyzer runs Find the way the real pipeline does (errorigin's
// run), without the helpers' summaries, and reports what it found:
//   - each handler, at its function, as "name: SDK kind how[ by ...][
//     seeds ...][ result dropped by ...][ escapes ...]";
//   - at each call of a function of another package, what ConvertedParams
//     says of the callee, when anything;
//   - the Wrapper facts Export records, checked by fact expectations.
var findAnalyzer = &analysis.Analyzer{
	Name:      "find",
	Doc:       "report the tool handlers handlers.Find finds",
	FactTypes: []analysis.Fact{new(Wrapper)},
	Run: func(pass *analysis.Pass) (any, error) {
		prog, err := mcpssa.Build(pass, sdk.Default)
		if prog == nil || err != nil {
			return nil, err
		}
		if sdk.Default.InSDK(pass.Pkg.Path()) {
			return nil, nil // the stubs: their facts are not what is tested
		}
		table := roles.NewTable(roles.Builtin(), sdk.RoleRows(prog.SDKs))
		res := Find(prog, table, Inputs{
			ImportFact: pass.ImportObjectFact,
			InSDK:      sdk.Default.InSDK,
		})
		res.Export(pass.ExportObjectFact)
		for _, h := range res.Handlers {
			pass.Reportf(h.Fn.Pos(), "%s", describe(pass.Pkg, h))
		}
		for _, fn := range prog.SrcFuncs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					call, ok := instr.(ssa.CallInstruction)
					if !ok {
						continue
					}
					callee := call.Common().StaticCallee()
					if callee == nil || callee.Pkg == nil || callee.Pkg == prog.Pkg || sdk.Default.InSDK(callee.Pkg.Pkg.Path()) {
						continue
					}
					if params, escapes := res.ConvertedParams(callee); len(params) > 0 || len(escapes) > 0 {
						pass.Reportf(call.Pos(), "%s converts %v escapes %v", callee.Name(), params, escapes)
					}
				}
			}
		}
		return nil, nil
	},
}

// describe says what Find knows of h, in the words of the want comments.
func describe(pkg *types.Package, h *Handler) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s ", h.Fn.RelString(pkg), h.SDK.Name)
	switch h.Kind {
	case sdk.Raw:
		b.WriteString("raw")
	case sdk.Typed:
		b.WriteString("typed")
	default:
		fmt.Fprintf(&b, "kind %d", h.Kind)
	}
	switch {
	case h.Registered:
		b.WriteString(" registered")
	case h.Forwarded():
		b.WriteString(" forwarded")
	default:
		b.WriteString(" unregistered")
	}
	if len(h.ForwardedBy) > 0 {
		var by []string
		for _, from := range h.ForwardedBy {
			if from.Fn == nil {
				by = append(by, "another package")
			} else {
				by = append(by, from.Fn.RelString(pkg))
			}
		}
		slices.Sort(by)
		fmt.Fprintf(&b, " by %s", strings.Join(by, ","))
	}
	if len(h.Seeds) > 0 {
		var seeds []string
		for _, p := range h.Seeds {
			seeds = append(seeds, p.Name())
		}
		fmt.Fprintf(&b, " seeds %s", strings.Join(seeds, ","))
	}
	if !h.ResultForwarded {
		fmt.Fprintf(&b, " result dropped by %s", h.ResultDroppedBy)
	}
	if len(h.Escapes) > 0 {
		fmt.Fprintf(&b, " escapes %s", strings.Join(h.Escapes, ","))
	}
	return b.String()
}

func testdata(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../../testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestFindGoSDK checks the handlers of go-sdk's shapes: by signature,
// typed and raw, forwarded by generic wrappers and nested closures,
// factories, tool bodies, converting wrappers and middleware, and the
// marked errors that escape them.
func TestFindGoSDK(t *testing.T) {
	analysistest.Run(t, testdata(t), findAnalyzer, "handlers_gosdk")
}

// TestFindMCPGo checks the handlers of mcp-go's shapes: raw by
// signature, typed by NewTypedToolHandler (directly and from factories),
// and handlers given only to converting tool middleware.
func TestFindMCPGo(t *testing.T) {
	analysistest.Run(t, testdata(t), findAnalyzer, "handlers_mcpgo")
}

// TestFindAcrossPackages checks that a wrapper's Wrapper fact carries its
// forwarding and converting parameters to the package that passes bodies
// to it: the fact strings in handlers_xpkg/wrap, the handlers they make
// in handlers_xpkg/use.
func TestFindAcrossPackages(t *testing.T) {
	analysistest.Run(t, testdata(t), findAnalyzer, "handlers_xpkg/wrap", "handlers_xpkg/use")
}
