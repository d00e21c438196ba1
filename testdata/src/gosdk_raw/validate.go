package gosdk_raw

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type searchArgs struct {
	Query string    `json:"query"`
	Limit int       `json:"limit"`
	Order string    `json:"order"`
	From  string    `json:"from"`
	To    string    `json:"to"`
	When  time.Time `json:"when"`
	URL   string    `json:"url"`
	Page  string    `json:"page"`
	Re    string    `json:"re"`
	Items []item    `json:"items"`
}

type item struct {
	Qty int `json:"qty"`
}

var errLimit = errors.New("limit out of range")

func (a searchArgs) Validate() error {
	if a.Query == "" {
		return errors.New("query is required")
	}
	return nil
}

func search(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args searchArgs
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
	}
	if strings.TrimSpace(args.Query) == "" {
		return nil, errors.New("query is required") // want `tool handler returns an argument validation error as a protocol error`
	}
	if args.Limit < 0 || args.Limit > 100 {
		return nil, fmt.Errorf("limit must be in [0, 100], got %d", args.Limit) // want `argument validation error`
	}
	if args.Limit == 42 {
		return nil, errLimit // want `argument validation error`
	}
	switch args.Order {
	case "asc", "desc":
	default:
		return nil, fmt.Errorf("unknown order %q", args.Order) // want `argument validation error`
	}
	if !slices.Contains([]string{"a", "b"}, args.Order) {
		return nil, errors.New("order not allowed") // want `argument validation error`
	}
	if args.From > args.To {
		return nil, errors.New("from must not be after to") // want `argument validation error`
	}
	if args.When.Before(time.Now()) {
		return nil, errors.New("when is in the past") // want `argument validation error`
	}
	if _, err := time.Parse(time.DateOnly, args.From); err != nil {
		return nil, fmt.Errorf("from: %w", err) // want `argument validation error`
	}
	u, err := url.Parse(args.URL)
	if err != nil {
		return nil, err // want `argument validation error`
	}
	_ = u
	page, err := strconv.Atoi(args.Page)
	if err != nil {
		return nil, fmt.Errorf("page %q is not a number", args.Page) // want `argument validation error`
	}
	_ = page
	if _, err := regexp.Compile(args.Re); err != nil {
		return nil, err // want `argument validation error`
	}
	for _, it := range args.Items {
		if it.Qty <= 0 {
			return nil, fmt.Errorf("qty must be positive") // want `argument validation error`
		}
	}
	if err := args.Validate(); err != nil {
		return nil, err // want `argument validation error`
	}
	return &mcp.CallToolResult{}, nil
}
