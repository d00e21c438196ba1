// Package errtype checks arguments in a helper that returns errors of the
// project's own type, built as composite literals: as fresh as errors.New,
// so the check that leads to them makes them argument errors.
package errtype

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A ValidationError says which input was wrong.
type ValidationError struct {
	Type, Message string
}

func (e *ValidationError) Error() string { return e.Type + ": " + e.Message }

// An APIError is the service's failure.
type APIError struct{ Status int }

func (e *APIError) Error() string { return fmt.Sprint("status ", e.Status) }

const maxScript = 1 << 16

// lastStatus is the service's last answer.
var lastStatus int

func validateInput(script string) error {
	if len(script) == 0 {
		return &ValidationError{Type: "INPUT_VALIDATION", Message: "script content cannot be empty"}
	}
	if len(script) > maxScript {
		return &ValidationError{Type: "INPUT_VALIDATION", Message: "script too large"}
	}
	return nil
}

func run(status int) error {
	if status >= 500 {
		return &APIError{Status: status}
	}
	return nil
}

func validate(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	script := req.GetString("script", "")
	if err := validateInput(script); err != nil {
		return nil, err // want "argument validation error"
	}
	if err := run(lastStatus); err != nil {
		return nil, fmt.Errorf("run: %w", err) // the service's status, whatever the script
	}
	return mcp.NewToolResultText("ok"), nil
}

// Register installs the tool.
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("validate"), validate)
}
