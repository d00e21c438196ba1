// Command genmod writes a synthetic MCP server module for mcperrlint's
// benchmarks (see package gen):
//
//	go run ./scripts/gen/genmod -handlers 10000 -o /tmp/mcpbench
//	cd /tmp/mcpbench && go mod download && mcperrlint ./...
//
// It prints what the module holds and how many diagnostics mcperrlint
// must report there.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"slices"
	"strings"

	"github.com/mcperrlint/mcperrlint/scripts/gen"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("genmod: ")
	var cfg gen.Config
	out := flag.String("o", "", "output `directory` (created if needed)")
	flag.IntVar(&cfg.Handlers, "handlers", 1000, "number of tool handlers")
	flag.IntVar(&cfg.PerPackage, "per-package", gen.DefaultPerPackage, "handlers per package")
	flag.IntVar(&cfg.PerFile, "per-file", gen.DefaultPerFile, "handlers per file")
	flag.StringVar(&cfg.Module, "module", gen.DefaultModule, "module path")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	sum, err := gen.Write(*out, cfg)
	if err != nil {
		log.Fatal(err)
	}
	var cats []string
	for cat, n := range sum.Want {
		cats = append(cats, fmt.Sprintf("%s %d", cat, n))
	}
	slices.Sort(cats)
	fmt.Printf("%s: %d handlers in %d packages, %d Go files; expected diagnostics: %d (%s)\n",
		*out, sum.Handlers, sum.Packages, sum.Files, sum.Total(), strings.Join(cats, ", "))
}
