// Package config holds what users tell mcperrlint about code it cannot see
// into or summarize: their own decoding, validation and tool-error-result
// functions. The passes share one Functions value per configured analyzer.
package config

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/mod/module"
)

// Functions lists user-supplied functions by role.
type Functions struct {
	// Decode functions turn argument data into values: their error result
	// is a decoding error when an operand derives from the arguments, and
	// a pointer operand is filled with argument values.
	Decode FuncList
	// Validate functions check values: their error result is a
	// validation error when an operand derives from the arguments.
	Validate FuncList
	// IsErrorResult functions return a tool execution error (a result
	// with IsError set): returning what they return is correct, and their
	// error result, if any, is not a protocol error of the caller's.
	IsErrorResult FuncList
}

// FuncList is a list of functions named "importpath.Func",
// "importpath.Type.Method" or "(*importpath.Type).Method". As a flag.Value
// it takes a comma-separated list and may be repeated.
type FuncList []string

// String returns the list as a flag value.
func (l *FuncList) String() string { return strings.Join(*l, ",") }

// Set adds the comma-separated names in s, after checking their form.
func (l *FuncList) Set(s string) error {
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		n, err := parseName(name)
		if err != nil {
			return err
		}
		*l = append(*l, n)
	}
	return nil
}

// Check reports the first malformed name in l.
func (l FuncList) Check() error {
	for _, name := range l {
		if _, err := parseName(name); err != nil {
			return err
		}
	}
	return nil
}

// Has reports whether fn is one of the listed functions or methods.
func (l FuncList) Has(fn *types.Func) bool {
	if len(l) == 0 || fn == nil || fn.Pkg() == nil {
		return false
	}
	q := qualifiedName(fn)
	return slices.ContainsFunc(l, func(name string) bool { return normalize(name) == q })
}

// qualifiedName returns "path.Func" or "path.Type.Method" for fn.
func qualifiedName(fn *types.Func) string {
	fn = fn.Origin()
	name := fn.Pkg().Path() + "."
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		if named, ok := types.Unalias(t).(*types.Named); ok {
			name += named.Obj().Name() + "."
		}
	}
	return name + fn.Name()
}

// parseName checks that name is "importpath.Func", "importpath.Type.Method"
// or "(*importpath.Type).Method" for an import path the go command accepts,
// whose last element may hold dots (gopkg.in/yaml.v3.Decoder.Decode), and
// returns it in the first spelling.
func parseName(name string) (string, error) {
	n := normalize(name)
	slash := strings.LastIndex(n, "/")
	parts := strings.Split(n[slash+1:], ".")
	for k := 1; k <= 2 && k < len(parts); k++ {
		ids := parts[len(parts)-k:]
		path := n[:slash+1] + strings.Join(parts[:len(parts)-k], ".")
		if allIdents(ids) && module.CheckImportPath(path) == nil {
			return n, nil
		}
	}
	return "", fmt.Errorf("%q: want importpath.Func, importpath.Type.Method or (*importpath.Type).Method", name)
}

// normalize turns "(*path.T).M" and "(path.T).M" into "path.T.M".
func normalize(name string) string {
	rest, ok := strings.CutPrefix(name, "(")
	if !ok {
		return name
	}
	rest = strings.TrimPrefix(rest, "*")
	typ, method, ok := strings.Cut(rest, ").")
	if !ok {
		return name
	}
	return typ + "." + method
}

func allIdents(ids []string) bool {
	for _, id := range ids {
		if !token.IsIdentifier(id) {
			return false
		}
	}
	return true
}
