// Package gojsonschema is a stub of github.com/xeipuuv/gojsonschema's
// validation entry points, with their signatures.
package gojsonschema

// JSONLoader loads a JSON document or schema.
type JSONLoader interface{ JSONSource() any }

type loader struct{ src any }

func (l loader) JSONSource() any { return l.src }

// NewBytesLoader loads a document from its JSON text.
func NewBytesLoader(source []byte) JSONLoader { return loader{source} }

// NewStringLoader loads a document from its JSON text.
func NewStringLoader(source string) JSONLoader { return loader{source} }

// NewGoLoader loads a document from a Go value.
func NewGoLoader(source any) JSONLoader { return loader{source} }

// ResultError is one reason a document is invalid.
type ResultError interface{ String() string }

// Result says whether a document passed its schema.
type Result struct{ errors []ResultError }

// Valid reports whether the document passed.
func (r *Result) Valid() bool { return len(r.errors) == 0 }

// Errors returns why it did not.
func (r *Result) Errors() []ResultError { return r.errors }

// Validate validates the document against the schema; its error says one
// of them could not be loaded.
func Validate(ls JSONLoader, ld JSONLoader) (*Result, error) { return &Result{}, nil }
