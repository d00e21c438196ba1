package analyzer_test

// The real-SDK matrix: each directory under testdata/modules is a standalone
// module that requires one pinned version of an MCP SDK and holds a package of
// realistic tool handlers with analysistest "// want" comments. Unlike the
// hermetic stubs under testdata/src, these load the real SDK from the module
// cache, so they need the module proxy (or a warm cache) once; they are
// skipped under -short.

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/analyzer"
	"github.com/mcperrlint/mcperrlint/internal/testbin"
)

// matrixModules are the directories under testdata/modules, one per pinned
// SDK version.
var matrixModules = []string{
	"gosdk-v1.8.0",  // github.com/modelcontextprotocol/go-sdk v1.8.0
	"gosdk-v1.4.1",  // github.com/modelcontextprotocol/go-sdk v1.4.1
	"gosdk-v1.0.0",  // github.com/modelcontextprotocol/go-sdk v1.0.0, the oldest supported
	"mcpgo-v1.2.1",  // github.com/mark3labs/mcp-go v1.2.1
	"mcpgo-v0.28.0", // github.com/mark3labs/mcp-go v0.28.0
	"mcpgo-v0.16.0", // github.com/mark3labs/mcp-go v0.16.0, with no NewToolResultError
	"mcpgo-v0.6.0",  // github.com/mark3labs/mcp-go v0.6.0, whose handlers take the arguments map alone
}

// matrixModuleDir returns the absolute path of testdata/modules/name.
func matrixModuleDir(t *testing.T, name string) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "testdata", "modules", name))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		t.Fatalf("matrix module %s: %v", name, err)
	}
	return dir
}

var (
	downloadMu   sync.Mutex
	downloadErrs = map[string]error{} // dir -> result of go mod download
)

// downloadMatrixModule runs "go mod download" in dir, once per test binary, so that
// the module cache holds every module the dir's go.mod needs. analysistest
// loads module-mode packages with GOPROXY=off, so without this a fresh machine
// could not load the real SDKs. The environment is inherited: GOPROXY,
// GOMODCACHE, GOFLAGS and GONOSUMDB settings of the caller apply.
func downloadMatrixModule(t *testing.T, dir string) {
	t.Helper()
	downloadMu.Lock()
	defer downloadMu.Unlock()
	err, done := downloadErrs[dir]
	if !done {
		cmd := exec.Command("go", "mod", "download")
		cmd.Dir = dir
		if out, runErr := cmd.CombinedOutput(); runErr != nil {
			err = fmt.Errorf("go mod download in %s: %v\n%s", dir, runErr, out)
		}
		downloadErrs[dir] = err
	}
	if err != nil {
		t.Fatal(err)
	}
}

// forEachMatrixModule runs test on each matrix module, downloaded, as a
// subtest; the real SDKs are skipped in -short mode.
func forEachMatrixModule(t *testing.T, test func(t *testing.T, dir string)) {
	t.Helper()
	if testing.Short() {
		t.Skip("loads real SDKs from the module cache; skipped in -short mode")
	}
	for _, name := range matrixModules {
		t.Run(name, func(t *testing.T) {
			dir := matrixModuleDir(t, name)
			downloadMatrixModule(t, dir)
			test(t, dir)
		})
	}
}

// offlineModuleEnv is the environment analysistest uses for a module-mode
// load, so that a check passing here means analysistest can load it too.
func offlineModuleEnv() []string {
	return append(os.Environ(), "GO111MODULE=on", "GOPROXY=off", "GOWORK=off")
}

// warmMatrixModule builds the matrix module in dir once per test binary
// (testbin.Warm), compiling its dependencies, the real SDK above all, into
// the build cache before TestFixIsIdempotent's mcperrlint runs need their
// export data, rather than in several of them at once on an empty cache.
// That the modules type-check, tests included, is TestMatrix's to say:
// analysistest loads the same packages, and the analyzer, which does not
// run despite errors, fails on any that does not.
func warmMatrixModule(t *testing.T, dir string) {
	t.Helper()
	testbin.Warm(t, dir, "build", "./...")
}

// TestMatrix runs the analyzer over each matrix module and checks its
// diagnostics against the "// want" comments and its fixes against the
// .golden files.
//
// The modules' unflagged packages hold the cases of that category, on by
// default, on each SDK version; that -unflagged-errors=false turns it off
// is the unflagged_off case family's to say (TestToolErrors).
func TestMatrix(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	a := analyzer.Analyzer
	forEachMatrixModule(t, func(t *testing.T, dir string) {
		for _, r := range analysistest.RunWithSuggestedFixes(t, dir, a, "./...") {
			assertFixesCompose(t, r.Pass.Fset, r.Diagnostics)
		}
	})
}
