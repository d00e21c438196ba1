package main

import (
	"os"
	"testing"

	"github.com/mcperrlint/mcperrlint/internal/testbin"
)

// TestShortSequences runs the differential test of the result cache on a
// short seed set, within the suite's budget; the script runs the long
// sequences.
func TestShortSequences(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command on the real SDKs")
	}
	bin := testbin.Mcperrlint(t)
	for _, seed := range []uint64{1, 2} {
		tally, err := runSequence(config{bin: bin, dir: t.TempDir(), seed: seed, steps: 7})
		if err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
		t.Logf("seed %d: %d steps, %d checks, %d runs; %v", seed, tally.steps, tally.checks, tally.runs, tally.ops)
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	testbin.Cleanup()
	os.Exit(code)
}
