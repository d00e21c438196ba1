package summaries_test

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/objectpath"

	"github.com/mcperrlint/mcperrlint/internal/testbin"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
)

// determinismFamilies are the testdata/src families whose facts carry
// the most: wrappers forwarding handlers, middleware, generics, odd
// handler shapes.
var determinismFamilies = []string{
	"errorigin_facts", "gosdk_forward", "gosdk_raw", "gosdk_typed",
	"mcpgo_raw", "mcpgo_typed", "tool_errors", "robust_shapes",
	"robust_generics", "robust_mcpgo", "robust_bugs",
	"argassert_mcpgo", "argassert_gosdk",
}

// TestFactsAreDeterministic analyzes the same packages several times
// (each run builds its own SSA form and ranges over its own maps, in
// another order) and requires every fact to encode to the same bytes each
// time: go vet and golangci-lint cache a package's facts by their
// encoding, and facts that differ from run to run make every importer's
// cache entry stale.
func TestFactsAreDeterministic(t *testing.T) {
	pkgs := loadFamilies(t)
	first := encodedFacts(t, pkgs)
	if len(first) == 0 {
		t.Fatal("no facts exported")
	}
	wrap := first["wrappers.Wrap *handlers.wrapper"]
	if wrap == nil {
		t.Fatal("no Wrapper fact of wrappers.Wrap")
	}
	// gob decodes by field name: the fact's type is the handlers pass's.
	var sum struct{ Forwards []handlers.ForwardedParam }
	if err := gob.NewDecoder(bytes.NewReader(wrap)).Decode(&sum); err != nil {
		t.Fatal(err)
	}
	params := make([]int, 0, len(sum.Forwards))
	for _, fp := range sum.Forwards {
		params = append(params, fp.Param)
	}
	t.Logf("wrappers.Wrap forwards %+v", sum.Forwards)
	if !slices.Equal(params, []int{0, 1}) {
		t.Errorf("wrappers.Wrap forwards parameters %v, want [0 1], once each: %+v", params, sum.Forwards)
	}
	for run := 2; run <= 3; run++ {
		again := encodedFacts(t, pkgs)
		for key, want := range first {
			got, ok := again[key]
			switch {
			case !ok:
				t.Errorf("run %d: no fact %s", run, key)
			case !bytes.Equal(got, want):
				t.Errorf("run %d: fact %s encodes differently:\n%x\nfirst run:\n%x", run, key, got, want)
			}
		}
		for key := range again {
			if _, ok := first[key]; !ok {
				t.Errorf("run %d: extra fact %s", run, key)
			}
		}
	}
}

// wrapperSrc is a wrapper with two handlers, which forward the errors of
// its functions, the second one's both alike: its Wrapper fact has several
// ForwardedParams, which must come out sorted and once each.
const wrapperSrc = `package wrappers

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Args struct {
	Name string ` + "`json:\"name\"`" + `
}

type typed func(context.Context, *mcp.CallToolRequest, Args) (*mcp.CallToolResult, any, error)

func Wrap(first, second typed) (mcp.ToolHandler, mcp.ToolHandler) {
	both := func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var in Args
		if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
			return &mcp.CallToolResult{IsError: true}, nil
		}
		if res, _, err := first(ctx, req, in); err != nil || res != nil {
			return res, err
		}
		res, _, err := second(ctx, req, in)
		return res, err
	}
	one := func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var in Args
		if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
			return &mcp.CallToolResult{IsError: true}, nil
		}
		res, _, err := second(ctx, req, in)
		return res, err
	}
	return both, one
}
`

// families is the one load of the families that the tests of this file
// share: each load type-checks the standard library from source.
var families struct {
	sync.Mutex
	pkgs   []*packages.Package
	gopath string // removed by TestMain
}

// loadFamilies loads the families, and a package holding wrapperSrc,
// from source, in a GOPATH of testdata/src's SDK stubs, once for the
// tests that ask.
func loadFamilies(t *testing.T) []*packages.Package {
	t.Helper()
	families.Lock()
	defer families.Unlock()
	if families.pkgs == nil {
		gopath, err := os.MkdirTemp("", "summaries-families")
		if err != nil {
			t.Fatal(err)
		}
		families.gopath = gopath
		families.pkgs = loadFamiliesFrom(t, gopath)
	}
	return families.pkgs
}

func loadFamiliesFrom(t *testing.T, gopath string) []*packages.Package {
	t.Helper()
	testdata := filepath.Join(testbin.Testdata(t), "src")
	src := filepath.Join(gopath, "src")
	if err := os.MkdirAll(filepath.Join(src, "wrappers"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, "wrappers", "wrappers.go"), []byte(wrapperSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(testdata)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if err := os.Symlink(filepath.Join(testdata, e.Name()), filepath.Join(src, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  src,
		Env:  testbin.GopathEnv(gopath),
	}
	pkgs, err := packages.Load(cfg, append(determinismFamilies, "wrappers")...)
	if err != nil {
		t.Fatal(err)
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		t.Fatalf("%d errors loading the families", n)
	}
	return pkgs
}

// encodedFacts runs a new summaries pass, with the passes it requires, over pkgs and returns each
// fact it exported, gob-encoded as go vet encodes facts, keyed by
// package, object path and fact type.
func encodedFacts(t *testing.T, pkgs []*packages.Package) map[string][]byte {
	t.Helper()
	a := newSummaries()
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	facts := make(map[string][]byte)
	encode := func(key string, fact any) {
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(fact); err != nil {
			t.Fatalf("%s: %v", key, err)
		}
		if _, dup := facts[key]; dup {
			t.Fatalf("two facts %s", key)
		}
		facts[key] = buf.Bytes()
	}
	for act := range graph.All() {
		if act.Err != nil { // every pass of the chain: all export facts
			continue
		}
		for _, f := range act.AllObjectFacts() {
			if f.Object.Pkg() != act.Package.Types {
				continue // inherited
			}
			path, err := objectpath.For(f.Object)
			if err != nil {
				continue // not addressable from outside: never exported
			}
			encode(fmt.Sprintf("%s.%s %T", f.Object.Pkg().Path(), path, f.Fact), f.Fact)
		}
		for _, f := range act.AllPackageFacts() {
			if f.Package == act.Package.Types {
				encode(fmt.Sprintf("%s %T", f.Package.Path(), f.Fact), f.Fact)
			}
		}
	}
	return facts
}

func TestMain(m *testing.M) {
	code := m.Run()
	if families.gopath != "" {
		os.RemoveAll(families.gopath)
	}
	os.Exit(code)
}
