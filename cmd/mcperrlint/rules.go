package main

import (
	"github.com/mcperrlint/mcperrlint/analyzer"
)

// ruleFor returns the category of report whose ID is category.
func ruleFor(category string) analyzer.Category { return analyzer.CategoryOf(category) }

// helpURI is the documentation of a category: its section of the
// categories page, as the analyzer's diagnostics link it.
func helpURI(category string) string {
	return analyzer.URL + "#" + category
}
