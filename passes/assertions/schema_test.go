package assertions_test

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/internal/testbin"
)

// validationSrc adds to the mcp-go stub the server option that turns
// schema validation on (v0.50.0 on), which the stub predates.
const validationSrc = `package server

// WithInputSchemaValidation makes the server validate tool arguments
// against each tool's input schema before the handler runs.
func WithInputSchemaValidation() ServerOption {
	return func(s *MCPServer) {}
}
`

// validatingGopath returns a GOPATH whose src holds testdata/src's
// packages, by symbolic links, with the mcp-go server stub given
// validationSrc.
func validatingGopath(t *testing.T) string {
	t.Helper()
	testdata := filepath.Join(testbin.Testdata(t), "src")
	gopath := t.TempDir()
	src := filepath.Join(gopath, "src")
	link := func(from, to string) {
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(from, to); err != nil {
			t.Fatal(err)
		}
	}
	linkAll := func(dir, into string, except string) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.Name() != except {
				link(filepath.Join(dir, e.Name()), filepath.Join(into, e.Name()))
			}
		}
	}
	linkAll(testdata, src, "github.com")
	linkAll(filepath.Join(testdata, "github.com"), filepath.Join(src, "github.com"), "mark3labs")
	stub := filepath.Join(testdata, "github.com", "mark3labs", "mcp-go")
	linkAll(stub, filepath.Join(src, "github.com", "mark3labs", "mcp-go"), "server")
	linkAll(filepath.Join(stub, "server"), filepath.Join(src, "github.com", "mark3labs", "mcp-go", "server"), "")
	if err := os.WriteFile(filepath.Join(src, "github.com", "mark3labs", "mcp-go", "server", "validation.go"), []byte(validationSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	return gopath
}

// TestSchemaValidation checks that an assertion of a required argument
// to the type the tool's schema assures is not reported in a handler
// that only a validating server runs, and that every other is: an
// argument the schema does not require, another type, a server that
// does not validate, a schema this cannot read, a handler used
// otherwise.
func TestSchemaValidation(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, validatingGopath(t), newReporter(), "assertions_schema")
}
