// Package scope_fixed holds package-level maps, some of which nothing
// writes after the package initializes: the scope pass exports a fact of
// those that are exported, for lookups in other packages.
package scope_fixed

import "github.com/mark3labs/mcp-go/mcp"

// Levels is written only by its initializer.
var Levels = map[string]int{"low": 1, "high": 2} // want Levels:"fixed map"

// Counts is written by a function: its keys are no fixed set.
var Counts = map[string]int{}

// units is fixed, but no other package can name it: no fact.
var units = map[string]bool{"s": true}

// Count writes Counts.
func Count(name string) { Counts[name]++ }

// Unit reads units.
func Unit(u string) bool { return units[u] }

// Result makes the package one that sees an SDK.
func Result() *mcp.CallToolResult { return mcp.NewToolResultText("") }
