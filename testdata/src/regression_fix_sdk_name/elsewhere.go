package regression_fix_sdk_name

import (
	"context"
	"encoding/json"
)

// This file imports neither SDK; a fix would have to import one under
// the name mcp, and a fix for the other SDK could import it under the
// same name: no fix for either.
func goElsewhere(ctx context.Context, req goRequest) (goResult, error) {
	var a args
	if err := json.Unmarshal(req.Params.Arguments, &a); err != nil {
		return nil, err // want `argument decoding error`
	}
	return nil, nil
}

func mcpgoElsewhere(ctx context.Context, req mcpRequest) (mcpResult, error) {
	var a args
	if err := req.BindArguments(&a); err != nil {
		return nil, err // want `argument decoding error`
	}
	return nil, nil
}
