// Package dto holds the fixed tables the tools check arguments against.
package dto

// AllowedScopeLevels are the scope levels a principal filter may name.
var AllowedScopeLevels = map[string]bool{"account": true, "org": true, "project": true}

// Kinds is filled once, at initialization.
var Kinds = map[string]int{}

func init() {
	Kinds["user"] = 1
	Kinds["group"] = 2
}

// Seen is written at run time: a lookup there is no argument check.
var Seen = map[string]bool{}

// Remember records a name.
func Remember(name string) { Seen[name] = true }
