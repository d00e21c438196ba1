package main

import (
	"bytes"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// measure runs the warm-up round and the timed rounds.
func measure(t *target, commands []command) map[string][]sample {
	fmt.Printf("%s: %s\n", t.name, t.desc)
	nonce := int(time.Now().UnixNano() % 1e9)
	for _, c := range commands {
		nonce++
		s, code, stderr := timed(t.dir, c.env, c.args(t.pattern, nonce))
		if !slices.Contains(c.okExit, code) {
			log.Fatalf("%s in %s: exit status %d\n%s", c.name, t.dir, code, stderr)
		}
		if *verbose {
			fmt.Printf("  warm-up %-10s %6.2fs %6.2fs CPU %7d KB exit %d\n", c.name, s.wall.Seconds(), s.cpu, s.rssKB, code)
		}
	}
	samples := make(map[string][]sample)
	start := time.Now()
	for r := 0; r < *runs || time.Since(start) < *minTime; r++ {
		for i := range commands {
			c := commands[(i+r)%len(commands)]
			nonce++
			s, code, stderr := timed(t.dir, c.env, c.args(t.pattern, nonce))
			if !slices.Contains(c.okExit, code) {
				log.Fatalf("%s in %s: exit status %d\n%s", c.name, t.dir, code, stderr)
			}
			if *verbose {
				fmt.Printf("  round %d %-10s %6.2fs %6.2fs CPU %7d KB\n", r+1, c.name, s.wall.Seconds(), s.cpu, s.rssKB)
			}
			samples[c.name] = append(samples[c.name], s)
		}
	}
	return samples
}

// timed runs args in dir under /usr/bin/time and returns its wall time
// and peak RSS, its exit status and the tail of its stderr.
func timed(dir string, env, args []string) (sample, int, string) {
	rusage := filepath.Join(os.TempDir(), fmt.Sprintf("mcperrlint-bench-%d.time", os.Getpid()))
	defer os.Remove(rusage)
	cmd := exec.Command("/usr/bin/time", append([]string{"-f", "%U %S %M", "-o", rusage}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(offline(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	code := 0
	if exit, ok := err.(*exec.ExitError); ok {
		code = exit.ExitCode()
	} else if err != nil {
		log.Fatalf("%v: %v", args, err)
	}
	data, err := os.ReadFile(rusage)
	check(err)
	// time(1) writes "Command exited with non-zero status N" first.
	f := strings.Fields(string(data))
	if len(f) < 3 {
		log.Fatalf("%v: cannot parse /usr/bin/time output %q", args, data)
	}
	user, err1 := strconv.ParseFloat(f[len(f)-3], 64)
	sys, err2 := strconv.ParseFloat(f[len(f)-2], 64)
	kb, err3 := strconv.ParseInt(f[len(f)-1], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil {
		log.Fatalf("%v: cannot parse /usr/bin/time output %q", args, data)
	}
	tail := stderr.String()
	if len(tail) > 2000 {
		tail = "..." + tail[len(tail)-2000:]
	}
	return sample{wall, user + sys, kb}, code, tail
}
