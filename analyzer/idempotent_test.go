package analyzer_test

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcperrlint/mcperrlint/internal/testbin"
)

// familyFlags are the flags the tests run a case family with (see
// TestToolErrors and TestConfiguredFunctions); other families run with
// none.
var familyFlags = map[string][]string{
	"tool_errors": {"-tool-errors", "-unflagged-errors=false"},
	"config_funcs": {
		"-decode-funcs=config_funcs/lib.Decode",
		"-validate-funcs=config_funcs/lib.Args.Check",
		"-tool-error-result-funcs=config_funcs/lib.ToolError",
	},
}

// TestFixIsIdempotent runs the real -fix driver (the mcperrlint command)
// twice over every package that has golden files, the hermetic families
// and the real-SDK modules: the first run must apply every fix cleanly
// (exit status 0: no conflicts, no "re-run to apply more") and write
// exactly the goldens, and the second must change nothing. Applying the
// fixes twice is applying them once.
//
// The golden tests check each fix against analysistest's own application;
// this checks what users run, including the driver's merging of fixes,
// formatting and import removal. The second run also holds the goldens to
// what -fix promises: it exits 1 on a package that does not type-check,
// and would change a file that had a fix left.
func TestFixIsIdempotent(t *testing.T) {
	t.Parallel() // independent of the other tests; it overlaps their go commands
	bin := buildMcperrlint(t)
	t.Run("families", func(t *testing.T) {
		src := filepath.Join(testbin.Testdata(t), "src")
		goldens, err := filepath.Glob(filepath.Join(src, "*", "*.golden"))
		if err != nil {
			t.Fatal(err)
		}
		// One run per set of flags, over all families that use it.
		groups := make(map[string][]string)
		for _, g := range goldens {
			family := filepath.Base(filepath.Dir(g))
			key := strings.Join(familyFlags[family], " ")
			if !slices.Contains(groups[key], family) {
				groups[key] = append(groups[key], family)
			}
		}
		gopath := t.TempDir()
		if err := os.CopyFS(filepath.Join(gopath, "src"), os.DirFS(src)); err != nil {
			t.Fatal(err)
		}
		for _, families := range groups {
			flags := familyFlags[families[0]]
			var dirs []string
			for _, family := range families {
				dirs = append(dirs, filepath.Join(gopath, "src", family))
			}
			fixTwice(t, bin, filepath.Join(gopath, "src"), testbin.GopathEnv(gopath), flags, families, dirs)
		}
	})
	t.Run("modules", func(t *testing.T) {
		forEachMatrixModule(t, func(t *testing.T, dir string) {
			warmMatrixModule(t, dir)
			mod := t.TempDir()
			if err := os.CopyFS(mod, os.DirFS(dir)); err != nil {
				t.Fatal(err)
			}
			fixTwice(t, bin, mod, offlineModuleEnv(), nil, []string{"./..."}, []string{mod})
		})
	})
}

// fixTwice runs bin -fix on patterns in dir and checks that the .go files
// under roots become their goldens (or stay as they are, without one),
// then runs it again and checks that nothing changes.
func fixTwice(t *testing.T, bin, dir string, env, flags, patterns, roots []string) {
	t.Helper()
	args := append(append(slices.Clone(flags), "-fix"), patterns...)
	before := snapshot(t, roots)
	stdout, stderr, code := runIn(t, dir, env, bin, args...)
	assertNoPanic(t, "mcperrlint -fix", stdout+stderr)
	if code != 0 {
		t.Fatalf("mcperrlint %s: exit status %d, want 0 (every fix applied)\n%s%s", strings.Join(args, " "), code, stdout, stderr)
	}
	once := snapshot(t, roots)
	if len(once) == 0 {
		t.Fatalf("no Go files under %v", roots)
	}
	for path, got := range once {
		want, err := os.ReadFile(path + ".golden")
		if os.IsNotExist(err) {
			want, err = before[path], nil // no fix there
		}
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: -fix does not write the golden file:\n%s", path, lineDiff(string(want), string(got)))
		}
	}
	stdout, stderr, code = runIn(t, dir, env, bin, args...)
	assertNoPanic(t, "mcperrlint -fix (again)", stdout+stderr)
	if code != 0 {
		t.Errorf("second -fix: exit status %d\n%s%s", code, stdout, stderr)
	}
	for path, data := range snapshot(t, roots) {
		if !bytes.Equal(data, once[path]) {
			t.Errorf("%s: a second -fix changes the file again:\n%s", path, lineDiff(string(once[path]), string(data)))
		}
	}
}

// snapshot returns the content of every .go file under roots.
func snapshot(t *testing.T, roots []string) map[string][]byte {
	t.Helper()
	files := make(map[string][]byte)
	for _, root := range roots {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
				return err
			}
			data, err := os.ReadFile(path)
			files[path] = data
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return files
}

// lineDiff lists the first lines that differ, by line number: enough to
// see what a fix did.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i, n := 0, 0; i < max(len(w), len(g)) && n < 10; i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			fmt.Fprintf(&b, "%d:\n-%s\n+%s\n", i+1, wl, gl)
			n++
		}
	}
	return b.String()
}
