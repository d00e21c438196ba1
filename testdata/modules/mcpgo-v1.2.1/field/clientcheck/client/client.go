// Package client checks the parameters its methods are given before it
// calls its API.
package client

import (
	"errors"
	"fmt"
)

// A Client calls the team API.
type Client struct{ base string }

// Team fetches a team; params must hold "accountId" and "teamRefId".
func (c *Client) Team(params map[string]any) (string, error) {
	acct, ok := params["accountId"]
	if !ok {
		return "", errors.New("accountId is required")
	}
	team, ok := params["teamRefId"]
	if !ok {
		return "", fmt.Errorf("teamRefId is required")
	}
	return c.get(fmt.Sprint(acct, "/", team))
}

func (c *Client) get(path string) (string, error) {
	if c.base == "" {
		return "", errors.New("no API base")
	}
	return c.base + path, nil
}
