package argflow

import (
	"go/importer"
	"go/token"
	"go/types"
	"testing"
)

// TestKeyOfMatchesFullName checks that looking a function up by keyOf
// finds what looking it up by FullName would, over every function and
// method of packages the tables name.
func TestKeyOfMatchesFullName(t *testing.T) {
	imp := importer.ForCompiler(token.NewFileSet(), "source", nil)
	n := 0
	for _, path := range []string{"encoding/json", "fmt", "errors", "time", "path/filepath", "net"} {
		pkg, err := imp.Import(path)
		if err != nil {
			t.Fatal(err)
		}
		check := func(fn *types.Func) {
			n++
			if got, want := keyOf(fn), parseKey(fn.FullName()); got != want {
				t.Errorf("%s: keyOf = %+v, parseKey(FullName) = %+v", fn.FullName(), got, want)
			}
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
	for full, found := range map[string]func(funcKey) bool{
		"encoding/json.Unmarshal":         func(k funcKey) bool { _, ok := decoderKeys[k]; return ok },
		"(*encoding/json.Decoder).Decode": func(k funcKey) bool { _, ok := decoderKeys[k]; return ok },
		"errors.New":                      func(k funcKey) bool { return errorConstructorKeys[k] },
		"time.Now":                        func(k funcKey) bool { return impureKeys[k] },
	} {
		if k := parseKey(full); !found(k) {
			t.Errorf("%s: not found in its table by key %+v", full, k)
		}
	}
}

func TestParseKey(t *testing.T) {
	for full, want := range map[string]funcKey{
		"gopkg.in/yaml.v3.Unmarshal":                                      {pkg: "gopkg.in/yaml.v3", name: "Unmarshal"},
		"(*github.com/go-playground/validator/v10.Validate).Struct":       {pkg: "github.com/go-playground/validator/v10", recv: "Validate", ptr: true, name: "Struct"},
		"(github.com/shopspring/decimal.Decimal).String":                  {pkg: "github.com/shopspring/decimal", recv: "Decimal", name: "String"},
		"(*github.com/google/jsonschema-go/jsonschema.Resolved).Validate": {pkg: "github.com/google/jsonschema-go/jsonschema", recv: "Resolved", ptr: true, name: "Validate"},
	} {
		if got := parseKey(full); got != want {
			t.Errorf("parseKey(%q) = %+v, want %+v", full, got, want)
		}
	}
}
