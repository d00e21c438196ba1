package errorigin_facts // want package:"errorigin_facts.Tool.Handler: param 1: decode" package:"method summaries: errorigin_facts"

// The package holds helpers whose summaries, the facts the errorigin
// analyzer exports, are asserted by expectation comments. A function
// without one exports no fact: it says nothing an unknown function would
// not.

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// parseDays checks its argument: a validation error when it holds one.
func parseDays(s string) (int, error) { // want parseDays:"param -1: tool-error; param 0: validate values 0"
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("days: %w", err)
	}
	if n < 1 || n > 14 {
		return 0, errors.New("days must be 1 to 14")
	}
	return n, nil
}

// errRequired makes an error whatever it is given: its caller's
// conditions say what the error means.
func errRequired(name string) error { // want errRequired:"param -1: none fresh"
	return fmt.Errorf("%s is required", name)
}

// logAndReturn wraps the error it is given.
func logAndReturn(msg string, err error) error { // want logAndReturn:"param -1: none fresh wraps 1"
	return fmt.Errorf("%s: %w", msg, err)
}

// joinBase fails only on its constant base: no check of the argument.
func joinBase(owner string) (string, error) { // want joinBase:"param -1: tool-error; param 0: tool-error values 0"
	return url.JoinPath("repo://", owner)
}

// quoted compiles a quoted pattern, which cannot fail on the argument: it
// says nothing more than an unknown function.
func quoted(q string) (*regexp.Regexp, error) {
	return regexp.Compile("(?i)" + regexp.QuoteMeta(q))
}

var known = map[string]bool{"google": true, "microsoft": true}

// isKnown looks its argument up in a table fixed at init: what it
// returns is computed from the argument.
func isKnown(name string) bool { // want isKnown:"param -1: none; param 0: none values 0"
	return known[strings.ToLower(name)]
}

// Store is run-time state.
type Store struct{ open map[string]bool }

// Exists reads run-time state under its argument: what it returns is not
// computed from id, only from a receiver built from the arguments.
func (s *Store) Exists(id string) bool { return s.open[id] } // want Exists:"param -1: none; param 0: none values 0"

// ProtocolError marks an error for the client as a protocol error.
type ProtocolError struct{ Err error }

func (e *ProtocolError) Error() string { return e.Err.Error() } // want Error:"param -1: none"

// mark makes a marked error, keeping what it wraps.
func mark(err error) error { // want mark:"param -1: none wraps 0 marks errorigin_facts.ProtocolError"
	return &ProtocolError{Err: err}
}

// errorsAsResults is middleware that turns a handler's errors into tool
// results.
func errorsAsResults(next server.ToolHandlerFunc) server.ToolHandlerFunc { // want errorsAsResults:"param -1: none"
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}

// A Tool is a row of a table of tools.
type Tool struct {
	Handler func(ctx context.Context, args map[string]any) (*mcp.CallToolResult, error)
}

// Tools is the table.
var Tools = map[string]Tool{"double": {Handler: double}} // a fixed map: the scope pass exports its fact

func double(ctx context.Context, args map[string]any) (*mcp.CallToolResult, error) { // want double:"param -1: tool-error; param 1: decode"
	s, ok := args["n"].(string)
	if !ok {
		return nil, errors.New("n must be a string")
	}
	return mcp.NewToolResultText(s + s), nil
}

// found answers whether a comma-ok lookup in the fixed table found the
// argument: a test of it.
func found(name string) bool { // want found:"param -1: none; param 0: none tests 0"
	_, ok := known[name]
	return ok
}

// rewrite makes a new error from what errors.As finds in err, and passes
// err on otherwise: either way its error is err in other words.
func rewrite(err error) error { // want rewrite:"param -1: none wraps 0"
	var ne *strconv.NumError
	if errors.As(err, &ne) {
		return fmt.Errorf("%q is not a number", ne.Num)
	}
	return err
}

// scope is filled from the configuration (Account) and from the
// arguments (Org).
type scope struct{ Account, Org string }

// checkOrg checks one field: its outcomes are by field.
func checkOrg(s scope) error { // want checkOrg:"param -1: tool-error; param 0: validate by field; param 0.Org: validate"
	if s.Org == "" {
		return errors.New("org is required")
	}
	return nil
}

// orgScope fills Org only from the arguments: its result holds argument
// values in that field.
func orgScope(account string, req mcp.CallToolRequest) scope { // want orgScope:"param -1: none values 0 value 0.Org; param 0: none values 0"
	s := scope{Account: account}
	s.Org = req.GetString("org", "")
	return s
}

// handle is a tool handler: its callers forward its errors, and its
// summary says only that.
func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want handle:"handler"
	name, err := req.RequireString("name")
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(name), nil
}

// bindScope decodes the call's arguments into the scope its caller
// gives it, which holds argument values afterwards.
func bindScope(req mcp.CallToolRequest, dst *scope) error { // want bindScope:"param -1: decode fills 1"
	return req.BindArguments(dst)
}

// badParams wraps the SDK's InvalidParams sentinel: an InvalidParams
// error whatever it is given, which its callers judge by their own
// conditions no more than they would a fresh one.
func badParams(msg string) error { // want badParams:"param -1: invalid-params"
	return fmt.Errorf("%w: %s", mcp.ErrInvalidParams, msg)
}
