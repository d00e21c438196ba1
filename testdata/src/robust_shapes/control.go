package robust_shapes

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var server = mcp.NewServer(&mcp.Implementation{Name: "robust"}, nil)

// Handlers defined and registered in init functions, more than one of them.
func init() {
	server.AddTool(&mcp.Tool{Name: "init1"}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var a args
		if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
			return nil, fmt.Errorf("init1: %w", err) // want `tool handler returns an argument decoding error`
		}
		return &mcp.CallToolResult{}, nil
	})
}

func init() {
	h := func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var a args
		if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
			return nil, err // want `tool handler returns an argument decoding error`
		}
		return &mcp.CallToolResult{}, nil
	}
	server.AddTool(&mcp.Tool{Name: "init2"}, h)
	server.AddTool(&mcp.Tool{Name: "init3"}, declaredForInit)
}

func declaredForInit(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return nil, err // want `tool handler returns an argument decoding error`
	}
	return &mcp.CallToolResult{}, nil
}

// goto and labels: the decode error reaches the return through a jump.
func withGoto(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
	var a args
	if err = json.Unmarshal(req.Params.Arguments, &a); err != nil {
		goto fail
	}
	return &mcp.CallToolResult{}, nil
fail:
	return nil, err // want `tool handler returns an argument decoding error`
}

// Labeled loops with break and continue, and a validation error after them.
func withLabels(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a map[string][]int
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return nil, err // want `tool handler returns an argument decoding error`
	}
	total := 0
outer:
	for _, xs := range a {
		for _, x := range xs {
			if x < 0 {
				continue outer
			}
			if x > 100 {
				break outer
			}
			total += x
		}
	}
	if total > 1000 {
		return nil, fmt.Errorf("total %d too large", total) // want `tool handler returns an argument validation error`
	}
	return &mcp.CallToolResult{}, nil
}

// select on the context before decoding: a context error is not an
// argument error, the decode error after it is.
func withSelect(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	default:
	}
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return nil, err // want `tool handler returns an argument decoding error`
	}
	done := make(chan struct{})
	select {
	case <-done:
		return nil, errors.New("cancelled")
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// A deferred recover that only turns panics into a tool result: silent,
// the handler never returns an argument error.
func recoverToResult(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			res = &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprint(r)}}}
			err = nil
		}
	}()
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
	}
	return &mcp.CallToolResult{}, nil
}

// A closure capturing the request decodes; the handler returns the
// closure's error, which the closure's summary says is a decoding error.
func closureDecodes(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a args
	decode := func() error {
		return json.Unmarshal(req.Params.Arguments, &a)
	}
	if err := decode(); err != nil {
		return nil, err // want "tool handler returns an argument decoding error"
	}
	return &mcp.CallToolResult{}, nil
}

// An error received from a channel is not traced through the channel:
// its origin is unknown, a tool error (reported with -tool-errors only).
func fromChannel(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	errc := make(chan error, 1)
	var a args
	go func() { errc <- json.Unmarshal(req.Params.Arguments, &a) }()
	if err := <-errc; err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{}, nil
}

// A comma-ok receive.
func fromChannelOK(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	errc := make(chan error)
	close(errc)
	if err, ok := <-errc; ok && err != nil {
		return nil, err
	}
	return &mcp.CallToolResult{}, nil
}

var errCityRequired = errors.New("city is required")

func fromSentinel(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return &mcp.CallToolResult{IsError: true}, nil
	}
	if a.City == "" {
		return nil, errCityRequired // want `tool handler returns an argument validation error`
	}
	return &mcp.CallToolResult{}, nil
}

// A map of errors filled with the decode error: values are not traced
// through maps, so the origin is unknown (a tool error, reported with -tool-errors only).
func fromLocalErrorMap(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	errs := map[string]error{}
	var a args
	errs["decode"] = json.Unmarshal(req.Params.Arguments, &a)
	if errs["decode"] != nil {
		return nil, errs["decode"]
	}
	if _, err := strconv.Atoi(a.City); err != nil {
		return nil, err // want `tool handler returns an argument validation error`
	}
	return &mcp.CallToolResult{}, nil
}
