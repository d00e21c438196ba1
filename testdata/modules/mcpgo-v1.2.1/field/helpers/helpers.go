// Package helpers holds argument helpers in the styles real mcp-go servers
// use (issue 10's field cases), in a package of their own so that the
// servers see them only through their summaries.
package helpers

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strconv"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
)

// ToolError returns msg, with err's text when there is one, as a tool
// execution error: its error result is always nil.
func ToolError(msg string, err error) (*mcp.CallToolResult, error) {
	if err != nil {
		msg = fmt.Sprintf("%s: %v", msg, err)
	}
	return mcp.NewToolResultError(msg), nil
}

// LoggedToolError is ToolError that logs first.
func LoggedToolError(logger *log.Logger, msg string, err error) (*mcp.CallToolResult, error) {
	logger.Printf("%s: %v", msg, err)
	return mcp.NewToolResultErrorFromErr(msg, err), nil
}

// LogAndReturnError always makes a new error, wrapping err when there is one.
func LogAndReturnError(msg string, err error) error {
	return fmt.Errorf("%s, %w", msg, err)
}

var layouts = []string{time.RFC3339, "2006-01-02", "2006-01-02 15:04"}

// ParseSince tries every layout in turn.
func ParseSince(s string) (time.Time, error) {
	for _, layout := range layouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("unsupported time format: %s", s)
}

// Board is what the backend knows of a board.
type Board struct{ ID int }

// Backend is the API behind the tools.
type Backend interface {
	BoardsOf(project string) ([]Board, error)
}

// BoardIDs reads the board arguments: an argument error on some paths,
// an API failure on another.
func BoardIDs(api Backend, args map[string]any) ([]int, error) {
	if s, ok := args["board_id"].(string); ok && s != "" {
		id, err := strconv.Atoi(s)
		if err != nil {
			return nil, fmt.Errorf("board_id must be a number: %w", err)
		}
		return []int{id}, nil
	}
	project, _ := args["project_key"].(string)
	if project == "" {
		return nil, errors.New("either board_id or project_key is required")
	}
	boards, err := api.BoardsOf(project)
	if err != nil {
		return nil, fmt.Errorf("listing boards: %w", err)
	}
	ids := make([]int, 0, len(boards))
	for _, b := range boards {
		ids = append(ids, b.ID)
	}
	return ids, nil
}

// A Parser reads typed arguments out of a request.
type Parser struct {
	args map[string]any
}

// NewParser returns a parser of req's arguments.
func NewParser(req mcp.CallToolRequest) *Parser {
	return &Parser{args: req.GetArguments()}
}

// String returns the string argument name.
func (p *Parser) String(name string, required bool) (string, error) {
	v, ok := p.args[name]
	if !ok {
		if required {
			return "", fmt.Errorf("%s is required", name)
		}
		return "", nil
	}
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("%s must be a string", name)
	}
	return s, nil
}


// Pagination holds paging arguments, as github-mcp-server's
// CursorPaginationParams does.
type Pagination struct {
	PerPage int
	After   string
}

// GraphQL checks the paging arguments for a GraphQL query.
func (p Pagination) GraphQL() (int, error) {
	if p.PerPage > 100 {
		return 0, fmt.Errorf("perPage value %d exceeds maximum of 100", p.PerPage)
	}
	return p.PerPage, nil
}

// A Response is what the backend answered.
type Response struct{ Status string }

// Pager pages through a backend.
type Pager interface {
	Page(ctx context.Context, project string, at int) ([]int, *Response, error)
}

// FetchAll pages from start: of its results, only more is computed from
// the arguments (start); resp is the backend's.
func FetchAll(ctx context.Context, p Pager, project string, start int) (ids []int, more bool, resp *Response, err error) {
	ids, resp, err = p.Page(ctx, project, start)
	if err != nil {
		return nil, false, resp, err
	}
	return ids, start+len(ids) < 100, resp, nil
}
