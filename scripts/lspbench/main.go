// Command lspbench measures how long an editor waits for mcperrlint's
// diagnostics after saving a file:
//
//	go run ./scripts/lspbench ~/src/github-mcp-server/pkg/github/issues.go
//	go run ./scripts/lspbench -saves 20 -markdown FILE.go...
//
// For each file it starts `mcperrlint lsp` and speaks to it over stdio as
// an editor does: initialize, initialized, didOpen of the file, and the
// time until the server publishes the file's diagnostics. Then -saves
// times: it changes the file (a trailing `// lspbench N` line, different
// each time), sends didChange, writes the file, sends didSave, and times
// from didSave to the file's next diagnostics. A server given a
// -debounce waits that long before it analyzes, and that wait is part of
// what the editor sees, so it is part of the time. The file is restored at the
// end, also after an error or an interrupt.
//
// It prints the time to the first diagnostics, the median, 90th
// percentile and maximum save latency, and the server's resident memory
// (VmRSS, and its peak so far, VmHWM, from /proc) after the open and
// after saves 1, 10 and the last, to show whether memory stays flat over
// the saves. The server's go list subprocesses are not counted.
// scripts/bench -lsp-file runs the same measurement in its report.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/mcperrlint/mcperrlint/scripts/internal/lspbench"
)

var (
	saves    = flag.Int("saves", 50, "timed saves per file")
	server   = flag.String("server", "", "the mcperrlint `binary` to run as the server (default: build ./cmd/mcperrlint of this module)")
	debounce = flag.Duration("debounce", 0, "the server's -debounce (default: the server's default)")
	timeout  = flag.Duration("timeout", 5*time.Minute, "how long to wait for each analysis")
	markdown = flag.Bool("markdown", false, "also print the results as a Markdown table")
	verbose  = flag.Bool("v", false, "pass on the server's standard error and messages")
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("lspbench: ")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: lspbench [flags] file.go...\n\nFlags:\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}

	os.Exit(run())
}

func run() int {
	bin := *server
	if bin == "" {
		dir, err := os.MkdirTemp("", "lspbench-")
		if err != nil {
			log.Print(err)
			return 1
		}
		defer os.RemoveAll(dir)
		bin = filepath.Join(dir, "mcperrlint")
		cmd := exec.Command("go", "build", "-o", bin, "github.com/mcperrlint/mcperrlint/cmd/mcperrlint")
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			log.Printf("building mcperrlint (run lspbench inside the mcperrlint module, or give -server): %v", err)
			return 1
		}
	}
	args := []string{bin, "lsp"}
	if *debounce > 0 {
		args = append(args, "-debounce="+debounce.String())
	}

	// An interrupt ends the run; Run restores the file before it
	// returns.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()

	cfg := lspbench.Config{Server: args, Saves: *saves, Timeout: *timeout}
	if *verbose {
		cfg.Log = os.Stderr
	}
	fmt.Printf("editor save latency: mcperrlint %s, %d saves per file, debounce %s\n", strings.Join(args[1:], " "), *saves, debounceText(*debounce))
	var rows []string
	failed := false
	for _, file := range flag.Args() {
		cfg.File = file
		res, err := lspbench.Run(ctx, cfg)
		if err != nil {
			log.Printf("%s: %v", file, err)
			failed = true
			if ctx.Err() != nil {
				break
			}
			continue
		}
		res.Print(os.Stdout)
		rows = append(rows, res.MarkdownRow())
	}
	if *markdown && len(rows) > 0 {
		fmt.Println()
		fmt.Println(lspbench.MarkdownHeader(*saves))
		for _, row := range rows {
			fmt.Println(row)
		}
	}
	if failed {
		return 1
	}
	return 0
}

func debounceText(d time.Duration) string {
	if d > 0 {
		return d.String()
	}
	return "the server's default"
}
