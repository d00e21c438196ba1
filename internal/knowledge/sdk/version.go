package sdk

import "golang.org/x/mod/semver"

// Older reports whether version precedes before, both semantic versions.
func Older(version, before string) bool {
	return semver.Compare(version, before) < 0
}
