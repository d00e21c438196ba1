// Package provider resolves task providers by name, through a table of
// aliases filled once at initialization: a check against it is a check
// of the argument, as a lookup in a map literal is.
package provider

import "strings"

var known = map[string][]string{"google": {"gtasks"}, "microsoft": {"todo"}}

var aliases map[string]string

func init() {
	aliases = make(map[string]string)
	for name, alts := range known {
		for _, a := range alts {
			aliases[a] = name
		}
	}
}

// Resolve returns the provider an alias names, or name itself.
func Resolve(name string) string {
	if r, ok := aliases[strings.ToLower(name)]; ok {
		return r
	}
	return name
}

// IsValid reports whether name is a known provider.
func IsValid(name string) bool {
	_, ok := known[Resolve(name)]
	return ok
}

// Sessions is a store the server writes while it runs.
type Sessions struct{ open map[string]bool }

// Open records a session.
func (s *Sessions) Open(id string) { s.open[id] = true }

// Exists reports whether a session is open: a lookup in run-time state,
// not a check of the argument.
func (s *Sessions) Exists(id string) bool { return s.open[id] }
