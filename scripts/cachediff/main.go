// Command cachediff is the differential test of the standalone command's
// result cache: seeded random sequences of steps over a generated module
// of both SDKs (edits above and below the handlers, files saved during
// runs, reverts, flag and environment changes, damaged entries,
// concurrent runs), after each of which the command with the cache must
// answer exactly what it answers without it (MCPERRLINT_CACHE=off):
//
//	go run ./scripts/cachediff -seeds 3 -steps 200
//
// It builds the command from this checkout, and prints for each sequence
// its steps, checks and runs. go test runs a short seed set
// (TestShortSequences). With -lsp-steps, it then runs the language
// server's differential test, TestKeptGraphDifferential, as long: after
// every edit, the server's kept graph must publish what a new load
// publishes.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("cachediff: ")
	seeds := flag.Int("seeds", 3, "number of sequences, seeded 1 to `n`")
	first := flag.Uint64("seed", 1, "the first sequence's seed")
	steps := flag.Int("steps", 200, "steps per sequence")
	verbose := flag.Bool("v", false, "print every step")
	lspSteps := flag.Int("lsp-steps", 0, "steps per sequence of the language server's differential test (0: not run)")
	flag.Parse()

	work, err := os.MkdirTemp("", "cachediff-")
	if err != nil {
		log.Fatal(err)
	}
	bin := filepath.Join(work, "mcperrlint")
	build := exec.Command("go", "build", "-o", bin, "github.com/mcperrlint/mcperrlint/cmd/mcperrlint")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		log.Fatal(err)
	}
	var total tally
	failed := false
	for seed := *first; seed < *first+uint64(*seeds); seed++ {
		dir := filepath.Join(work, fmt.Sprint(seed))
		cfg := config{bin: bin, dir: dir, seed: seed, steps: *steps}
		if *verbose {
			cfg.log = os.Stdout
		}
		start := time.Now()
		t, err := runSequence(cfg)
		fmt.Printf("seed %d: %d steps, %d checks, %d runs in %v; steps by kind: %v\n", seed, t.steps, t.checks, t.runs, time.Since(start).Round(time.Second), t.ops)
		if err != nil {
			fmt.Printf("seed %d FAILED: %v\n", seed, err)
			failed = true
		}
		total.steps += t.steps
		total.checks += t.checks
		total.runs += t.runs
	}
	fmt.Printf("total: %d sequences, %d steps, %d checks (cached answer == answer without the cache), %d runs\n", *seeds, total.steps, total.checks, total.runs)
	if *lspSteps > 0 {
		test := exec.Command("go", "test", "-count=1", "-timeout=0", "-run=^TestKeptGraphDifferential$", "-v",
			"github.com/mcperrlint/mcperrlint/cmd/mcperrlint/internal/lsp",
			"-args", fmt.Sprintf("-lspdiff.seeds=%d", *seeds), fmt.Sprintf("-lspdiff.steps=%d", *lspSteps))
		test.Stdout, test.Stderr = os.Stdout, os.Stderr
		if err := test.Run(); err != nil {
			fmt.Printf("language server: FAILED: %v\n", err)
			failed = true
		}
	}
	if failed {
		fmt.Printf("the modules and caches of the sequences are in %s\n", work)
		os.Exit(1)
	}
	os.RemoveAll(work)
}
