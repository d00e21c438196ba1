package roles_test

import (
	"go/importer"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
)

func TestParseRef(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []roles.Ref // every reading; nil: malformed
	}{
		{"encoding/json.Unmarshal", []roles.Ref{{Pkg: "encoding/json", Name: "Unmarshal"}}},
		{"example.com/x.T.M", []roles.Ref{{Pkg: "example.com/x.T", Name: "M"}, {Pkg: "example.com/x", Recv: "T", Name: "M"}}},
		{"fmt.Errorf", []roles.Ref{{Pkg: "fmt", Name: "Errorf"}}},
		{"(*encoding/json.Decoder).Decode", []roles.Ref{{Pkg: "encoding/json", Recv: "Decoder", Name: "Decode"}}},
		{"(example.com/srv/args.Input).Check", []roles.Ref{{Pkg: "example.com/srv/args", Recv: "Input", Name: "Check"}}},
		{"gopkg.in/yaml.v3.Decoder.Decode", []roles.Ref{{Pkg: "gopkg.in/yaml.v3.Decoder", Name: "Decode"}, {Pkg: "gopkg.in/yaml.v3", Recv: "Decoder", Name: "Decode"}}},
		{"(*gopkg.in/yaml.v3.Decoder).Decode", []roles.Ref{{Pkg: "gopkg.in/yaml.v3", Recv: "Decoder", Name: "Decode"}}},
		{"example.com/a.b/c.Decode", []roles.Ref{{Pkg: "example.com/a.b/c", Name: "Decode"}}},
		{"Unmarshal", nil},
		{"json.", nil},
		{"/abs/path.F", nil},
		{"example.com/srv/args.Input.", nil},
		{"example.com/srv/args.1Func", nil},
		{"example.com/a b.F", nil},
		{"(*example.com/x.T.M", nil},
		{"(*example.com/x.T).", nil},
	} {
		got, err := roles.ParseRef(tc.in)
		if (err == nil) != (tc.want != nil) || !slices.Equal(got, tc.want) {
			t.Errorf("ParseRef(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
		for _, r := range got {
			if r.String() != got[0].String() {
				t.Errorf("ParseRef(%q): readings spell %q and %q", tc.in, got[0], r)
			}
		}
	}
}

// TestRefOfMatchesFullName checks that a function is found under the
// reference its FullName parses to, over every function and method of
// packages the built-in rows name.
func TestRefOfMatchesFullName(t *testing.T) {
	imp := importer.ForCompiler(token.NewFileSet(), "source", nil)
	n := 0
	check := func(fn *types.Func) {
		n++
		refs, err := roles.ParseRef(fn.FullName())
		if err != nil || !slices.Contains(refs, roles.RefOf(fn)) {
			t.Errorf("%s: RefOf = %+v, not among the readings of its FullName %v (%v)", fn.FullName(), roles.RefOf(fn), refs, err)
		}
	}
	for _, path := range []string{"encoding/json", "fmt", "errors", "time", "path/filepath", "net", "net/url"} {
		pkg, err := imp.Import(path)
		if err != nil {
			t.Fatal(err)
		}
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			switch obj := scope.Lookup(name).(type) {
			case *types.Func:
				check(obj)
			case *types.TypeName:
				if named, ok := obj.Type().(*types.Named); ok {
					for m := range named.Methods() {
						check(m)
					}
				}
			}
		}
	}
	if n < 500 {
		t.Errorf("checked %d functions; the packages have more", n)
	}
}

// TestBuiltinLookup looks up real functions in the built-in table: by
// name, by method name, by package, and the exceptions to a package.
func TestBuiltinLookup(t *testing.T) {
	imp := importer.ForCompiler(token.NewFileSet(), "source", nil)
	lookup := func(path, typ, name string) *types.Func {
		pkg, err := imp.Import(path)
		if err != nil {
			t.Fatal(err)
		}
		if typ == "" {
			return pkg.Scope().Lookup(name).(*types.Func)
		}
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(pkg.Scope().Lookup(typ).Type()), true, pkg, name)
		return obj.(*types.Func)
	}
	for _, tc := range []struct {
		fn     *types.Func
		role   roles.Role // 0: no role
		checks []int
	}{
		{lookup("encoding/json", "", "Unmarshal"), roles.Decode, nil},
		{lookup("encoding/json", "Decoder", "Decode"), roles.Decode, nil},
		{lookup("errors", "", "New"), roles.ErrorConstructor, nil},
		{lookup("fmt", "", "Errorf"), roles.ErrorConstructor, nil},
		{lookup("fmt", "", "Sprintf"), roles.Pure, nil},
		{lookup("strconv", "", "Atoi"), roles.Pure, nil},
		{lookup("time", "", "Now"), 0, nil},
		{lookup("net/url", "", "JoinPath"), roles.Pure, []int{0}},
		{lookup("regexp", "", "QuoteMeta"), roles.Sanitize, nil},
		{lookup("net", "", "ParseIP"), roles.Pure, nil},
		{lookup("net", "", "Dial"), 0, nil},
		{lookup("os", "", "ReadFile"), 0, nil},
	} {
		row, ok := roles.BuiltinTable.Lookup(tc.fn)
		if got := map[bool]roles.Role{true: row.Role}[ok]; got != tc.role || !slices.Equal(row.Checks, tc.checks) {
			t.Errorf("%s: role %v checks %v, want %v checks %v", tc.fn.FullName(), got, row.Checks, tc.role, tc.checks)
		}
	}
}

// TestLaterRowsWin: the user's rows, given last, replace built-in ones.
func TestLaterRowsWin(t *testing.T) {
	pkg := types.NewPackage("encoding/json", "json")
	sig := types.NewSignatureType(nil, nil, nil, nil, types.NewTuple(types.NewVar(0, nil, "", types.Universe.Lookup("error").Type())), false)
	fn := types.NewFunc(0, pkg, "Unmarshal", sig)
	user := []roles.Row{{Func: roles.RefOf(fn), Role: roles.Validate}}
	if got, _ := roles.NewTable(roles.Builtin(), user).Lookup(fn); got.Role != roles.Validate {
		t.Errorf("user row: role %v, want validate", got.Role)
	}
	if got, _ := roles.NewTable(user, roles.Builtin()).Lookup(fn); got.Role != roles.Decode {
		t.Errorf("built-in row last: role %v, want decode", got.Role)
	}
}
