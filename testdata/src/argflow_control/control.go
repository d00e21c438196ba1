// Package argflow_control holds go-sdk handlers and helpers whose guard()
// calls the argflow test reports the control dependences of: the taints
// of the branch conditions the block depends on, the failures of the
// loop a condition heads, and whether the block cannot run.
package argflow_control

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func guard() {}

type In struct {
	Name  string `json:"name"`
	Limit int    `json:"limit"`
	Date  string `json:"date"`
}

type Out struct{}

// A typed handler: its input is seeded.
func typed(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	guard() // want `guard \[\]`
	if in.Name == "" {
		guard() // want `guard \[arg\]`
		return nil, Out{}, errors.New("name is required")
	}
	if ctx.Err() != nil {
		guard() // want `guard \[none\]`
	}
	if in.Limit > 10 {
		// Only the innermost condition: dependence is direct.
		if req.Params.Name != "typed" {
			guard() // want `guard \[request\]`
		}
		return nil, Out{}, errors.New("limit")
	}
	guard() // want `guard \[arg\]`
	return nil, Out{}, nil
}

type weather struct {
	City string `json:"city"`
}

// A raw handler that decodes its arguments itself.
func raw(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var w weather
	if err := json.Unmarshal(req.Params.Arguments, &w); err != nil {
		guard() // want `guard \[decode\]`
		return nil, err
	}
	if w.City == "" {
		guard() // want `guard \[arg\]`
	}
	return nil, nil
}

// A loop that tries parsers in turn falls through only when all failed;
// here the input is not seeded (no handler, no arg parameter), so the
// parse errors fail no check.
func parseDate(in In) (time.Time, error) {
	for _, layout := range []string{time.RFC3339, time.DateOnly} {
		if t, err := time.Parse(layout, in.Date); err == nil {
			return t, nil
		}
	}
	guard() // want `guard \[none\]`
	return time.Time{}, errors.New("bad date")
}

// A loop that checks nothing fails nothing.
func countdown(argN int) {
	for i := 0; i < 3; i++ {
		if i == argN {
			break
		}
	}
	guard() // want `guard \[\]`
	for i := 0; i < 3; i++ {
		println(i)
	}
	guard() // want `guard \[\]`
}

func loops(argDate string, argFlag bool) error {
	for _, layout := range []string{time.RFC3339, time.DateOnly} {
		if _, err := time.Parse(layout, argDate); err == nil {
			return nil
		}
	}
	guard() // want `guard \[none loop\(check\)\]`
	if argFlag {
		guard() // want `guard \[arg\]`
	}
	return nil
}

// An infinite loop reaches no exit: nothing after it depends on it.
func spin(argName string) {
	for {
		if argName == "" {
			guard() // want `guard \[arg\]`
		}
	}
}

var errEmpty = errors.New("empty")

// Blocks that equality tests of one value against constants rule out.
func unreachable(argMode string) error {
	switch argMode {
	case "":
		return errEmpty
	}
	if argMode != "" {
		return nil
	}
	guard() // want `guard \[arg\] unreachable`
	return errors.New("unexpected state")
}

func reachable(argMode string) error {
	switch argMode {
	case "":
		return errEmpty
	}
	if argMode != "x" {
		return nil
	}
	guard() // want `guard \[arg\]`
	return nil
}

func nested(argMode string) {
	if argMode == "x" {
		if "x" != argMode {
			guard() // want `guard \[arg\] unreachable`
		}
		if argMode == "x" {
			guard() // want `guard \[arg\]`
		}
	}
	if argMode < "m" {
		if argMode < "m" {
			guard() // want `guard \[arg\]`
		}
	}
}

// Tests of a value against another value, not a constant, rule nothing
// out.
func variables(argA, argB string) {
	if argA == argB {
		if argA != argB {
			guard() // want `guard \[arg\]`
		}
	}
}

// A block behind a short-circuit test depends on each of its operands.
func either(argA string, local string) {
	if argA == "" || local == "" {
		guard() // want `guard \[arg, none\]`
	}
}
