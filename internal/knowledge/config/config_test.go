package config

import (
	"go/types"
	"testing"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
)

func TestParseName(t *testing.T) {
	for _, tc := range []struct {
		name, want string
		ok         bool
	}{
		{"encoding/json.Unmarshal", "encoding/json.Unmarshal", true},
		{"fmt.Errorf", "fmt.Errorf", true},
		{"gopkg.in/yaml.v3.Unmarshal", "gopkg.in/yaml.v3.Unmarshal", true},
		{"gopkg.in/yaml.v3.Decoder.Decode", "gopkg.in/yaml.v3.Decoder.Decode", true},
		{"(*gopkg.in/yaml.v3.Decoder).Decode", "gopkg.in/yaml.v3.Decoder.Decode", true},
		{"(*encoding/json.Decoder).Decode", "encoding/json.Decoder.Decode", true},
		{"(example.com/srv/args.Input).Check", "example.com/srv/args.Input.Check", true},
		{"k8s.io/client-go/kubernetes.NewForConfig", "k8s.io/client-go/kubernetes.NewForConfig", true},
		{"example.com/a.b/c.Decode", "example.com/a.b/c.Decode", true},
		{"golang.org/x/mod/semver.IsValid", "golang.org/x/mod/semver.IsValid", true},
		{"github.com/go-playground/validator/v10.Validate.Struct", "github.com/go-playground/validator/v10.Validate.Struct", true},
		{"Unmarshal", "", false},
		{"json.", "", false},
		{"/abs/path.F", "", false},
		{"example.com/srv/args.Input.", "", false},
		{"example.com/srv/args.1Func", "", false},
		{"example.com/a b.F", "", false},
		{"(*example.com/x.T.M", "", false},
	} {
		got, err := parseName(tc.name)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("parseName(%q) = %q, %v; want %q, ok=%v", tc.name, got, err, tc.want, tc.ok)
		}
	}
}

func TestHasMatchesEverySpelling(t *testing.T) {
	pkg := types.NewPackage("gopkg.in/yaml.v3", "yaml")
	decoder := types.NewNamed(types.NewTypeName(0, pkg, "Decoder", nil), types.NewStruct(nil, nil), nil)
	recv := types.NewVar(0, pkg, "d", types.NewPointer(decoder))
	sig := types.NewSignatureType(recv, nil, nil, nil, nil, false)
	decode := types.NewFunc(0, pkg, "Decode", sig)
	for _, spelling := range []string{"gopkg.in/yaml.v3.Decoder.Decode", "(*gopkg.in/yaml.v3.Decoder).Decode"} {
		var l FuncList
		if err := l.Set(spelling); err != nil {
			t.Fatal(err)
		}
		if !roles.NewTable((&Functions{Decode: l}).Rows()).Has(decode, roles.Decode) {
			t.Errorf("%q does not match %s", spelling, decode)
		}
		if !roles.NewTable((&Functions{Decode: FuncList{spelling}}).Rows()).Has(decode, roles.Decode) {
			t.Errorf("FuncList{%q} (as golangci-lint settings set it) does not match %s", spelling, decode)
		}
	}
	if roles.NewTable((&Functions{Decode: FuncList{"gopkg.in/yaml.v3.Decoder.Encode"}}).Rows()).Has(decode, roles.Decode) {
		t.Error("another method matched")
	}
}
