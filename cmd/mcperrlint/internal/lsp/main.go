package lsp

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"golang.org/x/tools/go/analysis"
)

// Main runs `mcperrlint lsp [flags]` on stdin and stdout: it takes the
// analyzer's own flags (so an editor can pass -tool-errors and the like)
// and -debounce, and returns the exit code. level gives each category's
// severity, as Options.Level.
func Main(args []string, a *analysis.Analyzer, version string, level func(category string) string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mcperrlint lsp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	debounce := fs.Duration("debounce", 0, "wait this long after the last open or save of a package's file before analyzing it (default: at once)")
	a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, f.Name, f.Usage) })
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: mcperrlint lsp [flags]\n\n"+
			"Serves mcperrlint's diagnostics and quick fixes to an editor over the\n"+
			"Language Server Protocol, on stdin and stdout.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "mcperrlint lsp: unexpected arguments %q: the server analyzes the files the editor opens\n", fs.Args())
		return 2
	}
	return Serve(stdin, stdout, Options{Analyzer: a, Debounce: *debounce, Version: version, Level: level, Log: stderr})
}
