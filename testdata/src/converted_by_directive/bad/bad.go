// Package bad has a converted-by directive that names no package.
package bad

/* want `mcperrlint:converted-by directive names no import path` */ //mcperrlint:converted-by
