// Package dto holds the scope of an API call.
package dto

// Scope is filled from the server's configuration and, in OrgID, from
// the tool call's arguments.
type Scope struct {
	AccountID string
	OrgID     string
}
