// Command mcperrlint reports MCP tool handlers that return argument errors
// as JSON-RPC protocol errors, which the language model never sees.
//
// Usage:
//
//	mcperrlint [-fix] [-diff] [-json] [-test] packages...
//	go vet -vettool=$(which mcperrlint) packages...
package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/mcperrlint/mcperrlint/analyzer"
)

func main() { singlechecker.Main(analyzer.Analyzer) }
