package main_test

import (
	"bytes"
	"encoding/hex"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/mcperrlint/mcperrlint/internal/driver/diskcache"
)

// TestResultCache runs the command on a copy of the example with a cache
// of its own: a second run must print what the first printed, from the
// cache; an edit must be seen in the package edited and only there; and
// MCPERRLINT_CACHE=off must leave no cache behind.
func TestResultCache(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	if testing.Short() {
		t.Skip("loads the real SDKs")
	}
	bin := buildCommand(t)
	dir := copyExample(t)
	cacheDir := filepath.Join(t.TempDir(), "cache")
	lint := func(cache string, args ...string) (string, string) {
		t.Helper()
		stdout, stderr, _ := runSplit(t, dir, []string{"MCPERRLINT_CACHE=" + cache}, bin, args...)
		return stdout, stderr
	}

	cold, _ := lint("off", "-json", "./...")
	first, _ := lint(cacheDir, "-json", "./...")
	if first != cold {
		t.Fatalf("the run that fills the cache differs from one without it:\n%s\nwant\n%s", first, cold)
	}
	entries, _ := filepath.Glob(filepath.Join(cacheDir, "*", "*-v"))
	if len(entries) != 2 { // notes and weather
		t.Fatalf("%d cache entries, want one for each of the 2 packages: %v", len(entries), entries)
	}
	if again, _ := lint(cacheDir, "-json", "./..."); again != cold {
		t.Fatalf("the run from the cache differs from one without it:\n%s\nwant\n%s", again, cold)
	}

	// A flipped bit in an entry (a lost position, "tool han$ler") is a
	// miss, and the run replaces the entry.
	const message, marked = "tool handler returns", "TOOL HANDLER RETURNS"
	for _, name := range entries {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		i := bytes.Index(data, []byte(message))
		if i < 0 {
			t.Fatalf("entry %s holds no diagnostic", name)
		}
		data[i+len("tool han")] ^= 'd' ^ '$'
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if again, _ := lint(cacheDir, "-json", "./..."); again != cold {
		t.Fatalf("the run from damaged entries differs from one without the cache:\n%s\nwant\n%s", again, cold)
	}
	cache, err := diskcache.Open(cacheDir)
	if err != nil {
		t.Fatal(err)
	}
	keyOf := func(name string) diskcache.Key {
		t.Helper()
		var key diskcache.Key
		if _, err := hex.Decode(key[:], []byte(strings.TrimSuffix(filepath.Base(name), "-v"))); err != nil {
			t.Fatalf("entry %s: %v", name, err)
		}
		return key
	}
	for _, name := range entries {
		if data, ok := cache.Get(keyOf(name)); !ok || bytes.Contains(data, []byte("tool han$ler")) {
			t.Errorf("entry %s was not replaced after it was damaged", name)
		}
	}

	// Mark every entry, to tell what the next runs take from the cache:
	// a message of the same length keeps the encoding valid, and the
	// entry is written as the cache writes it, with its hash.
	for _, name := range entries {
		data, ok := cache.Get(keyOf(name))
		if !ok || !bytes.Contains(data, []byte(message)) {
			t.Fatalf("entry %s holds no diagnostic", name)
		}
		if err := cache.Put(keyOf(name), bytes.ReplaceAll(data, []byte(message), []byte(marked))); err != nil {
			t.Fatal(err)
		}
	}
	findings := strings.Count(cold, `"message": "`+message)
	_, text := lint(cacheDir, "./...")
	if n := strings.Count(text, marked); n != findings || n == 0 {
		t.Fatalf("the run after the marking printed %d marked messages, want all %d, from the cache:\n%s", n, findings, text)
	}

	// An edit of notes: the length check goes, and with it a report.
	src := readFile(t, dir, "notes/notes.go")
	const check = `if len(body) > 1000 {`
	edited := strings.Replace(src, check, `if false {`, 1)
	if edited == src {
		t.Fatalf("no %q in notes/notes.go", check)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes", "notes.go"), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	_, want := lint("off", "./...")
	if strings.Count(want, message) != findings-1 {
		t.Fatalf("the edit did not take a report away:\n%s", want)
	}
	_, got := lint(cacheDir, "./...")
	for _, line := range strings.Split(got, "\n") {
		if !strings.Contains(strings.ToLower(line), message) {
			continue // a related position's line, or the end
		}
		inNotes := strings.HasPrefix(line, filepath.Join("notes", "notes.go")+":")
		if fromCache := strings.Contains(line, marked); fromCache == inNotes {
			t.Errorf("after an edit of notes, %q: from the cache %v, want %v", line, fromCache, !inNotes)
		}
	}
	if strings.ReplaceAll(got, marked, message) != want {
		t.Errorf("after an edit of notes, the run with the cache printed\n%s\nwant\n%s", got, want)
	}

	// Off means off: nothing under the user's cache directory (where
	// XDG_CACHE_HOME says, on Linux).
	if runtime.GOOS != "linux" {
		return
	}
	// The go command's build cache stays where it is: under the new
	// XDG_CACHE_HOME it would compile every dependency again.
	gocache, _ := run(t, dir, "go", "env", "GOCACHE")
	home := t.TempDir()
	env := []string{"XDG_CACHE_HOME=" + home, "GOCACHE=" + strings.TrimSpace(gocache)}
	runSplit(t, dir, append(env, "MCPERRLINT_CACHE=off"), bin, "./...")
	if _, err := os.Stat(filepath.Join(home, "mcperrlint")); err == nil {
		t.Error("MCPERRLINT_CACHE=off made a cache directory")
	}
	runSplit(t, dir, append(env, "MCPERRLINT_CACHE="), bin, "./...") // empty: the default
	if entries, _ := filepath.Glob(filepath.Join(home, "mcperrlint", "*", "*-v")); len(entries) != 2 {
		t.Errorf("without MCPERRLINT_CACHE, %d entries in the user's cache directory, want 2", len(entries))
	}
}

// TestResultCacheFacts edits a handler package whose finding depends on a
// fact of a helper package that did not change: the helper's facts come
// from the cache, and the finding must be reported as a run without the
// cache reports it.
func TestResultCacheFacts(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	if testing.Short() {
		t.Skip("loads the real SDK")
	}
	bin := buildCommand(t)
	dir := t.TempDir()
	write := func(name, content string) { writeModuleFile(t, dir, name, content) }
	const module = "example.com/cachefacts"
	gomod, gosum := sdkModFiles(t, module)
	write("go.mod", gomod)
	write("go.sum", gosum)
	write("check/check.go", checkPackage)
	handler := checkHandler(module)
	write("main.go", handler)
	cacheDir := filepath.Join(t.TempDir(), "cache")
	lint := func(cache string) string {
		t.Helper()
		_, stderr, _ := runSplit(t, dir, []string{"MCPERRLINT_CACHE=" + cache}, bin, "./...")
		return stderr
	}
	const finding = checkHandlerFinding
	if got := lint(cacheDir); !strings.Contains(got, finding) {
		t.Fatalf("no finding to begin with (the test's premise):\n%s", got)
	}
	// main changes, check does not: its facts come from the cache.
	write("main.go", handler+"\n// edited\n")
	want := lint("off")
	if got := lint(cacheDir); got != want || !strings.Contains(got, finding) {
		t.Errorf("after an edit of main, with check's facts from the cache:\n%s\nwant\n%s", got, want)
	}
	// A damaged entry is a miss, not an error.
	entries, _ := filepath.Glob(filepath.Join(cacheDir, "*", "*-v"))
	if len(entries) < 2 {
		t.Fatalf("%d cache entries, want one for each of the 2 packages and more", len(entries))
	}
	for _, name := range entries {
		if err := os.WriteFile(name, []byte("damaged"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := lint(cacheDir); got != want {
		t.Errorf("with damaged entries:\n%s\nwant\n%s", got, want)
	}
}

// TestResultCacheSARIF edits a package that imports one whose results
// are in the cache: that package is then restored from the cache and
// also type-checked, for the package above. Its findings' SARIF
// fingerprints, which name the function that holds each finding, must
// be those of a run without the cache.
func TestResultCacheSARIF(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	if testing.Short() {
		t.Skip("loads the real SDKs")
	}
	bin := buildCommand(t)
	dir := copyExample(t)
	module, _, _ := strings.Cut(strings.TrimPrefix(readFile(t, dir, "go.mod"), "module "), "\n")
	above := "package all\n\nimport _ \"" + module + "/notes\"\n"
	writeModuleFile(t, dir, "all/all.go", above)
	cacheDir := filepath.Join(t.TempDir(), "cache")
	lint := func(cache string) string {
		t.Helper()
		stdout, _, _ := runSplit(t, dir, []string{"MCPERRLINT_CACHE=" + cache}, bin, "-format=sarif", "./...")
		return stdout
	}
	lint(cacheDir)
	writeModuleFile(t, dir, "all/all.go", above+"\n// edited\n")
	want := lint("off")
	if !strings.Contains(want, `"partialFingerprints"`) {
		t.Fatalf("no findings to begin with (the test's premise):\n%s", want)
	}
	if got := lint(cacheDir); got != want {
		t.Errorf("after an edit of the package above notes, SARIF with the cache:\n%s\nwant, as without it:\n%s", got, want)
	}
}
