// Package stages builds the stage passes of mcperrlint's pipeline, with
// the default configuration, chained the way package analyzer chains
// them: what the tests of the passes require, in one place.
package stages

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/internal/knowledge/config"
	"github.com/mcperrlint/mcperrlint/internal/knowledge/sdk"
	"github.com/mcperrlint/mcperrlint/passes/handlers"
	"github.com/mcperrlint/mcperrlint/passes/paths"
	"github.com/mcperrlint/mcperrlint/passes/scope"
	"github.com/mcperrlint/mcperrlint/passes/seeds"
	"github.com/mcperrlint/mcperrlint/passes/servers"
	"github.com/mcperrlint/mcperrlint/passes/summaries"
)

// Stages are the passes the checks require, each requiring the ones
// before it as the pipeline does.
type Stages struct {
	Scope, Handlers, Paths, Servers, Summaries, Seeds *analysis.Analyzer
}

// New returns the stages, new analyzers each time.
func New() Stages {
	var s Stages
	s.Scope = scope.New(&config.Functions{}, sdk.Default)
	s.Handlers = handlers.New(s.Scope, sdk.Default)
	s.Paths = paths.New(s.Scope, s.Handlers, sdk.Default)
	s.Servers = servers.New(s.Scope, s.Paths)
	s.Summaries = summaries.New(s.Scope, s.Paths, sdk.Default)
	s.Seeds = seeds.New(s.Handlers, s.Summaries)
	return s
}
