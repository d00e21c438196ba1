package load

import (
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"
)

// guessFrontier guesses, before go list has built the graph, which
// packages readExportFiles will ask export data for: those outside the
// main module that the Go files of the directories the patterns name
// import, read from their import clauses. Its go list -export then runs
// beside the graph's, where the two ran one after the other (a tenth of
// a second each on a server of 30 packages, a third of a run). It is a
// guess: build constraints are not applied, and a package checked from
// source that is not named (one above a named one, or one the caller's
// Source asks for) imports more. readExportFiles lists what it missed.
//
// Only patterns that are directories of the module ("." and "./x/...",
// as users write them) are guessed from, and only in a module that does
// not vendor its dependencies, whose files statVendored must see before
// go list compiles them; otherwise, and where the module cannot be
// found, guessFrontier returns nil.
func guessFrontier(dir string, patterns []string, tests bool) []string {
	type dirPattern struct {
		dir       string
		recursive bool // dir/...
	}
	var dirs []dirPattern
	for _, pattern := range patterns {
		rel, recursive := strings.CutSuffix(pattern, "/...")
		if rel != "." && !strings.HasPrefix(rel, "./") {
			return nil
		}
		dirs = append(dirs, dirPattern{rel, recursive})
	}
	dir, err := filepath.Abs(dir) // the working directory for ""
	if err != nil {
		return nil
	}
	root, modPath := findModule(dir)
	if modPath == "" {
		return nil
	}
	if _, err := os.Stat(filepath.Join(root, "vendor", "modules.txt")); err == nil {
		return nil
	}
	inModule := func(path string) bool {
		return path == modPath || strings.HasPrefix(path, modPath+"/")
	}
	seen := make(map[string]bool)
	fset := token.NewFileSet()
	addImports := func(name string) {
		isTest := strings.HasSuffix(name, "_test.go")
		if !strings.HasSuffix(name, ".go") || isTest && !tests {
			return
		}
		if isTest {
			// What the test's generated main package imports.
			for _, path := range []string{"os", "reflect", "testing", "testing/internal/testdeps"} {
				seen[path] = true
			}
		}
		f, _ := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if f == nil {
			return
		}
		for _, imp := range f.Imports {
			path, err := strconv.Unquote(imp.Path.Value)
			if err == nil && path != "C" && path != "unsafe" && !strings.HasPrefix(path, ".") && !inModule(path) {
				seen[path] = true
			}
		}
	}
	for _, d := range dirs {
		start := filepath.Join(dir, d.dir)
		if !d.recursive {
			entries, err := os.ReadDir(start)
			if err != nil {
				return nil
			}
			for _, e := range entries {
				if e.Type().IsRegular() {
					addImports(filepath.Join(start, e.Name()))
				}
			}
			continue
		}
		// The directories go list's ./... matches.
		filepath.WalkDir(start, func(path string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return nil
			case d.IsDir() && path != start:
				name := d.Name()
				if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "vendor" {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir // another module
				}
			case d.Type().IsRegular():
				addImports(path)
			}
			return nil
		})
	}
	return slices.Sorted(maps.Keys(seen))
}

// findModule returns the root directory and path of the module that holds
// dir, an absolute path, or "" where it finds none.
func findModule(dir string) (root, path string) {
	for d := filepath.Clean(dir); ; {
		if data, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil {
			return d, modfile.ModulePath(data)
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", ""
		}
		d = parent
	}
}
