// Package params holds argument helpers in the style of github-mcp-server's
// RequiredParam and OptionalParam: generic, in a package of their own.
package params

import (
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

// RequiredParam returns the required argument p of type T.
func RequiredParam[T comparable](r mcp.CallToolRequest, p string) (T, error) {
	var zero T
	v, ok := r.GetArguments()[p]
	if !ok {
		return zero, fmt.Errorf("missing required parameter: %s", p)
	}
	t, ok := v.(T)
	if !ok {
		return zero, fmt.Errorf("parameter %s is not of type %T", p, zero)
	}
	if t == zero {
		return zero, fmt.Errorf("missing required parameter: %s", p)
	}
	return t, nil
}

// OptionalInt returns the optional number argument p as an int.
func OptionalInt(r mcp.CallToolRequest, p string) (int, error) {
	v, ok := r.GetArguments()[p]
	if !ok {
		return 0, nil
	}
	f, ok := v.(float64)
	if !ok {
		return 0, fmt.Errorf("parameter %s is not a number", p)
	}
	return int(f), nil
}

// Pagination are the paging arguments shared by list tools.
type Pagination struct {
	Page, PerPage int
}

// OptionalPaginationParams reads and checks the paging arguments.
func OptionalPaginationParams(r mcp.CallToolRequest) (Pagination, error) {
	page, err := OptionalInt(r, "page")
	if err != nil {
		return Pagination{}, err
	}
	perPage, err := OptionalInt(r, "perPage")
	if err != nil {
		return Pagination{}, err
	}
	if perPage > 100 {
		return Pagination{}, errors.New("perPage must be at most 100")
	}
	return Pagination{Page: page, PerPage: perPage}, nil
}

// ToolError returns err as a tool execution error.
func ToolError(err error) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultError(err.Error()), nil
}
