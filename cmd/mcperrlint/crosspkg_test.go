package main_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// wantComment matches the analysistest expectations in the matrix modules.
var wantComment = regexp.MustCompile(`// want "`)

// TestCrossPackageDrivers proves the function summaries work the same under
// both drivers: the standalone command (one process, every package loaded
// from source) and go vet -vettool (unitchecker: one package per process,
// the summaries gob-encoded between them). In the matrix modules, handlers
// in one package call decode, validate, wrapping and tool-result helpers
// and tool bodies of other packages; each want comment there must be
// reported, at the same position with the same message and related
// information, by both. So must the sdk-version finding, whose SDK version
// is a fact of the SDK's package.
func TestCrossPackageDrivers(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	if testing.Short() {
		t.Skip("builds the command and loads the real SDKs")
	}
	bin := buildCommand(t)
	for _, mod := range []struct {
		name string
		// files whose findings exist only through other packages' summaries
		files []string
		// a message that exists only through a fact of an SDK package
		sdkVersion string
	}{
		{"gosdk-v1.8.0", []string{"server/server.go", "field/tools/tools.go"}, ""},
		{"mcpgo-v1.2.1", []string{"tools/tools.go", "field/server/server.go"}, ""},
		{"gosdk-v1.4.1", nil, "handlers/handlers.go:53:2: go-sdk v1.4.1 returns schema validation failures"},
	} {
		t.Run(mod.name, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join("..", "..", "testdata", "modules", mod.name)
			if out, code := run(t, dir, "go", "mod", "download"); code != 0 {
				t.Fatalf("go mod download: %s", out)
			}
			standaloneOut, _ := run(t, dir, bin, "./...")
			vetOut, _ := run(t, dir, "go", "vet", "-vettool="+bin, "./...")
			standalone, vet := textDiagnostics(t, dir, standaloneOut), textDiagnostics(t, dir, vetOut)
			if !slices.Equal(vet, standalone) {
				t.Errorf("go vet -vettool:\n%s\nstandalone:\n%s", strings.Join(vet, "\n"), strings.Join(standalone, "\n"))
			}
			if mod.sdkVersion != "" && !slices.ContainsFunc(vet, func(d string) bool { return strings.HasPrefix(d, mod.sdkVersion) }) {
				t.Errorf("go vet -vettool: no finding starting %q:\n%s", mod.sdkVersion, strings.Join(vet, "\n"))
			}
			for _, file := range mod.files {
				src, err := os.ReadFile(filepath.Join(dir, file))
				if err != nil {
					t.Fatal(err)
				}
				var wantLines []string
				for i, line := range strings.Split(string(src), "\n") {
					if wantComment.MatchString(line) {
						wantLines = append(wantLines, file+":"+strconv.Itoa(i+1))
					}
				}
				var gotLines []string
				for _, d := range standalone {
					if strings.HasPrefix(d, file+":") && !strings.Contains(d, ": \t") {
						parts := strings.SplitN(d, ":", 3)
						gotLines = append(gotLines, parts[0]+":"+parts[1])
					}
				}
				slices.Sort(wantLines)
				if len(wantLines) == 0 || !slices.Equal(gotLines, wantLines) {
					t.Errorf("%s: findings on lines\n%q\nwant\n%q", file, gotLines, wantLines)
				}
			}
		})
	}
}

// TestMiddlewareElsewhere shows the one place the drivers differ, on
// purpose: package mwserver builds the server of mwhandler's handler with
// a middleware that turns its errors into tool results. The standalone
// command sees the whole program and drops the handler's report; go vet
// analyzes mwhandler before mwserver, one package at a time, and keeps
// it. Without mwserver in the program, the standalone command reports it
// too; and another server, which does not import mwhandler, does not
// change that.
func TestMiddlewareElsewhere(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	if testing.Short() {
		t.Skip("builds the command and loads the real SDKs")
	}
	bin := buildCommand(t)
	dir := filepath.Join("..", "..", "testdata", "modules", "mcpgo-middleware")
	if out, code := run(t, dir, "go", "mod", "download"); code != 0 {
		t.Fatalf("go mod download: %s", out)
	}
	const (
		handler = "mwhandler/mwhandler.go:21:3: tool handler returns an argument decoding error"
		plain   = "mwplain/mwplain.go:23:3: tool handler returns an argument decoding error"
	)
	has := func(diags []string, finding string) bool {
		return slices.ContainsFunc(diags, func(d string) bool { return strings.HasPrefix(d, finding) })
	}
	both := []string{"./mwhandler", "./mwserver"}
	if out, _ := run(t, dir, bin, both...); len(textDiagnostics(t, dir, out)) != 0 {
		t.Errorf("standalone, handler and server: want no finding, got\n%s", out)
	}
	if out, _ := run(t, dir, bin, "./..."); !has(textDiagnostics(t, dir, out), plain) || has(textDiagnostics(t, dir, out), handler) {
		t.Errorf("standalone, ./...: want %q and not %q, got\n%s", plain, handler, out)
	}
	if out, _ := run(t, dir, bin, "./mwhandler"); !has(textDiagnostics(t, dir, out), handler) {
		t.Errorf("standalone, handler alone: want %q, got\n%s", handler, out)
	}
	if out, _ := run(t, dir, "go", append([]string{"vet", "-vettool=" + bin}, both...)...); !has(textDiagnostics(t, dir, out), handler) {
		t.Errorf("go vet, handler and server: want %q, got\n%s", handler, out)
	}
}
