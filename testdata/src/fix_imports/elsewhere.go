package fix_imports

import (
	"context"
	"encoding/json"
)

// This file does not import the SDK: the fix adds the import.
func elsewhere(ctx context.Context, req request) (result, error) {
	var a map[string]any
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return nil, err // want `argument decoding error`
	}
	return nil, nil
}
