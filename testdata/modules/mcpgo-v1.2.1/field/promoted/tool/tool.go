// Package tool registers a tool that declares no methods: it promotes
// both of the registry's from embedded types of other packages, and only
// base's Execute has a summary.
package tool

import (
	"example.com/mcpgo121/field/promoted/base"
	"example.com/mcpgo121/field/promoted/desc"
	"example.com/mcpgo121/field/registry/tools"
)

func init() { tools.Register(Counter{Named: desc.Named{Name: "counter"}}) }

// Counter counts.
type Counter struct {
	base.Checked
	desc.Named
}
