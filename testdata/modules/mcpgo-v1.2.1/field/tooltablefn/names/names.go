// Package names reads the tools of tooltablefn for their names only.
package names

import "example.com/mcpgo121/field/tooltablefn"

// All returns the names of the tools.
func All() []string {
	var out []string
	for _, t := range tooltablefn.Tools() {
		out = append(out, t.Definition.Name)
	}
	return out
}
