package sdk

import (
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"testing"
)

// bindingAt returns a go-sdk binding whose request type is declared in a
// file at path, as a driver's FileSet would record it.
func bindingAt(t *testing.T, path string) (*Binding, *token.FileSet) {
	t.Helper()
	fset := token.NewFileSet()
	f := fset.AddFile(path, -1, 100)
	f.SetLines([]int{0})
	pkg := types.NewPackage("github.com/modelcontextprotocol/go-sdk/mcp", "mcp")
	tn := types.NewTypeName(f.Pos(10), pkg, "CallToolRequest", nil)
	types.NewNamed(tn, types.NewStruct(nil, nil), nil)
	pkg.Scope().Insert(tn)
	return &Binding{Descriptor: Descriptors[0], MCP: pkg}, fset
}

func TestVersion(t *testing.T) {
	vendorRoot := t.TempDir()
	modulesTxt := "# github.com/google/jsonschema-go v0.4.2\n## explicit\n# github.com/modelcontextprotocol/go-sdk v1.4.1\n## explicit; go 1.25.0\n"
	if err := os.MkdirAll(filepath.Join(vendorRoot, "vendor"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(vendorRoot, "vendor", "modules.txt"), []byte(modulesTxt), 0o644); err != nil {
		t.Fatal(err)
	}
	replaced := t.TempDir()
	os.MkdirAll(filepath.Join(replaced, "vendor"), 0o755)
	os.WriteFile(filepath.Join(replaced, "vendor", "modules.txt"), []byte("# github.com/modelcontextprotocol/go-sdk v1.4.1 => ../go-sdk\n"), 0o644)

	for _, tc := range []struct {
		path, want string
		ok         bool
	}{
		{"/root/go/pkg/mod/github.com/modelcontextprotocol/go-sdk@v1.4.1/mcp/requests.go", "v1.4.1", true},
		{"github.com/modelcontextprotocol/go-sdk@v1.8.0-pre.2/mcp/requests.go", "v1.8.0-pre.2", true}, // -trimpath
		{filepath.Join(vendorRoot, "vendor/github.com/modelcontextprotocol/go-sdk/mcp/requests.go"), "v1.4.1", true},
		{filepath.Join(replaced, "vendor/github.com/modelcontextprotocol/go-sdk/mcp/requests.go"), "", false},
		{"/home/me/src/go-sdk/mcp/requests.go", "", false}, // a local replace
		{"/root/go/pkg/mod/github.com/modelcontextprotocol/go-sdk-fork@v9.9.9/mcp/requests.go", "", false},
	} {
		b, fset := bindingAt(t, tc.path)
		got, ok := b.Version(fset)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Version for %s = %q, %v; want %q, %v", tc.path, got, ok, tc.want, tc.ok)
		}
	}
}

func TestOlder(t *testing.T) {
	for _, tc := range []struct {
		v    string
		want bool
	}{{"v1.4.1", true}, {"v1.5.0-pre.1", false}, {"v1.5.0", false}, {"v1.8.0", false}, {"v0.9.0", true}} {
		if got := Older(tc.v, Descriptors[0].Advisories[0].FixedIn); got != tc.want {
			t.Errorf("Older(%s, %s) = %v", tc.v, Descriptors[0].Advisories[0].FixedIn, got)
		}
	}
}
