// Package config holds what users tell mcperrlint about code it cannot see
// into or summarize: their own decoding, validation and tool-error-result
// functions. The passes share one Functions value per configured analyzer.
package config

import (
	"strings"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/roles"
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

// String spells the lists as the flags do, one per role: two Functions
// with the same String have the same Rows.
func (fs *Functions) String() string {
	return "decode=" + fs.Decode.String() + " validate=" + fs.Validate.String() + " iserrorresult=" + fs.IsErrorResult.String()
}

// Rows returns the user's functions as rows of the role table, which
// come after the built-in ones and so replace them.
func (fs *Functions) Rows() []roles.Row {
	var rows []roles.Row
	for _, g := range []struct {
		list FuncList
		row  roles.Row
	}{
		{fs.Decode, roles.Row{Role: roles.Decode, Data: roles.AnyOperand, Target: roles.LastPointer}},
		{fs.Validate, roles.Row{Role: roles.Validate}},
		{fs.IsErrorResult, roles.Row{Role: roles.IsErrorResult}},
	} {
		for _, name := range g.list {
			refs, _ := roles.ParseRef(name) // checked when set
			for _, ref := range refs {
				row := g.row
				row.Func = ref
				rows = append(rows, row)
			}
		}
	}
	return rows
}

// parseName checks that name is a function reference roles.ParseRef
// accepts, and returns it in the spelling "importpath.Type.Method".
func parseName(name string) (string, error) {
	refs, err := roles.ParseRef(name)
	if err != nil {
		return "", err
	}
	return refs[0].String(), nil
}
