package lsp

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcperrlint/mcperrlint/analyzer"
	"github.com/mcperrlint/mcperrlint/scripts/gen"
)

var (
	diffSeeds = flag.Int("lspdiff.seeds", 1, "sequences of TestKeptGraphDifferential, seeded 1 to `n`")
	diffSteps = flag.Int("lspdiff.steps", 6, "steps of each sequence of TestKeptGraphDifferential")
)

// TestKeptGraphDifferential is the language server's differential test:
// seeded random sequences of edits of a generated module of both SDKs
// (a report fixed or added, the package broken, every position shifted,
// a //go:build line added or removed, a same-size edit that keeps the
// modification time, a revert), after each of which the workspace that
// keeps its graph between saves must publish exactly what a workspace
// that loads the package anew publishes. go test runs a short sequence;
// scripts/cachediff runs long ones (-lspdiff.seeds, -lspdiff.steps).
func TestKeptGraphDifferential(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real SDKs")
	}
	for seed := uint64(1); seed <= uint64(*diffSeeds); seed++ {
		dir := t.TempDir()
		if _, err := gen.Write(dir, gen.Config{Handlers: 8, PerPackage: 2, PerFile: 2}); err != nil {
			t.Fatal(err)
		}
		var files []string
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err == nil && strings.HasSuffix(path, ".go") {
				files = append(files, path)
			}
			return err
		})
		slices.Sort(files)
		history := make(map[string][]string)
		for _, f := range files {
			data, _ := os.ReadFile(f)
			history[f] = []string{string(data)}
		}
		rng := rand.New(rand.NewPCG(seed, 0x6c7370))
		kept := &workspace{}
		if first := published(kept, files[len(files)-1]); !strings.Contains(first, "protocol error") {
			t.Fatalf("no finding in %s to begin with (the test's premise):\n%s", files[len(files)-1], first)
		}
		for step := 1; step <= *diffSteps; step++ {
			name := files[rng.IntN(len(files))]
			data, _ := os.ReadFile(name)
			src, what := mutate(rng, string(data), history[name], step)
			fi, _ := os.Stat(name)
			if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			if len(src) == len(data) && fi != nil {
				os.Chtimes(name, time.Time{}, fi.ModTime()) // as cp -p would
			}
			history[name] = append(history[name], src)

			path := files[rng.IntN(len(files))]
			got := published(kept, path)
			want := published(&workspace{}, path)
			if got != want {
				t.Fatalf("seed %d, step %d (%s of %s), then %s:\nthe kept graph publishes\n%s\na new load publishes\n%s", seed, step, what, name, path, got, want)
			}
		}
		t.Logf("seed %d: %d steps, each kept graph == new load", seed, *diffSteps)
	}
}

// mutate returns src edited in one of the ways the test's steps edit, and
// what it did.
func mutate(rng *rand.Rand, src string, history []string, step int) (string, string) {
	switch rng.IntN(7) {
	case 0:
		if i := strings.Index(src, "return nil, err // want"); i >= 0 {
			return src[:i] + "return nil,nil // want" + src[i+len("return nil, err // want"):], "a report fixed, same size"
		}
		return src + fmt.Sprintf("\n// edit %d\n", step), "a comment"
	case 1:
		return src + fmt.Sprintf("\nvar _ int = \"broken %d\"\n", step), "the package broken"
	case 2:
		return strings.Replace(src, "\nimport", fmt.Sprintf("\n// shifted %d\n\nimport", step), 1), "positions shifted"
	case 3:
		if rest, ok := strings.CutPrefix(src, "//go:build ignore\n\n"); ok {
			return rest, "a //go:build line removed"
		}
		return "//go:build ignore\n\n" + src, "a //go:build line added"
	case 4:
		return strings.Replace(src, "return errorResult(\"name is required\"), nil", "return nil, errors.New(\"name is required\")", 1), "a report added"
	case 5:
		return history[rng.IntN(len(history))], "a revert"
	}
	return src + fmt.Sprintf("\n// edit %d\n", step), "a comment"
}

// published analyzes the package of path in w with mcperrlint and
// returns what the server would publish, as text: every file's
// diagnostics, with their ranges and related information, the package's
// problems and the error.
func published(w *workspace, path string) string {
	res := w.analyze(context.Background(), analyzer.Analyzer, nil, path, func(p string) string { return p }, nil)
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(res.files)) {
		fmt.Fprintf(&b, "%s:\n", filepath.Base(name))
		for _, d := range res.files[name].diags {
			fmt.Fprintf(&b, "  %v %s: %s\n", d.lsp.Range, d.lsp.Code, d.lsp.Message)
			for _, rel := range d.lsp.RelatedInformation {
				fmt.Fprintf(&b, "    %s %v: %s\n", filepath.Base(rel.Location.URI), rel.Location.Range, rel.Message)
			}
		}
	}
	for _, p := range res.problems {
		fmt.Fprintf(&b, "problem: %s\n", p)
	}
	if res.err != nil {
		fmt.Fprintf(&b, "error: %v\n", res.err)
	}
	return b.String()
}
