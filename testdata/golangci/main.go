// Command custom-gcl is golangci-lint v2 with the mcperrlint module plugin
// built in: what `golangci-lint custom` builds from the repository's
// .custom-gcl.yml, without cloning golangci-lint. The end-to-end tests in
// analyzer/golangci build and run it.
package main

import (
	"fmt"
	"os"
	"runtime/debug"
	"strings"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	// The plugin registers itself, as the blank import golangci-lint
	// custom writes into cmd/golangci-lint/plugins.go does.
	_ "github.com/mcperrlint/mcperrlint/analyzer/golangci"
)

func main() {
	if err := commands.Execute(buildInfo()); err != nil {
		_, _ = fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}

// buildInfo reports golangci-lint's own module version, as golangci-lint's
// cmd/golangci-lint does for a go install of it: this main module has none.
func buildInfo() commands.BuildInfo {
	info := commands.BuildInfo{Version: "unknown", Commit: "?", Date: "(unknown)", GoVersion: "unknown"}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return info
	}
	info.GoVersion = bi.GoVersion
	for _, dep := range bi.Deps {
		if dep.Path == "github.com/golangci/golangci-lint/v2" {
			info.Version = strings.TrimPrefix(dep.Version, "v")
			info.Commit = fmt.Sprintf("(mcperrlint plugin test build, mod sum: %q)", dep.Sum)
		}
	}
	return info
}
