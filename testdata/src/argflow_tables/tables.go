// Package argflow_tables holds package-level maps that the argflow test
// tells fixed, or not, in this package: FixedModes is, Modes is not.
package argflow_tables

var FixedModes = map[string]bool{"fast": true}

var Modes = map[string]bool{"fast": true}
