package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mcperrlint/mcperrlint/scripts/gen"
)

// baseTargets are the targets bench makes itself.
var baseTargets = []string{"gen", "gosdk", "mcpgo", "nomcp"}

// serverTargets are real servers, analyzed in place where a flag says
// they are checked out: their source cannot be committed here.
var serverTargets = []struct {
	name string
	dir  *string
}{
	{"github-mcp-server", githubDir},
	{"kubernetes-mcp-server", kubernetesDir},
}

// targetNames returns the targets to run: those of -targets, or by
// default every target whose source is at hand.
func targetNames() []string {
	if *targets != "" {
		var names []string
		for _, n := range strings.Split(*targets, ",") {
			n = strings.TrimSpace(n)
			if _, server := serverDir(n); !server && !slices.Contains(baseTargets, n) && genSize(n) == 0 {
				log.Fatalf("unknown target %q", n)
			}
			names = append(names, n)
		}
		return names
	}
	names := slices.Clone(baseTargets)
	for _, st := range serverTargets {
		names = append(names, st.name)
	}
	return names
}

// serverDir returns the directory given for a server target, and whether
// name is one.
func serverDir(name string) (string, bool) {
	for _, st := range serverTargets {
		if st.name == name {
			return *st.dir, true
		}
	}
	return "", false
}

// genSize returns N for a target gen:N, a generated module of N handlers
// (for the cost by size), else 0.
func genSize(name string) int {
	n, err := strconv.Atoi(strings.TrimPrefix(name, "gen:"))
	if err != nil || !strings.HasPrefix(name, "gen:") || n <= 0 {
		return 0
	}
	return n
}

// prepare makes a target's module ready to analyze offline.
func prepare(name, work string) *target {
	var t *target
	switch size := genSize(name); {
	case name == "gen" || size > 0:
		if size == 0 {
			size = *handlers
		}
		dir := filepath.Join(work, strings.ReplaceAll(name, ":", "-"))
		check(os.RemoveAll(dir))
		sum, err := gen.Write(dir, gen.Config{Handlers: size})
		check(err)
		t = &target{name: name, desc: fmt.Sprintf("generated module: %d handlers in %d packages (scripts/gen)", sum.Handlers, sum.Packages), dir: dir, pattern: "./...", lines: goLines(dir)}
	case name == "gosdk":
		t = &target{name: name, desc: "go-sdk v1.8.0 ./examples/...", dir: copyModule("github.com/modelcontextprotocol/go-sdk@v1.8.0", work, name), pattern: "./examples/..."}
	case name == "mcpgo":
		t = &target{name: name, desc: "mcp-go v1.2.1 ./examples/...", dir: copyModule("github.com/mark3labs/mcp-go@v1.2.1", work, name), pattern: "./examples/..."}
	case name == "nomcp":
		t = &target{name: name, desc: "golang.org/x/tools v0.52.0 " + *nomcpPat + " (no MCP code)", dir: copyModule("golang.org/x/tools@v0.52.0", work, name), pattern: *nomcpPat}
	default:
		dir, ok := serverDir(name)
		if !ok {
			log.Fatalf("unknown target %q", name)
		}
		// In place: nothing the commands run writes to the module.
		dir, err := filepath.Abs(dir)
		check(err)
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
			log.Fatalf("-%s %s: not a module: %v", name, dir, err)
		}
		t = &target{name: name, desc: name + revision(dir) + " ./...", dir: dir, pattern: "./..."}
	}
	run(t.dir, nil, "go", "mod", "download")
	out := run(t.dir, offline(), "go", "list", t.pattern)
	t.desc += fmt.Sprintf(", %d packages", strings.Count(out, "\n"))
	return t
}

// revision describes the commit a checkout is at, if it is a git
// checkout: " abcdef012345", with " (modified)" when it has changes.
func revision(dir string) string {
	cmd := exec.Command("git", "rev-parse", "--short=12", "HEAD")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	rev := " " + strings.TrimSpace(string(out))
	cmd = exec.Command("git", "status", "--porcelain", "--untracked-files=no")
	cmd.Dir = dir
	if out, err := cmd.Output(); err == nil && len(bytes.TrimSpace(out)) > 0 {
		rev += " (modified)"
	}
	return rev
}

// copyModule copies a module from the module cache (downloading it
// there first if needed) into a writable directory.
func copyModule(modVersion, work, name string) string {
	out := run(work, nil, "go", "mod", "download", "-json", modVersion)
	var info struct{ Dir string }
	check(json.Unmarshal([]byte(out), &info))
	dir := filepath.Join(work, name)
	check(os.RemoveAll(dir))
	// CopyFS makes the files writable, unlike the module cache's.
	check(os.CopyFS(dir, os.DirFS(info.Dir)))
	return dir
}

// offline is the environment of the timed commands: no network, no
// workspace.
func offline() []string {
	return append(os.Environ(), "GOPROXY=off", "GOWORK=off")
}
