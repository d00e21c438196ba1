// Package fleet_test holds mcperrlint to what a fleet of CI runners gets
// when they share the go command's build cache through GOCACHEPROG: go
// vet's results of one runner answer the next (docs/ci.md).
package fleet_test

import (
	"bufio"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcperrlint/mcperrlint/internal/testbin"
)

// TestVetAcrossMachines runs go vet -vettool=mcperrlint on a module as
// machine A, with an empty build cache whose cache program (go-cacher)
// shares it through an HTTP cache server (go-cacher-server) on the
// loopback address, and then as machine B, with another empty cache and
// the same server. B must print A's diagnostics without running the
// analyzer on any package; machine C, with an empty cache and no server,
// runs it on every package A did (the sharing is what spares B). Then
// edits of one package on B run it on that package, and on those that
// import it when its export data changed, and on nothing else.
func TestVetAcrossMachines(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go vet three times with empty build caches")
	}
	root, err := testbin.Root()
	if err != nil {
		t.Fatal(err)
	}
	tools := t.TempDir()
	for _, cmd := range []string{"go-cacher", "go-cacher-server"} {
		build := exec.Command("go", "build", "-o", filepath.Join(tools, cmd), "github.com/bradfitz/go-tool-cache/cmd/"+cmd)
		build.Dir = root
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("building %s: %v\n%s", cmd, err, out)
		}
	}
	server := startCacheServer(t, filepath.Join(tools, "go-cacher-server"))
	vettool := countingVetTool(t, testbin.Mcperrlint(t))
	module := writeModule(t, filepath.Join(root, "testdata", "src", "github.com", "mark3labs", "mcp-go", "mcp"))

	machine := func(name, server string) *goVet {
		dir := t.TempDir()
		prog := filepath.Join(tools, "go-cacher") + " -cache-dir " + filepath.Join(dir, "cacher")
		if server != "" {
			prog += " -cache-server " + server
		}
		return &goVet{t: t, name: name, module: module, vettool: vettool, log: filepath.Join(dir, "vet.log"), env: []string{
			"GOCACHE=" + filepath.Join(dir, "gocache"), "GOCACHEPROG=" + prog,
			"GOFLAGS=", "GOTOOLCHAIN=local", "GOWORK=off",
		}}
	}
	a := machine("A", server)
	outA, ranA := a.run()
	if len(ranA) == 0 || !strings.Contains(outA, "tool handler returns an argument validation error") {
		t.Fatalf("machine A ran the analyzer on %d packages and printed:\n%s", len(ranA), outA)
	}
	b := machine("B", server)
	outB, ranB := b.run()
	if len(ranB) != 0 {
		t.Errorf("machine B ran the analyzer on %d packages, want none: %v", len(ranB), ranB)
	}
	if outB != outA {
		t.Errorf("machine B printed\n%s\nmachine A\n%s", outB, outA)
	}
	c := machine("C", "")
	if _, ranC := c.run(); !slices.Equal(ranC, ranA) {
		t.Errorf("machine C, with no cache server, ran the analyzer on %d packages, want A's %d", len(ranC), len(ranA))
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
		out, ran := b.run()
		if !slices.Equal(ran, edit.want) {
			t.Errorf("after the edit %q, machine B ran the analyzer on %v, want %v", edit.text, ran, edit.want)
		}
		if out != outA {
			t.Errorf("after the edit %q, machine B printed\n%s\nwant\n%s", edit.text, out, outA)
		}
	}
}

// A goVet runs go vet on one machine: its own build cache and cache
// program, and a log of the packages the analyzer ran on.
type goVet struct {
	t                          *testing.T
	name, module, vettool, log string
	env                        []string
}

// run runs go vet -vettool on the module's packages and returns what it
// printed and the import paths of the packages the analyzer ran on,
// sorted.
func (g *goVet) run() (string, []string) {
	g.t.Helper()
	os.Remove(g.log)
	cmd := exec.Command("go", "vet", "-vettool="+g.vettool, "./...")
	cmd.Dir = g.module
	cmd.Env = append(os.Environ(), g.env...)
	cmd.Env = append(cmd.Env, "FLEET_VET_LOG="+g.log)
	out, err := cmd.CombinedOutput()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		g.t.Fatalf("machine %s: go vet: %v", g.name, err)
	}
	var ran []string
	if f, err := os.Open(g.log); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			ran = append(ran, sc.Text())
		}
		f.Close()
	}
	slices.Sort(ran)
	return string(out), ran
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
