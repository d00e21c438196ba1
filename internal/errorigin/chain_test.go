package errorigin_test

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/internal/errorigin"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/config"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
	"github.com/mcperrlint/mcperrlint/passes/scope"
)

// newOrigins returns the errorigin pass with the passes it requires, all
// of the default configuration.
func newOrigins() *analysis.Analyzer {
	sc := scope.New(&config.Functions{}, sdk.Default)
	return errorigin.New(sc, handlers.New(sc, sdk.Default), sdk.Default)
}
