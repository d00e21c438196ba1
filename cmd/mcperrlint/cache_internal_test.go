package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcperrlint/mcperrlint/analyzer"
	"github.com/mcperrlint/mcperrlint/internal/driver/diskcache"
)

// The tests in this file run the driver in the test's process, which
// the race of a file saved during a run needs (a hook between the keys
// and the load); they change the working directory and the environment,
// so none of them runs in parallel.

// TestCacheOffSpellings checks the values of MCPERRLINT_CACHE that turn
// the cache off: the spellings of "off" users type. None may make a
// directory of that name; anything else is a directory.
func TestCacheOffSpellings(t *testing.T) {
	t.Chdir(t.TempDir())
	d := &driver{a: analyzer.Analyzer, stdout: new(bytes.Buffer), stderr: new(bytes.Buffer)}
	for _, off := range []string{"off", "OFF", "Off", "0", "false", "FALSE", "False"} {
		t.Setenv(cacheEnv, off)
		if c, _ := d.openCache(); c != nil {
			t.Errorf("%s=%s: a cache %v, want none", cacheEnv, off, c)
		}
		if _, err := os.Stat(off); err == nil {
			t.Errorf("%s=%s made a directory of that name", cacheEnv, off)
		}
	}
	for _, dir := range []string{"offline", "./off", "00", "no-cache"} {
		t.Setenv(cacheEnv, dir)
		store, _ := d.openCache()
		c, _ := store.(*diskcache.Cache)
		if abs, _ := filepath.Abs(dir); c == nil || c.Dir() != abs {
			t.Errorf("%s=%s: cache %v, want one in that directory", cacheEnv, dir, c)
		}
	}
}

// cacheRaceHandler is a go-sdk handler that returns its decoding error as
// a protocol error (one finding); fixed, it returns a tool result.
const cacheRaceHandler = `package main

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func lookup(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct {
		ID string ` + "`json:\"id\"`" + `
	}
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{}, nil
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "x"}, nil)
	s.AddTool(&mcp.Tool{Name: "lookup", InputSchema: map[string]any{"type": "object"}}, lookup)
}
`

// TestCacheFileSavedDuringRun saves a file after the run hashed it for
// the keys and before the loader reads it, as format-on-save, a git
// checkout or a concurrent -fix may: the results of the new contents must
// not be kept under the key of the old. When the old contents come back,
// the cached run must answer what a run without the cache answers.
func TestCacheFileSavedDuringRun(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real SDK")
	}
	dir := t.TempDir()
	sdk := filepath.Join("..", "..", "testdata", "modules", "gosdk-v1.8.0")
	gomod, err := os.ReadFile(filepath.Join(sdk, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	gosum, err := os.ReadFile(filepath.Join(sdk, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	fixed := strings.Replace(cacheRaceHandler, "return nil, err", "return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil", 1)
	files := map[string]string{
		"go.mod":  strings.Replace(string(gomod), "module example.com/gosdk18", "module example.com/cacherace", 1),
		"go.sum":  string(gosum),
		"main.go": cacheRaceHandler,
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	t.Setenv("GOFLAGS", "-mod=readonly")
	cache := filepath.Join(t.TempDir(), "cache")
	lint := func(cacheDir string) (string, int) {
		t.Helper()
		t.Setenv(cacheEnv, cacheDir)
		var stdout, stderr bytes.Buffer
		d := &driver{a: analyzer.Analyzer, stdout: &stdout, stderr: &stderr}
		code := d.run([]string{"./..."})
		return stdout.String() + stderr.String(), code
	}
	save := func(content string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, wantCode := lint("off")
	if !strings.Contains(want, "tool handler returns") || wantCode != exitReported {
		t.Fatalf("no finding to begin with (the test's premise): exit %d\n%s", wantCode, want)
	}

	// The fix is saved once the run has hashed the handler.
	afterKeysHook = func() { save(fixed) }
	lint(cache)
	afterKeysHook = nil
	save(cacheRaceHandler)
	if got, code := lint(cache); got != want || code != wantCode {
		t.Errorf("after a file saved during a run and reverted, the cached run: exit %d\n%s\nwant exit %d\n%s", code, got, wantCode, want)
	}

	// And the other way: the handler broken again while a run of the
	// fixed one loads it. The fixed contents must not get its finding.
	save(fixed)
	wantFixed, wantFixedCode := lint("off")
	afterKeysHook = func() { save(cacheRaceHandler) }
	lint(cache)
	afterKeysHook = nil
	save(fixed)
	if got, code := lint(cache); got != wantFixed || code != wantFixedCode {
		t.Errorf("after the fixed file was saved over during a run and restored, the cached run: exit %d\n%s\nwant exit %d\n%s", code, got, wantFixedCode, wantFixed)
	}
}
