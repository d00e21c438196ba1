package main_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// copyExampleModule copies testdata/example into a new directory whose
// replace directive still finds this repository.
func copyExampleModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(exampleDir)); err != nil {
		t.Fatal(err)
	}
	root, _ := filepath.Abs("../..")
	gomod := filepath.Join(dir, "go.mod")
	data, err := os.ReadFile(gomod)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(gomod, []byte(strings.ReplaceAll(string(data), "=> ../..", "=> "+root)), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestLSPSubcommand checks that `mcperrlint lsp` reaches the server (not
// singlechecker) and that it speaks the protocol on stdin and stdout.
func TestLSPSubcommand(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := buildCommand(t)

	cmd := exec.Command(bin, "lsp")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for _, body := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`,
		`{"jsonrpc":"2.0","method":"initialized","params":{}}`,
		`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`,
		`{"jsonrpc":"2.0","method":"exit"}`,
	} {
		fmt.Fprintf(stdin, "Content-Length: %d\r\n\r\n%s", len(body), body)
	}
	out, _ := io.ReadAll(bufio.NewReader(stdout))
	err := cmd.Wait()
	if err != nil {
		t.Errorf("mcperrlint lsp after shutdown and exit: %v, want exit code 0\nstderr: %s", err, stderr.String())
	}
	for _, want := range []string{`"id":1,"result":{"capabilities"`, `"name":"mcperrlint"`, `"id":2,"result":null`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}

	if out, code := run(t, ".", bin, "lsp", "./..."); code != 2 || !strings.Contains(out, "unexpected arguments") {
		t.Errorf("mcperrlint lsp ./...: exit %d, output %q; want 2 and a usage error", code, out)
	}
	if out, code := run(t, ".", bin, "lsp", "-h"); code != 0 || !strings.Contains(out, "-tool-errors") || !strings.Contains(out, "-debounce") {
		t.Errorf("mcperrlint lsp -h: exit %d, output %q; want 0 and the flags", code, out)
	}
}

// TestNeovimQuickFix drives headless Neovim's built-in LSP client: it
// opens a handler file of a copy of the example, waits for mcperrlint's
// diagnostics, applies the quick fixes one by one and writes the file.
// The result must equal the command's -fix output.
func TestNeovimQuickFix(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	if testing.Short() {
		t.Skip("builds the command and loads the real SDKs")
	}
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("nvim not found: install Neovim (the Debian package neovim; .ci/run installs it) to run the editor test")
	}
	version, _ := exec.Command(nvim, "--version").Output()
	t.Logf("%s", strings.SplitN(string(version), "\n", 2)[0])

	bin := buildCommand(t)
	fixed := copyExampleModule(t)
	if out, code := run(t, fixed, bin, "-fix", "./..."); code != 0 {
		t.Fatalf("-fix exit code %d\n%s", code, out)
	}
	script, err := filepath.Abs("testdata/nvim_quickfix.lua")
	if err != nil {
		t.Fatal(err)
	}
	gocache, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}

	for _, rel := range []string{"weather/weather.go", "notes/notes.go"} {
		t.Run(filepath.Base(rel), func(t *testing.T) {
			dir := copyExampleModule(t)
			file := filepath.Join(dir, rel)
			home := t.TempDir()
			logFile := filepath.Join(home, "test.log")

			ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-n", "-i", "NONE",
				"-c", `lua dofile(os.getenv("MCPERRLINT_SCRIPT"))`)
			cmd.Dir = dir
			// Neovim's state, logs and cache go to a temporary
			// directory; the server's go list keeps the real build
			// cache, which XDG_CACHE_HOME would otherwise move.
			cmd.Env = append(os.Environ(),
				"MCPERRLINT_SCRIPT="+script,
				"MCPERRLINT_BIN="+bin,
				"MCPERRLINT_FILE="+file,
				"MCPERRLINT_LOG="+logFile,
				"XDG_CONFIG_HOME="+home,
				"XDG_DATA_HOME="+home,
				"XDG_STATE_HOME="+home,
				"XDG_CACHE_HOME="+home,
				"GOCACHE="+strings.TrimSpace(string(gocache)),
			)
			out, err := cmd.CombinedOutput()
			progress, _ := os.ReadFile(logFile)
			lines := strings.Split(strings.TrimSpace(string(progress)), "\n")
			if err != nil || !strings.HasPrefix(lines[len(lines)-1], "OK") {
				lspLog, _ := exec.Command("sh", "-c", "cat "+home+"/nvim/lsp.log "+home+"/nvim/log 2>/dev/null").Output()
				t.Fatalf("nvim: %v\n--- test log\n%s--- nvim output\n%s\n--- lsp.log\n%s", err, progress, out, lspLog)
			}
			t.Logf("%s", progress)

			got, _ := os.ReadFile(file)
			want, _ := os.ReadFile(filepath.Join(fixed, rel))
			if string(got) != string(want) {
				t.Errorf("%s after Neovim's quick fixes differs from mcperrlint -fix:\n--- nvim\n%s\n--- -fix\n%s", rel, got, want)
			}
		})
	}
}
