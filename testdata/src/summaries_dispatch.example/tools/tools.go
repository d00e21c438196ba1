package tools // want package:"method summaries: summaries_dispatch.example/tools" package:"summaries_dispatch.example/tools.Entry.Run: param 0: validate"

// tools holds tools a registry dispatches to through an
// interface, and a table of functions stored in a struct field. Its path
// has a dot: the summaries look for the implementations of an interface
// in the packages that are not the standard library's.

import (
	"errors"
	"strings"
)

// A Tool runs on the arguments of a call.
type Tool interface {
	Execute(args map[string]any) (string, error)
}

// Echo checks the type of the argument it echoes.
type Echo struct{}

func (Echo) Execute(args map[string]any) (string, error) { // want Execute:"param -1: tool-error; param 1: decode values 0"
	s, ok := args["text"].(string)
	if !ok {
		return "", errors.New("text must be a string")
	}
	return s, nil
}

// Base gives the types that embed it its Execute.
type Base struct{ Name string }

func (b *Base) Execute(args map[string]any) (string, error) { return b.Name, nil } // want Execute:"param -1: none; param 0: none values 0"

// Upper embeds Base, and an interface besides: the methods it may have
// are those of both.
type Upper struct {
	*Base
	Stringer interface{ String() string }
}

// An Entry is a row of a table of functions.
type Entry struct {
	Name string
	Run  func(arg string) error
}

// Entries is the table: Run's functions check their argument.
var Entries = []Entry{{Name: "short", Run: short}}

func short(arg string) error { // want short:"param -1: tool-error; param 0: validate"
	if len(arg) > 8 {
		return errors.New(strings.ToUpper(arg) + " is too long")
	}
	return nil
}
