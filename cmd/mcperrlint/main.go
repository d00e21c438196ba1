// Command mcperrlint reports MCP tool handlers that return argument errors
// as JSON-RPC protocol errors, which the language model never sees.
//
// Usage:
//
//	mcperrlint [-fix] [-diff] [-format=text|json|sarif|github] [-test] packages...
//	go vet -vettool=$(which mcperrlint) packages...
//	mcperrlint lsp [flags]    # a language server for editors' quick fixes
//	mcperrlint version        # or -version
//	mcperrlint help
package main

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/mcperrlint/mcperrlint/analyzer"
	"github.com/mcperrlint/mcperrlint/cmd/mcperrlint/internal/lsp"
)

func main() {
	args := os.Args[1:]
	switch {
	// Subcommands come first: go vet never passes them, and a package
	// directory of the same name can still be linted as ./lsp.
	case len(args) > 0 && args[0] == "lsp":
		os.Exit(lsp.Main(args[1:], analyzer.Analyzer, version(), func(c string) string { return ruleFor(c).Level }, os.Stdin, os.Stdout, os.Stderr))
	case len(args) > 0 && args[0] == "version":
		fmt.Fprintln(os.Stdout, "mcperrlint version "+version())
		os.Exit(exitOK)
	case len(args) > 0 && args[0] == "help":
		usage(os.Stdout, analyzer.Analyzer)
		os.Exit(exitOK)
	case invokedByGoCommand(args):
		// go vet -vettool and go fix -fixtool run the tool once per
		// package with a JSON config, after asking it for its flags;
		// x/tools' unitchecker speaks that protocol.
		singlechecker.Main(analyzer.Analyzer)
	}
	d := &driver{a: analyzer.Analyzer, stdout: os.Stdout, stderr: os.Stderr}
	os.Exit(d.run(args))
}

// invokedByGoCommand reports whether the go command runs the tool: with a
// package's .cfg file, or asking for its flags.
func invokedByGoCommand(args []string) bool {
	if len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg") {
		return true
	}
	for _, a := range args {
		if a == "-flags" || a == "--flags" {
			return true
		}
	}
	return false
}

// usage prints the command's help.
func usage(w io.Writer, a *analysis.Analyzer) {
	first, _, _ := strings.Cut(a.Doc, "\n\n")
	fmt.Fprintf(w, `mcperrlint: %s

Usage:
  mcperrlint [flags] packages...         lint packages (go list patterns: ./...)
  mcperrlint -fix [-diff] packages...    apply the suggested fixes (-diff: print them)
  mcperrlint -format=sarif packages...   print SARIF for code scanning (github: Actions annotations)
  mcperrlint lsp [flags]                 run a language server for editors' quick fixes
  mcperrlint version                     print the version (also -version)
  mcperrlint help                        print this help
  go vet -vettool=$(which mcperrlint) packages...
  go fix -fixtool=$(which mcperrlint) packages...

Exit status: 0 when nothing is reported, 3 when something is (with
-format=json, 0 as for go vet -json), 1 when a package could not be loaded
or checked, 2 for a usage error.

Flags:
`, first)
	var o options
	fs := newFlagSet(a, &o)
	fs.SetOutput(w)
	fs.PrintDefaults()
	fmt.Fprintf(w, "\nEach category of report is explained, with a bad and a fixed example, at\n%s\n", a.URL)
}

// moduleVersion is the version of the module the binary was built from:
// what go install ...@version stamps, or for a build in a clone, the
// pseudo-version of its commit.
func moduleVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	return bi.Main.Version
}

// version is what -version, the version command, the language server and
// SARIF's tool.driver say: the module version (v1.2.3 for go install
// ...@v1.2.3, a pseudo-version for a build stamped from a clone's
// commit), else "(devel)", as the go command says of an unstamped
// build.
func version() string {
	if v := moduleVersion(); v != "" {
		return v
	}
	return "(devel)"
}

// printVersion handles -V. go vet runs -V=full to key its cache of results
// on the tool: the line must end in a build ID that changes whenever the
// executable does, whatever its version says.
func printVersion(w io.Writer, mode string) int {
	version := moduleVersion()
	if version == "" || version == "(devel)" {
		version = "devel"
	}
	line := "mcperrlint version " + version
	if bi, ok := debug.ReadBuildInfo(); ok {
		var rev, modified string
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
		if rev != "" {
			line += " vcs.revision=" + rev
			if modified == "true" {
				line += " vcs.modified=true"
			}
		}
		line += " " + bi.GoVersion
	}
	switch mode {
	case "full":
		id, err := executableHash()
		if err != nil {
			fmt.Fprintf(os.Stderr, "mcperrlint: %v\n", err)
			return exitFailed
		}
		line += " buildID=" + id
	case "true", "short":
	default:
		fmt.Fprintf(os.Stderr, "mcperrlint: -V=%s: want -V or -V=full\n", mode)
		return exitUsage
	}
	fmt.Fprintln(w, line)
	return exitOK
}

func executableHash() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return fmt.Sprintf("%x", h.Sum(nil)), nil
}
