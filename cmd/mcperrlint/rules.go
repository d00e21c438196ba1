package main

import "github.com/mcperrlint/mcperrlint/internal/knowledge/category"

// ruleFor returns the category of report whose ID is id.
func ruleFor(id string) category.Info { return category.InfoOf(id) }

// helpURI is the documentation of a category: its section of the
// categories page, as the analyzer's diagnostics link it.
func helpURI(id string) string { return category.DocURL(id) }
