// Package testbin gives the end-to-end tests the binaries they run: the
// mcperrlint command and golangci-lint with the plugin built in. Each is
// built once per test process, or taken from the environment, where
// .ci/run puts the ones it built once for every package of the run:
// building golangci-lint is the most expensive step of the suite.
package testbin

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"
)

// The environment variables that name prebuilt binaries. A test run
// without them builds its own.
const (
	EnvMcperrlint   = "MCPERRLINT_TEST_BIN"
	EnvGolangciLint = "MCPERRLINT_TEST_GOLANGCI_LINT"
)

var (
	mu    sync.Mutex
	dir   string // the process's directory of binaries, removed by Cleanup
	built = map[string]*binary{}
)

type binary struct {
	once sync.Once
	path string
	err  error
}

// Mcperrlint returns the path of the mcperrlint command.
func Mcperrlint(tb testing.TB) string {
	tb.Helper()
	return get(tb, EnvMcperrlint, "mcperrlint", "", []string{"build"}, "github.com/mcperrlint/mcperrlint/cmd/mcperrlint")
}

// GolangciLintPlugin returns the path of golangci-lint with the
// mcperrlint plugin built in (testdata/golangci).
func GolangciLintPlugin(tb testing.TB) string {
	tb.Helper()
	return get(tb, EnvGolangciLint, "custom-gcl", filepath.Join("testdata", "golangci"), GolangciLintBuildFlags, ".")
}

// GolangciLintBuildFlags are the go command's arguments that build
// testdata/golangci (in that directory, with -o and . added); .ci/run
// builds it the same way.
var GolangciLintBuildFlags = []string{"build"}

// Root returns the repository's directory: that of the main module of
// the test's working directory (a package of this repository).
func Root() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %v", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", fmt.Errorf("the working directory is in no module")
	}
	return filepath.Dir(gomod), nil
}

// Testdata returns the repository's testdata directory: the GOPATH-style
// tree of hermetic cases in src (whose SDKs are signature-exact stubs,
// kept honest by TestStubsMatchRealSDKs) and the real-SDK modules. It is
// found from this file's own place in the repository (or, in a -trimpath
// build, from the main module), for the tests of every package alike.
func Testdata(tb testing.TB) string {
	tb.Helper()
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		return filepath.Join(filepath.Dir(file), "..", "..", "testdata")
	}
	// Built with -trimpath: the file name is module-relative.
	root, err := Root()
	if err != nil {
		tb.Fatal(err)
	}
	return filepath.Join(root, "testdata")
}

// get returns the binary the environment variable env names, or builds
// it once, by go flags... -o name pkg in the repository's subdir.
func get(tb testing.TB, env, name, subdir string, flags []string, pkg string) string {
	tb.Helper()
	if p := os.Getenv(env); p != "" {
		if _, err := os.Stat(p); err != nil {
			tb.Fatalf("$%s: %v", env, err)
		}
		return p
	}
	mu.Lock()
	b := built[name]
	if b == nil {
		b = new(binary)
		built[name] = b
	}
	mu.Unlock()
	b.once.Do(func() {
		mu.Lock()
		if dir == "" {
			dir, b.err = os.MkdirTemp("", "mcperrlint-testbin")
		}
		d := dir
		mu.Unlock()
		if b.err != nil {
			return
		}
		root, err := Root()
		if err != nil {
			b.err = err
			return
		}
		b.path = filepath.Join(d, name)
		cmd := exec.Command("go", append(append(flags[:len(flags):len(flags)], "-o", b.path), pkg)...)
		cmd.Dir = filepath.Join(root, subdir)
		// As CI's clean clone: complete go.sum files, no go.work.
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=readonly -buildvcs=false", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			b.err = fmt.Errorf("%s: %v\n%s", cmd, err, out)
		}
	})
	if b.err != nil {
		tb.Fatal(b.err)
	}
	return b.path
}

var (
	warmMu sync.Mutex
	warmed = map[string]*binary{} // by directory and command; path unused
)

// Warm runs the go command with args in dir once per test process, the
// first time a test asks, and makes every other caller wait for it: a
// command whose outputs the go build cache keeps for the go commands the
// tests run afterwards, such as go vet -vettool compiling every
// dependency of a module and computing the tool's facts about each.
// Tests that run in parallel on an empty build cache otherwise start
// their go commands at once, and each compiles the same dependencies
// (the SDKs, much of the standard library) for itself. Its exit status
// is not checked (go vet exits 1 on findings): the tests run the commands
// whose results they check themselves, and report their failures.
func Warm(tb testing.TB, dir string, args ...string) {
	tb.Helper()
	key := dir + "\x00" + strings.Join(args, "\x00")
	warmMu.Lock()
	w := warmed[key]
	if w == nil {
		w = new(binary)
		warmed[key] = w
	}
	warmMu.Unlock()
	w.once.Do(func() {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		var exit *exec.ExitError
		if out, err := cmd.CombinedOutput(); err != nil && !errors.As(err, &exit) {
			w.err = fmt.Errorf("%s in %s: %v\n%s", cmd, dir, err, out)
		}
	})
	if w.err != nil {
		tb.Fatal(w.err)
	}
}

// Cleanup removes the binaries the process built; a TestMain calls it
// after m.Run.
func Cleanup() {
	mu.Lock()
	defer mu.Unlock()
	if dir != "" {
		os.RemoveAll(dir)
	}
}

// GopathEnv returns the environment of a go command, or of
// packages.Load, that works in GOPATH mode in gopath, as the testdata
// packages are laid out.
func GopathEnv(gopath string) []string {
	return append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOWORK=off", "GOFLAGS=")
}

// LoadTestdata loads the packages of testdata/src named, in GOPATH mode,
// with their syntax and that of their dependencies, for checker.Analyze.
func LoadTestdata(tb testing.TB, patterns ...string) []*packages.Package {
	tb.Helper()
	gopath := Testdata(tb)
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: filepath.Join(gopath, "src"), Env: GopathEnv(gopath)}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		tb.Fatal(err)
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		tb.Fatalf("%d errors loading %v", n, patterns)
	}
	return pkgs
}
