// Package fleet_test holds mcperrlint to what a fleet of CI runners gets
// when they share the go command's build cache through GOCACHEPROG: go
// vet's results of one runner answer the next (docs/ci.md).
package fleet_test

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcperrlint/mcperrlint/internal/testbin"
)

// TestAcrossMachines holds the two ways a fleet shares mcperrlint's
// results through a shared build cache: go vet's, which are actions of
// the go command's cache, and the standalone command's, whose result
// cache goes through GOCACHEPROG's program when the go command's does.
// Each machine has empty caches of its own (GOCACHE, the cache program's
// directory, the user's cache directory); they share an HTTP cache server
// (go-tool-cache's go-cacher and go-cacher-server, on the loopback
// address).
//
//   - A runs go vet -vettool=mcperrlint, whose vet tool logs each package
//     it runs on, and then the standalone command, whose cache program
//     logs the requests mcperrlint makes of it: the analyzer runs on every
//     package, and an entry is put for each package the command analyzes.
//   - B prints A's output of both and runs the analyzer on no package:
//     go vet runs its vet tool on none, the command puts no entry. With
//     the sharing off (no server, or a command that ignores GOCACHEPROG),
//     B runs everything A ran, as A did with nothing to share yet.
//   - Edits on B: a comment in the helper package runs go vet's analyzer
//     on it alone (its export data and facts are unchanged); a new
//     function runs it on the helper and on the package that imports it,
//     not on the third.
func TestAcrossMachines(t *testing.T) {
	if testing.Short() {
		t.Skip("builds with two empty build caches")
	}
	root, err := testbin.Root()
	if err != nil {
		t.Fatal(err)
	}
	tools := cacheTools(t, root)
	server := startCacheServer(t, filepath.Join(tools, "go-cacher-server"))
	bin := testbin.Mcperrlint(t)
	vettool := countingVetTool(t, bin)
	cacher := loggingCacher(t, filepath.Join(tools, "go-cacher"), filepath.Base(bin))
	module := writeModule(t, filepath.Join(root, "testdata", "src", "github.com", "mark3labs", "mcp-go", "mcp"))
	newMachine := func(name, server string) *machine {
		dir := t.TempDir()
		prog := cacher + " -cache-dir " + filepath.Join(dir, "cacher")
		if server != "" {
			prog += " -cache-server " + server
		}
		m := &machine{t: t, name: name, module: module, bin: bin, vettool: vettool,
			vetLog: filepath.Join(dir, "vet.log"), progLog: filepath.Join(dir, "prog.log")}
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "MCPERRLINT_CACHE=") {
				m.env = append(m.env, kv)
			}
		}
		m.env = append(m.env, "GOCACHE="+filepath.Join(dir, "gocache"), "GOCACHEPROG="+prog,
			"XDG_CACHE_HOME="+filepath.Join(dir, "user-cache"), "HOME="+filepath.Join(dir, "home"),
			"GOFLAGS=", "GOTOOLCHAIN=local", "GOWORK=off",
			"FLEET_VET_LOG="+m.vetLog, "FLEET_PROG_LOG="+m.progLog)
		return m
	}

	a := newMachine("A", server)
	vetA, ranA := a.vet()
	lintA, putsA := a.lint()
	if len(ranA) == 0 || !strings.Contains(vetA, "tool handler returns an argument validation error") {
		t.Fatalf("machine A: go vet ran the analyzer on %d packages and printed:\n%s", len(ranA), vetA)
	}
	if putsA == 0 || !strings.Contains(lintA, "tool handler returns an argument validation error") {
		t.Fatalf("machine A: the command put %d entries and printed:\n%s", putsA, lintA)
	}

	b := newMachine("B", server)
	vetB, ranB := b.vet()
	lintB, putsB := b.lint()
	if len(ranB) != 0 {
		t.Errorf("machine B: go vet ran the analyzer on %d packages, want none: %v", len(ranB), ranB)
	}
	if vetB != vetA {
		t.Errorf("machine B: go vet printed\n%s\nmachine A\n%s", vetB, vetA)
	}
	if putsB != 0 {
		t.Errorf("machine B: the command put %d entries, want none: it analyzed packages A had", putsB)
	}
	if lintB != lintA {
		t.Errorf("machine B: the command printed\n%s\nmachine A\n%s", lintB, lintA)
	}

	// Edits on B. A comment changes neither check's export data nor its
	// facts: only check runs again. A new function changes its export
	// data: check and the package that imports it run again, the other
	// handler package does not.
	helper := filepath.Join(module, "check", "check.go")
	for _, edit := range []struct {
		text string
		want []string
	}{
		{"\n// Edited on machine B.\n", []string{"example.com/fleet/check"}},
		{"\n// Empty reports whether s is empty.\nfunc Empty(s string) bool { return s == \"\" }\n", []string{"example.com/fleet/check", "example.com/fleet/users"}},
	} {
		src, err := os.ReadFile(helper)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(helper, append(src, edit.text...), 0o644); err != nil {
			t.Fatal(err)
		}
		out, ran := b.vet()
		if !slices.Equal(ran, edit.want) {
			t.Errorf("after the edit %q, machine B: go vet ran the analyzer on %v, want %v", edit.text, ran, edit.want)
		}
		if out != vetA {
			t.Errorf("after the edit %q, machine B: go vet printed\n%s\nwant\n%s", edit.text, out, vetA)
		}
	}
}

// A machine runs go vet and the command with caches of its own.
type machine struct {
	t                          *testing.T
	name, module, bin, vettool string
	vetLog, progLog            string
	env                        []string
}

// vet runs go vet -vettool on the module's packages and returns what it
// printed and the import paths of the packages the analyzer ran on,
// sorted.
func (m *machine) vet() (string, []string) {
	m.t.Helper()
	os.Remove(m.vetLog)
	cmd := exec.Command("go", "vet", "-vettool="+m.vettool, "./...")
	cmd.Dir, cmd.Env = m.module, m.env
	out, err := cmd.CombinedOutput()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		m.t.Fatalf("machine %s: go vet: %v", m.name, err)
	}
	var ran []string
	if f, err := os.Open(m.vetLog); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			ran = append(ran, sc.Text())
		}
		f.Close()
	}
	slices.Sort(ran)
	return string(out), ran
}

// lint runs the command with -json on the module's packages and returns
// what it printed and how many entries it put through the cache program.
func (m *machine) lint() (string, int) {
	m.t.Helper()
	os.Remove(m.progLog)
	cmd := exec.Command(m.bin, "-json", "./...")
	cmd.Dir, cmd.Env = m.module, m.env
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			m.t.Fatalf("machine %s: %v", m.name, err)
		}
	}
	if strings.Contains(errOut.String(), "cache not used") {
		m.t.Fatalf("machine %s: %s", m.name, errOut.String())
	}
	data, err := os.ReadFile(m.progLog)
	if err != nil {
		m.t.Fatalf("machine %s: the command did not use the cache program: %v\n%s", m.name, err, errOut.String())
	}
	return out.String(), strings.Count(string(data), `"Command":"put"`)
}

// loggingCacher returns a cache program that runs cacher, logging to
// $FLEET_PROG_LOG the requests a process named client (not the go
// command) makes of it.
func loggingCacher(t *testing.T, cacher, client string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "logging-cacher")
	script := `#!/bin/sh
if [ "$(cat /proc/$PPID/comm 2>/dev/null)" = "` + client + `" ]; then
	tee -a "$FLEET_PROG_LOG" | ` + cacher + ` "$@"
else
	exec ` + cacher + ` "$@"
fi
`
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

var tools struct {
	once sync.Once
	dir  string
	err  error
}

// cacheTools builds go-tool-cache's go-cacher and go-cacher-server, once
// for the tests of the package, and returns their directory. The logging
// wrapper of TestStandaloneAcrossMachines is written beside them.
func cacheTools(t *testing.T, root string) string {
	t.Helper()
	tools.once.Do(func() {
		tools.dir, tools.err = os.MkdirTemp("", "fleet-tools-")
		for _, cmd := range []string{"go-cacher", "go-cacher-server"} {
			if tools.err != nil {
				return
			}
			build := exec.Command("go", "build", "-o", filepath.Join(tools.dir, cmd), "github.com/bradfitz/go-tool-cache/cmd/"+cmd)
			build.Dir = root
			if out, err := build.CombinedOutput(); err != nil {
				tools.err = fmt.Errorf("building %s: %v\n%s", cmd, err, out)
			}
		}
	})
	if tools.err != nil {
		t.Fatal(tools.err)
	}
	return tools.dir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if tools.dir != "" {
		os.RemoveAll(tools.dir)
	}
	testbin.Cleanup()
	os.Exit(code)
}

// countingVetTool returns a vet tool that logs the import path of each
// package it is run on to $FLEET_VET_LOG and runs bin: go vet runs the
// tool once per package with a .cfg file whose ImportPath names it.
func countingVetTool(t *testing.T, bin string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "vettool")
	script := `#!/bin/sh
for arg in "$@"; do
	case "$arg" in
	*.cfg) sed -n 's/^[[:space:]]*"ImportPath": "\(.*\)",$/\1/p' "$arg" >> "$FLEET_VET_LOG" ;;
	esac
done
exec ` + bin + ` "$@"
`
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// startCacheServer starts go-cacher-server on a free port of the loopback
// address and returns its URL; it stops with the test.
func startCacheServer(t *testing.T, bin string) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(bin, "-listen", addr, "-cache-dir", t.TempDir())
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	for deadline := time.Now().Add(10 * time.Second); ; {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
			return "http://" + addr
		}
		if time.Now().After(deadline) {
			t.Fatalf("the cache server did not start: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// writeModule writes a module of three packages that use the mcp-go stub
// in stubDir: a helper that checks an argument, a handler package that
// returns its error (a validation error as a protocol error), and one
// that does not import the helper.
func writeModule(t *testing.T, stubDir string) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":       "module example.com/fleet\n\ngo 1.26.0\n\nrequire github.com/mark3labs/mcp-go v0.0.0\n\nreplace github.com/mark3labs/mcp-go => ./mcpgo\n",
		"mcpgo/go.mod": "module github.com/mark3labs/mcp-go\n\ngo 1.26.0\n",
		"check/check.go": `package check

import "fmt"

// Name checks a user-supplied name.
func Name(name string) error {
	if name == "" || len(name) > 64 {
		return fmt.Errorf("invalid name %q", name)
	}
	return nil
}
`,
		"users/users.go": `package users

import (
	"context"

	"example.com/fleet/check"
	"github.com/mark3labs/mcp-go/mcp"
)

// Lookup is a tool handler.
func Lookup(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, _ := req.GetArguments()["name"].(string)
	if err := check.Name(name); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(name), nil
}
`,
		"status/status.go": `package status

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

// Status is a tool handler with nothing to report.
func Status(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ok"), nil
}
`,
	}
	stub, err := os.ReadDir(stubDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range stub {
		src, err := os.ReadFile(filepath.Join(stubDir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Join("mcpgo", "mcp", e.Name())] = string(src)
	}
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
