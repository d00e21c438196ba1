// Package config holds what users tell mcperrlint about code it cannot see
// into or summarize: their own decoding, validation and tool-error-result
// functions. The passes share one Functions value per configured analyzer.
package config

import (
	"fmt"
	"go/types"
	"slices"
	"strings"
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

// FuncList is a list of functions named "importpath.Func" or
// "importpath.Type.Method". As a flag.Value it takes a comma-separated
// list and may be repeated.
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
		if _, _, _, err := parseName(name); err != nil {
			return err
		}
		*l = append(*l, name)
	}
	return nil
}

// Check reports the first malformed name in l.
func (l FuncList) Check() error {
	for _, name := range l {
		if _, _, _, err := parseName(name); err != nil {
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
	return slices.Contains(l, qualifiedName(fn))
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

// parseName splits "importpath.Func" or "importpath.Type.Method".
func parseName(name string) (path, typ, fn string, err error) {
	slash := strings.LastIndex(name, "/")
	rest := name[slash+1:]
	parts := strings.Split(rest, ".")
	prefix := name[:slash+1]
	if slices.Contains(parts, "") || strings.HasPrefix(name, "/") {
		return "", "", "", fmt.Errorf("%q: want importpath.Func or importpath.Type.Method", name)
	}
	switch len(parts) {
	case 2:
		return prefix + parts[0], "", parts[1], nil
	case 3:
		return prefix + parts[0], parts[1], parts[2], nil
	}
	return "", "", "", fmt.Errorf("%q: want importpath.Func or importpath.Type.Method", name)
}
