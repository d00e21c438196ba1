package summaries_test

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/config"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
	"github.com/mcperrlint/mcperrlint/passes/paths"
	"github.com/mcperrlint/mcperrlint/passes/scope"
	"github.com/mcperrlint/mcperrlint/passes/summaries"
)

// newSummaries returns the summaries pass with the passes it requires,
// all of the default configuration.
func newSummaries() *analysis.Analyzer {
	sc := scope.New(&config.Functions{}, sdk.Default)
	hs := handlers.New(sc, sdk.Default)
	return summaries.New(sc, paths.New(sc, hs, sdk.Default), sdk.Default)
}
