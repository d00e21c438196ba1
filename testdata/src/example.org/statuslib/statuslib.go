// Package statuslib stands for a third-party library that the argflow
// test's summarizer knows nothing of: its functions are judged by shape.
package statuslib

import "context"

// A Status is a ticket's state.
type Status int

// ParseStatus has a parser's shape: values in, a value and an error out.
func ParseStatus(s string) (Status, error) { return 0, nil }

// Unmarshal has a decoder's shape: data and a target, an error out.
func Unmarshal(data []byte, v any, opts ...int) error { return nil }

// Fetch takes a context: a client's call, not a parser.
func Fetch(ctx context.Context, id string) (string, error) { return "", nil }

// Parse has a receiver: no package-level parser.
func (s Status) Parse(text string) (Status, error) { return 0, nil }

// Expand has a parser's shape but not its name: it may read the
// environment, and its failure says nothing of its operand.
func Expand(path string) (string, error) { return path, nil }
