// Command mcperrlint reports MCP tool handlers that return argument errors
// as JSON-RPC protocol errors, which the language model never sees.
//
// Usage:
//
//	mcperrlint [-fix] [-diff] [-json] [-test] packages...
//	go vet -vettool=$(which mcperrlint) packages...
//	mcperrlint lsp [flags]    # a language server for editors' quick fixes
package main

import (
	"os"
	"runtime/debug"

	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/mcperrlint/mcperrlint/analyzer"
	"github.com/mcperrlint/mcperrlint/cmd/mcperrlint/internal/lsp"
)

func main() {
	// A subcommand, checked before singlechecker sees the arguments:
	// go vet never passes "lsp", and a package directory of that name
	// can still be linted as ./lsp.
	if len(os.Args) > 1 && os.Args[1] == "lsp" {
		os.Exit(lsp.Main(os.Args[2:], analyzer.Analyzer, version(), os.Stdin, os.Stdout, os.Stderr))
	}
	singlechecker.Main(analyzer.Analyzer)
}

func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		return bi.Main.Version
	}
	return ""
}
