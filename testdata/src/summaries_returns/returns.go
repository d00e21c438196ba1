// Package summaries_returns holds mcp-go handlers whose returns the
// summaries pass classifies; the want lines are those of the test
// analyzer of returns_test.go: "return <kind> [via <function> line <n>]".
package summaries_returns

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"summaries_params"
)

// Per-parameter summaries: CheckCount checks its second parameter.
func countArg(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	s, err := summaries_params.CheckCount("label", req.GetInt("n", 0))
	if err != nil {
		return nil, err // want "return validate via summaries_params.CheckCount line 18"
	}
	return mcp.NewToolResultText(s), nil
}

// The argument in the first parameter: CheckCount's error says nothing
// of it.
func labelArg(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	s, err := summaries_params.CheckCount(req.GetString("label", ""), 10)
	if err != nil {
		return nil, err // want "return tool-error"
	}
	return mcp.NewToolResultText(s), nil
}

func nameArg(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := summaries_params.CheckName(req.GetString("name", ""), "eu"); err != nil {
		return nil, err // want "return validate via summaries_params.CheckName line 26"
	}
	return mcp.NewToolResultText("ok"), nil
}

func regionArg(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := summaries_params.CheckName("fixed", req.GetString("region", "")); err != nil {
		return nil, err // want "return tool-error"
	}
	return mcp.NewToolResultText("ok"), nil
}

// The map of the arguments may lack the key; a literal holding it may not.
func teamArgs(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ref, err := summaries_params.TeamRef(req.GetArguments())
	if err != nil {
		return nil, err // want "return validate via summaries_params.TeamRef line 36"
	}
	return mcp.NewToolResultText(ref), nil
}

func teamLiteral(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ref, err := summaries_params.TeamRef(map[string]any{"teamRefId": req.GetString("team", "")})
	if err != nil {
		return nil, err // want "return tool-error"
	}
	return mcp.NewToolResultText(ref), nil
}

// Checks by error type: the handler answers the argument failure,
// found by errors.Is, with a tool result; what it still returns is the
// rest.
func targetIs(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	c, err := summaries_params.Client(req.GetString("target", ""))
	if err != nil {
		if errors.Is(err, summaries_params.ErrUnknownTarget) {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return nil, err // want "return tool-error"
	}
	return mcp.NewToolResultText(c), nil
}

// Without the test, the argument failure is returned.
func targetUntested(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	c, err := summaries_params.Client(req.GetString("target", ""))
	if err != nil {
		return nil, err // want "return validate via summaries_params.Client line 55"
	}
	return mcp.NewToolResultText(c), nil
}

// errors.As on the error's type.
func lookupAs(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	s, err := summaries_params.Lookup(req.GetString("name", ""))
	if err != nil {
		var te *summaries_params.TargetError
		if errors.As(err, &te) {
			return mcp.NewToolResultError(te.Error()), nil
		}
		return nil, err // want "return tool-error"
	}
	return mcp.NewToolResultText(s), nil
}

// Register installs the tools.
func Register(s *server.MCPServer) {
	for name, h := range map[string]server.ToolHandlerFunc{
		"count": countArg, "label": labelArg, "name": nameArg, "region": regionArg,
		"team": teamArgs, "team_literal": teamLiteral, "target": targetIs,
		"target_untested": targetUntested, "lookup": lookupAs,
	} {
		s.AddTool(mcp.NewTool(name), h)
	}
}
