package summaries_params // want package:"method summaries: summaries_params"

// summaries_params holds helpers whose summaries differ by the
// parameter that holds argument values ("param i: ..."), for the tests of
// package summaries: a caller in another package (summaries_returns)
// judges a call to each by the outcome of the parameters it passes
// argument values to.

import (
	"errors"
	"fmt"
)

// CheckCount checks its second parameter only: an argument error when
// that holds one, whatever the first does.
func CheckCount(label string, n int) (string, error) { // want CheckCount:"param -1: tool-error; param 0: tool-error values 0; param 1: validate"
	if n < 0 || n > 100 {
		return "", errors.New("n must be 0 to 100")
	}
	return label, nil
}

// CheckName checks its first parameter and only carries its second.
func CheckName(name, region string) error { // want CheckName:"param -1: tool-error; param 0: validate"
	if name == "" {
		return fmt.Errorf("name is required (region %s)", region)
	}
	return nil
}

// TeamRef fails only when its map lacks the key it looks up: a caller
// passing a literal of its own with the key gets no argument error.
func TeamRef(params map[string]any) (string, error) { // want TeamRef:"param -1: tool-error; param 0: validate values 0; param 0: tool-error values 0 if keys teamRefId"
	v, ok := params["teamRefId"]
	if !ok {
		return "", errors.New("teamRefId is required")
	}
	s, _ := v.(string)
	return s, nil
}

// ErrUnknownTarget marks an argument that names no target.
var ErrUnknownTarget = errors.New("unknown target")

// TargetError is an argument error of its own type.
type TargetError struct{ Name string }

func (e *TargetError) Error() string { // want Error:"param -1: none; param 0: none values 0"
	return "unknown target " + e.Name
}

// Client checks its argument and marks the failure with the sentinel.
func Client(name string) (string, error) { // want Client:"param -1: tool-error; param 0: validate"
	if name != "default" {
		return "", fmt.Errorf("target %q: %w", name, ErrUnknownTarget)
	}
	return "client", nil
}

// Lookup checks its argument and fails with a TargetError.
func Lookup(name string) (string, error) { // want Lookup:"param -1: tool-error marks summaries_params.TargetError; param 0: validate marks summaries_params.TargetError"
	if name != "default" {
		return "", &TargetError{Name: name}
	}
	return "found", nil
}
