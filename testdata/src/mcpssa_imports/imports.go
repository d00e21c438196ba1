// Package mcpssa_imports names a few members of its imports: the SSA
// packages of those imports declare them and nothing else (package
// mcpssa).
package mcpssa_imports // want `declared: errors\{New\} io\{EOF\} slices\{Contains\} strings\{ToUpper\}`

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"strings"
)

// Read calls methods of bytes and io, which need no package, a generic
// function and a variable of another package.
func Read(r io.Reader, allowed []string) (string, error) {
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(r); err != nil && err != io.EOF {
		return "", errors.New("read")
	}
	if !slices.Contains(allowed, buf.String()) {
		return "", nil
	}
	show := buf.String
	return strings.ToUpper(show()), nil
}
