// Package client calls the API for a scope.
package client

import (
	"errors"

	"example.com/mcpgo121/field/scope/dto"
)

// ListSecrets checks the account, which the configuration fills.
func ListSecrets(scope dto.Scope) ([]string, error) {
	if scope.AccountID == "" {
		return nil, errors.New("accountIdentifier cannot be null")
	}
	return []string{scope.OrgID}, nil
}

// ListProjects checks the organization, which the arguments may fill.
func ListProjects(scope dto.Scope) ([]string, error) {
	if scope.OrgID == "" {
		return nil, errors.New("orgIdentifier cannot be null")
	}
	return []string{scope.AccountID}, nil
}
