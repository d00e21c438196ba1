package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mcperrlint/mcperrlint/scripts/gen"
)

// A config says what one differential sequence does.
type config struct {
	bin   string    // the mcperrlint command
	dir   string    // an empty directory: the module and the cache go there
	seed  uint64    // the sequence's seed: the same seed, the same steps
	steps int       // how many steps
	log   io.Writer // where each step is told; nil for nowhere
}

// A tally counts what a sequence did.
type tally struct {
	steps, checks, runs int
	ops                 map[string]int
}

// taggedFile is the file the -tags environment step brings into the
// build: a handler package's file that reports.
const taggedFile = "tools/t0000/tagged.go"

const taggedSource = `//go:build difftag

package t0000

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Tagged is built only with -tags=difftag.
func Tagged(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct{ N int }
	if err := json.Unmarshal(req.Params.Arguments, &args); err != nil {
		return nil, err
	}
	return nil, nil
}
`

// flagSets are the analyzer's and the driver's flags a step may switch
// to; every run of a state uses them, with the cache and without.
var flagSets = [][]string{
	nil,
	{"-json"},
	{"-tool-errors"},
	{"-unflagged-errors=false"},
	{"-test=false"},
	{"-c=1"},
	{"-format=sarif"},
}

// envSets are the environments a step may switch to.
var envSets = [][]string{
	nil,
	{"GOFLAGS=-mod=readonly -tags=difftag"},
	{"CGO_ENABLED=0"},
}

// A sequencer runs one sequence.
type sequencer struct {
	config
	rng      *rand.Rand
	module   string
	cache    string
	files    []string            // the Go files steps edit, relative to module
	history  map[string][]string // each file's contents so far, first the generated
	flags    []string
	env      []string
	want     map[string]answer // the answer without the cache, by state
	tally    tally
	editions int
}

// An answer is what one run printed and its exit code.
type answer struct {
	stdout, stderr string
	code           int
}

func (a answer) String() string {
	return fmt.Sprintf("exit %d\nstdout:\n%s\nstderr:\n%s", a.code, a.stdout, a.stderr)
}

// runSequence runs cfg's sequence: after every step, the run with the
// cache must answer what the run without it answers.
func runSequence(cfg config) (tally, error) {
	s := &sequencer{
		config:  cfg,
		rng:     rand.New(rand.NewPCG(cfg.seed, 0x6d63706572726c69)),
		module:  filepath.Join(cfg.dir, "module"),
		cache:   filepath.Join(cfg.dir, "cache"),
		history: make(map[string][]string),
		want:    make(map[string]answer),
		tally:   tally{ops: make(map[string]int)},
	}
	if s.log == nil {
		s.log = io.Discard
	}
	// Both SDKs: the generator alternates them by package.
	if _, err := gen.Write(s.module, gen.Config{Handlers: 12, PerPackage: 3, PerFile: 3}); err != nil {
		return s.tally, err
	}
	err := filepath.WalkDir(s.module, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			rel, _ := filepath.Rel(s.module, path)
			s.files = append(s.files, rel)
		}
		return err
	})
	if err != nil {
		return s.tally, err
	}
	slices.Sort(s.files)
	for _, f := range s.files {
		s.history[f] = []string{s.read(f)}
	}
	if err := s.check("start"); err != nil {
		return s.tally, err
	}
	ops := []struct {
		name   string
		weight int
		do     func() error
	}{
		{"edit", 5, func() error { s.edit(); return nil }},
		{"revert", 3, func() error { s.revert(); return nil }},
		{"save during a run", 3, s.saveDuringRun},
		{"flags", 1, func() error { s.flags = flagSets[s.rng.IntN(len(flagSets))]; return nil }},
		{"environment", 1, func() error { s.env = envSets[s.rng.IntN(len(envSets))]; return nil }},
		{"damage", 2, s.damage},
		{"concurrent runs", 1, s.concurrentRuns},
	}
	total := 0
	for _, op := range ops {
		total += op.weight
	}
	// The first steps take each kind once, in a random order, so that
	// a short sequence has them all; then kinds are drawn by weight.
	first := s.rng.Perm(len(ops))
	for step := 1; step <= s.steps; step++ {
		op := ops[0]
		if step <= len(first) {
			op = ops[first[step-1]]
		} else {
			n := s.rng.IntN(total)
			for _, o := range ops {
				if n -= o.weight; n < 0 {
					op = o
					break
				}
			}
		}
		s.tally.ops[op.name]++
		if err := op.do(); err != nil {
			return s.tally, fmt.Errorf("step %d (%s): %v", step, op.name, err)
		}
		if err := s.check(fmt.Sprintf("step %d (%s)", step, op.name)); err != nil {
			return s.tally, err
		}
		s.tally.steps++
	}
	return s.tally, nil
}

func (s *sequencer) read(name string) string {
	data, _ := os.ReadFile(filepath.Join(s.module, name))
	return string(data)
}

func (s *sequencer) write(name, content string) {
	path := filepath.Join(s.module, name)
	os.MkdirAll(filepath.Dir(path), 0o755)
	os.WriteFile(path, []byte(content), 0o644)
	if h := s.history[name]; len(h) == 0 || h[len(h)-1] != content {
		s.history[name] = append(h, content)
	}
}

// edit changes one file in one of the ways code changes: a report fixed
// or broken, the package broken, every position shifted, a comment, the
// tagged file added or removed; in a handler package, or below them all.
func (s *sequencer) edit() {
	s.editions++
	name := s.files[s.rng.IntN(len(s.files))]
	src := s.read(name)
	lines := strings.Split(src, "\n")
	var reported []int // lines with a return the analyzer reports
	for i, l := range lines {
		if strings.Contains(l, "// want") && strings.Contains(l, "return nil, ") {
			reported = append(reported, i)
		}
	}
	switch k := s.rng.IntN(6); {
	case k == 0 && len(reported) > 0: // a report fixed
		i := reported[s.rng.IntN(len(reported))]
		indent := lines[i][:len(lines[i])-len(strings.TrimLeft(lines[i], "\t"))]
		lines[i] = indent + "return nil, nil"
		src = strings.Join(lines, "\n")
	case k == 1: // the package broken
		src += fmt.Sprintf("\nvar _ int = \"broken %d\"\n", s.editions)
	case k == 2: // every position below the package clause shifted
		src = strings.Replace(src, "\nimport", fmt.Sprintf("\n// shifted %d\n\nimport", s.editions), 1)
	case k == 3: // a report broken again: a validated value returned as an error
		src = strings.Replace(src, "return errorResult(\"name is required\"), nil", "return nil, errors.New(\"name is required\")", 1)
	case k == 4: // the tagged file comes or goes
		if _, err := os.Stat(filepath.Join(s.module, taggedFile)); err == nil {
			os.Remove(filepath.Join(s.module, taggedFile))
		} else {
			s.write(taggedFile, taggedSource)
		}
		return
	default: // a comment
		src += fmt.Sprintf("\n// edit %d\n", s.editions)
	}
	s.write(name, src)
}

// revert puts a file back as it was at some earlier point.
func (s *sequencer) revert() {
	name := s.files[s.rng.IntN(len(s.files))]
	h := s.history[name]
	s.write(name, h[s.rng.IntN(len(h))])
}

// saveDuringRun starts a run with the cache and edits or reverts a file
// while it runs, at a random moment; the run's own answer is for
// whichever contents it read, and is not checked, but what it keeps must
// not make a later run wrong.
func (s *sequencer) saveDuringRun() error {
	delay := time.Duration(s.rng.IntN(1500)) * time.Millisecond
	revert := s.rng.IntN(2) == 0
	done := make(chan error, 1)
	go func() {
		_, err := s.lint(s.cache)
		done <- err
	}()
	time.Sleep(delay)
	if revert {
		s.revert()
	} else {
		s.edit()
	}
	return <-done
}

// damage damages an entry of the cache: a flipped bit, a truncation, or
// zeros.
func (s *sequencer) damage() error {
	entries, _ := filepath.Glob(filepath.Join(s.cache, "*", "*-v"))
	if len(entries) == 0 {
		return nil
	}
	name := entries[s.rng.IntN(len(entries))]
	data, err := os.ReadFile(name)
	if err != nil || len(data) == 0 {
		return nil // replaced meanwhile
	}
	switch s.rng.IntN(3) {
	case 0:
		i := s.rng.IntN(len(data) * 8)
		data[i/8] ^= 1 << (i % 8)
	case 1:
		data = data[:s.rng.IntN(len(data))]
	default:
		clear(data)
	}
	return os.WriteFile(name, data, 0o644)
}

// concurrentRuns runs two to four runs with the cache at once: each must
// answer what the run without it answers.
func (s *sequencer) concurrentRuns() error {
	want, err := s.reference()
	if err != nil {
		return err
	}
	n := 2 + s.rng.IntN(3)
	got := make([]answer, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { got[i], errs[i] = s.lint(s.cache) })
	}
	wg.Wait()
	for i := range n {
		if errs[i] != nil {
			return errs[i]
		}
		if got[i] != want {
			return fmt.Errorf("concurrent run %d of %d with the cache, unlike without it:\n%s", i+1, n, difference(got[i], want))
		}
	}
	return nil
}

// check runs the command with the cache and compares its answer with
// that of a run without it, in the state the step left.
func (s *sequencer) check(step string) error {
	s.tally.checks++
	want, err := s.reference()
	if err != nil {
		return err
	}
	got, err := s.lint(s.cache)
	if err != nil {
		return err
	}
	fmt.Fprintf(s.log, "%s: flags %q env %q: exit %d, %d bytes\n", step, s.flags, s.env, got.code, len(got.stdout)+len(got.stderr))
	if got != want {
		return fmt.Errorf("%s: flags %q env %q: with the cache, unlike without it:\n%s", step, s.flags, s.env, difference(got, want))
	}
	return nil
}

// reference returns the answer without the cache in the current state,
// computed once per state.
func (s *sequencer) reference() (answer, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%q %q\n", s.flags, s.env)
	filepath.WalkDir(s.module, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := os.ReadFile(path)
			fmt.Fprintf(h, "%s %x\n", path, sha256.Sum256(data))
		}
		return nil
	})
	state := hex.EncodeToString(h.Sum(nil))
	if a, ok := s.want[state]; ok {
		return a, nil
	}
	a, err := s.lint("off")
	if err == nil {
		s.want[state] = a
	}
	return a, err
}

// lint runs the command on the module with the cache in cache ("off":
// none), the current flags and environment.
func (s *sequencer) lint(cache string) (answer, error) {
	s.tally.runs++
	cmd := exec.Command(s.bin, append(slices.Clone(s.flags), "./...")...)
	cmd.Dir = s.module
	cmd.Env = append(os.Environ(), "MCPERRLINT_CACHE="+cache, "GOFLAGS=-mod=readonly", "GOWORK=off")
	cmd.Env = append(cmd.Env, s.env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if err != nil {
		exit, ok := err.(*exec.ExitError)
		if !ok {
			return answer{}, err
		}
		code = exit.ExitCode()
	}
	return answer{stdout.String(), stderr.String(), code}, nil
}

// difference says how got differs from want: the exit codes, and the
// lines of each output from the first that differs, a few of each.
func difference(got, want answer) string {
	var b strings.Builder
	if got.code != want.code {
		fmt.Fprintf(&b, "exit %d, want %d\n", got.code, want.code)
	}
	for _, out := range []struct{ name, got, want string }{{"stdout", got.stdout, want.stdout}, {"stderr", got.stderr, want.stderr}} {
		g, w := strings.Split(out.got, "\n"), strings.Split(out.want, "\n")
		i := 0
		for i < len(g) && i < len(w) && g[i] == w[i] {
			i++
		}
		if i == len(g) && i == len(w) {
			continue
		}
		fmt.Fprintf(&b, "%s from line %d:\n", out.name, i+1)
		for _, side := range []struct {
			sign  string
			lines []string
		}{{"-", w}, {"+", g}} {
			for j := max(0, i-3); j < min(len(side.lines), i+8); j++ {
				fmt.Fprintf(&b, "%s %s\n", side.sign, side.lines[j])
			}
		}
	}
	return b.String()
}
