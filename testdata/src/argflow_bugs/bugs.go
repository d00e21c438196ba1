// Package argflow_bugs holds the cases where argflow's answer was not
// the one its documentation gives; TestBugs keeps them fixed.
package argflow_bugs

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

func taint(v any) {}

type args struct {
	City string `json:"city"`
}

// The taint of &a depends on what was asked before: computing a's taint
// (here for a.City) visits the call taint(&a), whose operands the
// summarizer is asked about, and memoizes the MakeInterface of &a with
// the provisional 0 that breaks the cycle through a.
func askedLate(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a args
	_ = req.BindArguments(&a)
	taint(a.City) // want `taint arg`
	taint(&a)     // want `taint arg`
	return nil, nil
}

var store = map[string]int{}

func setStore(k string) { store[k] = 1 }

// What the server's own map holds under an argument key is no argument
// value (lookupTaint), but the comma-ok form says it is.
func commaOK(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	mode := req.GetString("mode", "")
	taint(store[mode]) // want `taint none`
	v, _ := store[mode]
	taint(v) // want `taint none`
	return nil, nil
}
