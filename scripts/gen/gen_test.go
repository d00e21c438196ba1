package gen_test

import (
	"bufio"
	"bytes"
	"go/format"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcperrlint/mcperrlint/scripts/gen"
)

// TestDeterministic checks that a configuration always yields the same
// module, in gofmt's form, and that Write writes what Generate returns.
func TestDeterministic(t *testing.T) {
	cfg := gen.Config{Handlers: 130, PerPackage: 24, PerFile: 5}
	a, sumA, err := gen.Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, sumB, err := gen.Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !maps.EqualFunc(a, b, bytes.Equal) {
		t.Error("two runs generated different files")
	}
	if sumA.Total() != sumB.Total() || !maps.Equal(sumA.Want, sumB.Want) {
		t.Errorf("two runs expect different diagnostics: %v, %v", sumA.Want, sumB.Want)
	}
	if sumA.Handlers != 130 || sumA.Packages != 6 {
		t.Errorf("summary = %+v, want 130 handlers in 6 packages", sumA)
	}
	for name, src := range a {
		if !strings.HasSuffix(name, ".go") {
			continue
		}
		if formatted, err := format.Source(src); err != nil || !bytes.Equal(formatted, src) {
			t.Errorf("%s is not gofmt-formatted (err=%v)", name, err)
		}
	}

	dir := t.TempDir()
	if _, err := gen.Write(dir, cfg); err != nil {
		t.Fatal(err)
	}
	for name, src := range a {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil || !bytes.Equal(got, src) {
			t.Errorf("Write: %s differs from Generate's (err=%v)", name, err)
		}
	}
}

// TestScaling checks that diagnostics grow with the handlers and that
// packages stay bounded.
func TestScaling(t *testing.T) {
	_, small, err := gen.Generate(gen.Config{Handlers: 100})
	if err != nil {
		t.Fatal(err)
	}
	files, large, err := gen.Generate(gen.Config{Handlers: 10000})
	if err != nil {
		t.Fatal(err)
	}
	if large.Packages != 10000/gen.DefaultPerPackage {
		t.Errorf("10000 handlers: %d packages, want %d", large.Packages, 10000/gen.DefaultPerPackage)
	}
	if r := float64(large.Total()) / float64(small.Total()); r < 95 || r > 105 {
		t.Errorf("diagnostics: %d for 100 handlers, %d for 10000: not proportional", small.Total(), large.Total())
	}
	perDir := make(map[string]int)
	for name := range files {
		perDir[filepath.Dir(name)]++
	}
	for dir, n := range perDir {
		if n > gen.DefaultPerPackage/gen.DefaultPerFile+2 {
			t.Errorf("%s: %d files", dir, n)
		}
	}
	if _, _, err := gen.Generate(gen.Config{}); err == nil {
		t.Error("Generate with no handlers: no error")
	}
}

// TestGoSumFromMatrix checks that the generated go.sum only holds sums
// copied from the real-SDK matrix modules under testdata/modules.
func TestGoSumFromMatrix(t *testing.T) {
	known := make(map[string]bool)
	for _, m := range []string{"gosdk-v1.8.0", "mcpgo-v1.2.1"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "modules", m, "go.sum"))
		if err != nil {
			t.Fatal(err)
		}
		for line := range strings.Lines(string(data)) {
			known[strings.TrimSpace(line)] = true
		}
	}
	files, _, err := gen.Generate(gen.Config{Handlers: 1})
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(files["go.sum"]))
	for sc.Scan() {
		if !known[sc.Text()] {
			t.Errorf("go.sum line not in testdata/modules: %s", sc.Text())
		}
	}
}
