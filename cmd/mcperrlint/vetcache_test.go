package main_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestVetCacheFollowsEdits runs the edit sequence that made go vet's
// cached results stale: vet a module whose go.mod names no SDK, then add
// the SDK and a handler that returns the error of a helper in a package
// that did not change. go vet reuses the helper package's cached result
// (its facts), keyed on that package's inputs; the summaries must be in
// it although no SDK was in the build when it was computed. go vet with
// its cache must report what a run without one reports.
func TestVetCacheFollowsEdits(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	if testing.Short() {
		t.Skip("runs go vet with the real SDK")
	}
	bin := buildCommand(t)
	dir := t.TempDir()
	// A module path of its own, so that no earlier run's cached results
	// apply: the first vet computes the helper's.
	module := fmt.Sprintf("example.com/vetcache%d", time.Now().UnixNano())
	write := func(name, content string) { writeModuleFile(t, dir, name, content) }
	write("go.mod", "module "+module+"\n\ngo 1.26.0\n")
	write("check/check.go", checkPackage)
	write("main.go", "package main\n\nfunc main() {}\n")
	if out, code := run(t, dir, "go", "vet", "-vettool="+bin, "./..."); code != 0 || out != "" {
		t.Fatalf("go vet before the SDK: exit %d\n%s", code, out)
	}

	// The SDK and a handler; check/ is unchanged.
	gomod, gosum := sdkModFiles(t, module)
	write("go.mod", gomod)
	write("go.sum", gosum)
	write("main.go", checkHandler(module))
	// The reference is the standalone command without its cache
	// (TestSameAsGoVet holds it to go vet): go vet -a would do, but it
	// rebuilds the standard library, and it must not run first, since it
	// stores the helper's result anew.
	const want = checkHandlerFinding
	cached, code := run(t, dir, "go", "vet", "-vettool="+bin, "./...")
	_, all, _ := runSplit(t, dir, []string{"MCPERRLINT_CACHE=off"}, bin, "./...")
	if !strings.Contains(all, want) {
		t.Fatalf("the standalone command does not report the handler (the test's premise):\n%s", all)
	}
	if !strings.Contains(cached, want) || code == 0 {
		t.Errorf("go vet with cached results: exit %d, want the finding go vet -a reports:\n%s", code, cached)
	}
}

// checkPackage is package check of the modules of TestVetCacheFollowsEdits
// and TestResultCacheFacts: a helper that validates its argument, whose
// summary (a fact) tells the handler's package so.
const checkPackage = `package check

import "fmt"

// ID checks a user-supplied ID.
func ID(id string) error {
	if id == "" || len(id) > 64 {
		return fmt.Errorf("invalid id %q", id)
	}
	return nil
}
`

// checkHandlerFinding is what the command reports on checkHandler.
const checkHandlerFinding = "main.go:20:3: tool handler returns an argument validation error"

// checkHandler is the main.go of a module at path module: a go-sdk tool
// handler that returns check.ID's error as a protocol error.
func checkHandler(module string) string {
	return `package main

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"` + module + `/check"
)

func lookup(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct {
		ID string ` + "`json:\"id\"`" + `
	}
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
	}
	if err := check.ID(args.ID); err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{}, nil
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "x"}, nil)
	s.AddTool(&mcp.Tool{Name: "lookup", InputSchema: map[string]any{"type": "object"}}, lookup)
}
`
}

// sdkModFiles returns go.mod and go.sum for a module at path module that
// requires what the go-sdk v1.8.0 matrix module does.
func sdkModFiles(t *testing.T, module string) (gomod, gosum string) {
	t.Helper()
	const sdkModule = "../../testdata/modules/gosdk-v1.8.0"
	_, requires, _ := strings.Cut(readFile(t, sdkModule, "go.mod"), "\nrequire ")
	return "module " + module + "\n\ngo 1.26.0\n\nrequire " + requires, readFile(t, sdkModule, "go.sum")
}

// writeModuleFile writes content to dir/name, making the directories.
func writeModuleFile(t *testing.T, dir, name, content string) {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
