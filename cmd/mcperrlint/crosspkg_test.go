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

// crossPackage lists, for the matrix modules whose findings exist only
// through other packages' summaries, the files holding them and a
// finding that exists only through a fact of an SDK package.
// TestSameAsGoVet, which runs the standalone command and go vet on every
// module, checks them with checkCrossPackage.
var crossPackage = map[string]struct {
	files      []string // files whose findings exist only through other packages' summaries
	sdkVersion string   // a message that exists only through a fact of an SDK package
}{
	"gosdk-v1.8.0": {files: []string{"server/server.go", "field/tools/tools.go"}},
	"mcpgo-v1.2.1": {files: []string{"tools/tools.go", "field/server/server.go"}},
	"gosdk-v1.4.1": {sdkVersion: "handlers/handlers.go:53:2: go-sdk v1.4.1 returns schema validation failures"},
}

// checkCrossPackage checks the findings of the standalone command and of
// go vet (file:line:col: message, relative to dir) on the matrix module
// name in dir: each want comment of its cross-package files is reported
// by the standalone command, and the sdk-version finding by go vet.
func checkCrossPackage(t *testing.T, name, dir string, standalone, vet []string) {
	t.Helper()
	mod, ok := crossPackage[name]
	if !ok {
		return
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
	bin, dir := buildCommand(t), middlewareModule(t)
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
	// Where the standalone command silences reports, it names the line
	// that silences them in every driver.
	const directive = "add //mcperrlint:converted-by example.com/mcpgomw/mwserver to a file of example.com/mcpgomw/mwhandler"
	if out, _ := run(t, dir, bin, both...); !strings.Contains(out, directive) {
		t.Errorf("standalone, handler and server: want a note saying %q, got\n%s", directive, out)
	}
}

// TestConvertedByDirective holds every driver to the converted-by
// directive: mwdirhandler names mwdirserver, whose middleware converts,
// and no driver reports its handler, even one package at a time;
// mwstalehandler names mwstaleserver, which does not convert, and every
// driver reports that server instead.
func TestConvertedByDirective(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and loads the real SDKs")
	}
	bin, dir := buildCommand(t), middlewareModule(t)
	const stale = "mwstaleserver/mwstaleserver.go:14:26: package mwstalehandler relies on this package's servers"
	for _, driver := range [][]string{{bin}, {"go", "vet", "-vettool=" + bin}} {
		for _, pkgs := range [][]string{{"./mwdirhandler"}, {"./mwdirserver"}, {"./mwdirhandler", "./mwdirserver"}, {"./mwstalehandler"}} {
			if out, _ := run(t, dir, driver[0], append(driver[1:], pkgs...)...); len(textDiagnostics(t, dir, out)) != 0 {
				t.Errorf("%s %s: want no finding, got\n%s", driver, pkgs, out)
			}
		}
		out, _ := run(t, dir, driver[0], append(driver[1:], "./mwstaleserver")...)
		if got := textDiagnostics(t, dir, out); len(got) != 1 || !strings.HasPrefix(got[0], stale) {
			t.Errorf("%s ./mwstaleserver: want one finding %q, got\n%s", driver, stale, out)
		}
	}
}

// middlewareModule returns the directory of testdata/modules/mcpgo-middleware,
// its modules downloaded.
func middlewareModule(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("..", "..", "testdata", "modules", "mcpgo-middleware")
	if out, code := run(t, dir, "go", "mod", "download"); code != 0 {
		t.Fatalf("go mod download: %s", out)
	}
	return dir
}
