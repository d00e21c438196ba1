// Package utils rewrites decoding errors into messages of its own.
package utils

import (
	"encoding/json"
	"errors"
	"fmt"
)

// ParseJSONUnmarshalError builds a new error from err's text where err
// is a type mismatch, and returns err itself otherwise: either way it is
// still err, a decoding error where err is one.
func ParseJSONUnmarshalError(err error) error {
	var ute *json.UnmarshalTypeError
	if errors.As(err, &ute) {
		return fmt.Errorf("invalid %s: expected %s", ute.Field, ute.Type)
	}
	return err
}

// Describe makes a new error from err's message alone.
func Describe(err error) error {
	return errors.New("request failed: " + err.Error())
}
