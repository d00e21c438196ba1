// Command bench times whole runs of mcperrlint against floors measured in
// the same run, and prints the ratios:
//
//	go run ./scripts/bench                 # every target, 5 rounds
//	go run ./scripts/bench -runs 9 -targets gen,gosdk
//
// The commands, each run in the target module's directory:
//
//	nop          a do-nothing analyzer under singlechecker, the driver
//	             mcperrlint uses (scripts/floors/nop): the same load mode
//	             as mcperrlint while it declares no fact types
//	nopfacts     the same with a declared fact type (scripts/floors/nopfacts):
//	             the driver then loads every dependency from source, as it
//	             will for mcperrlint once it declares fact types
//	mcperrlint   mcperrlint ./...
//	go vet       plain go vet
//	vettool      go vet -vettool=mcperrlint
//
// The fair floor of mcperrlint is nop while mcperrlint declares no fact
// types and nopfacts once it does; bench finds out which from the
// analyzer itself and says so. The goals: mcperrlint adds at most 10%
// wall time and 20% peak memory over its fair floor, and the vettool path
// is no slower than plain go vet.
//
// The targets: a module of -handlers tool handlers written by scripts/gen
// (gen), the example servers of go-sdk v1.8.0 and mcp-go v1.2.1 (gosdk,
// mcpgo: ./examples/... of a copy of the module from the module cache),
// and golang.org/x/tools v0.52.0, which has no MCP code (nomcp).
//
// Each target gets one untimed warm-up round (which fills the build cache
// with the export data the drivers ask go list for), then -runs rounds.
// A round runs every command once, starting with a different one each
// round, so that drift in the machine's load spreads over all of them.
// Ratios are paired: the ratio of two commands in the same round, then
// the median and range of those over the rounds. CPU time (user + system,
// of the command and the processes it waits for) is reported beside wall
// time: on a shared machine it is the steadier of the two. Peak memory is the
// maximum resident set size of the largest process of a run (the driver
// itself, or for go vet the largest of go and its tools), from
// /usr/bin/time. go vet caches its results: each go vet run gets a
// different no-op flag value (-printf.funcs, -decode-funcs naming a
// function that does not exist), so every package is vetted again while
// compiled export data stays cached, as for the other commands.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mcperrlint/mcperrlint/analyzer"
	"github.com/mcperrlint/mcperrlint/internal/facts"
	"github.com/mcperrlint/mcperrlint/scripts/gen"
)

var (
	runs     = flag.Int("runs", 5, "timed rounds per target")
	targets  = flag.String("targets", "gen,gosdk,mcpgo,nomcp", "comma-separated targets: gen, gosdk, mcpgo, nomcp")
	handlers = flag.Int("handlers", 10000, "tool handlers in the generated module")
	nomcpPat = flag.String("nomcp-pattern", "./go/...", "packages of golang.org/x/tools to analyze for the nomcp target")
	workDir  = flag.String("work", "", "work `directory` (default: a new temporary directory, removed at exit)")
	markdown = flag.Bool("markdown", false, "also print the ratios as a Markdown table")
	verbose  = flag.Bool("v", false, "print each run")
)

// A command is one of the timed commands.
type command struct {
	name string
	// args returns the command line for a run; nonce differs per run.
	args func(pattern string, nonce int) []string
	// okExit lists the exit codes that mean the command worked.
	okExit []int
}

// A target is a module to run the commands in.
type target struct {
	name, desc, dir, pattern string
}

// A sample is one timed run.
type sample struct {
	wall  time.Duration
	cpu   float64 // user + system seconds, of the process and its children
	rssKB int64
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("bench: ")
	flag.Parse()

	root := repoRoot()
	work := *workDir
	if work == "" {
		var err error
		work, err = os.MkdirTemp("", "mcperrlint-bench-")
		check(err)
		defer os.RemoveAll(work)
	}
	bin := filepath.Join(work, "bin")
	for _, pkg := range []string{"cmd/mcperrlint", "scripts/floors/nop", "scripts/floors/nopfacts"} {
		run(root, nil, "go", "build", "-o", filepath.Join(bin, filepath.Base(pkg)), "./"+pkg)
	}
	mcperrlint := filepath.Join(bin, "mcperrlint")

	facts := facts.Needed(analyzer.Analyzer)
	fair := "nop"
	if facts {
		fair = "nopfacts"
	}

	commands := []command{
		{"nop", func(p string, _ int) []string { return []string{filepath.Join(bin, "nop"), p} }, []int{0}},
		{"nopfacts", func(p string, _ int) []string { return []string{filepath.Join(bin, "nopfacts"), p} }, []int{0}},
		{"mcperrlint", func(p string, _ int) []string { return []string{mcperrlint, p} }, []int{0, 3}},
		{"go vet", func(p string, n int) []string {
			return []string{"go", "vet", fmt.Sprintf("-printf.funcs=benchnonce%d", n), p}
		}, []int{0, 1}},
		{"vettool", func(p string, n int) []string {
			return []string{"go", "vet", "-vettool=" + mcperrlint, fmt.Sprintf("-decode-funcs=bench.invalid/nonce%d.F", n), p}
		}, []int{0, 1}},
	}

	fmt.Printf("mcperrlint benchmark, %s\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Printf("machine: %s\n", machine())
	fmt.Printf("load average at start: %s\n", loadavg())
	if facts {
		fmt.Println("mcperrlint declares fact types: its fair floor is nopfacts (the driver loads every dependency from source for both)")
	} else {
		fmt.Println("mcperrlint declares no fact types: its fair floor is nop (same driver, same load mode: packages from source, dependencies from export data)")
	}
	fmt.Printf("%d timed rounds per target after one warm-up round; values are median [min–max]\n\n", *runs)

	var tables []string
	for _, name := range strings.Split(*targets, ",") {
		t := prepare(strings.TrimSpace(name), work)
		samples := measure(t, commands)
		tables = append(tables, report(t, commands, samples, fair))
	}
	fmt.Printf("load average at end: %s\n", loadavg())
	if *markdown {
		fmt.Println()
		fmt.Println("| target | mcperrlint / " + fair + " wall | CPU | peak RSS | mcperrlint / " + other(fair) + " wall | CPU | peak RSS | vettool / go vet wall | CPU | peak RSS |")
		fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
		for _, row := range tables {
			fmt.Println(row)
		}
	}
}

func other(fair string) string {
	if fair == "nop" {
		return "nopfacts"
	}
	return "nop"
}

// prepare makes a target's module ready to analyze offline.
func prepare(name, work string) *target {
	var t *target
	switch name {
	case "gen":
		dir := filepath.Join(work, "gen")
		check(os.RemoveAll(dir))
		sum, err := gen.Write(dir, gen.Config{Handlers: *handlers})
		check(err)
		t = &target{name, fmt.Sprintf("generated module: %d handlers in %d packages (scripts/gen)", sum.Handlers, sum.Packages), dir, "./..."}
	case "gosdk":
		t = &target{name, "go-sdk v1.8.0 ./examples/...", copyModule("github.com/modelcontextprotocol/go-sdk@v1.8.0", work, name), "./examples/..."}
	case "mcpgo":
		t = &target{name, "mcp-go v1.2.1 ./examples/...", copyModule("github.com/mark3labs/mcp-go@v1.2.1", work, name), "./examples/..."}
	case "nomcp":
		t = &target{name, "golang.org/x/tools v0.52.0 " + *nomcpPat + " (no MCP code)", copyModule("golang.org/x/tools@v0.52.0", work, name), *nomcpPat}
	default:
		log.Fatalf("unknown target %q", name)
	}
	run(t.dir, nil, "go", "mod", "download")
	out := run(t.dir, offline(), "go", "list", t.pattern)
	t.desc += fmt.Sprintf(", %d packages", strings.Count(out, "\n"))
	return t
}

// copyModule copies a module from the module cache (downloading it
// there first if needed) into a writable directory.
func copyModule(modVersion, work, name string) string {
	out := run(work, nil, "go", "mod", "download", "-json", modVersion)
	var info struct{ Dir string }
	check(json.Unmarshal([]byte(out), &info))
	dir := filepath.Join(work, name)
	check(os.RemoveAll(dir))
	// CopyFS makes the files writable, unlike the module cache's.
	check(os.CopyFS(dir, os.DirFS(info.Dir)))
	return dir
}

// offline is the environment of the timed commands: no network, no
// workspace.
func offline() []string {
	return append(os.Environ(), "GOPROXY=off", "GOWORK=off")
}

// measure runs the warm-up round and the timed rounds.
func measure(t *target, commands []command) map[string][]sample {
	fmt.Printf("%s: %s\n", t.name, t.desc)
	nonce := int(time.Now().UnixNano() % 1e9)
	for _, c := range commands {
		nonce++
		s, code, stderr := timed(t.dir, c.args(t.pattern, nonce))
		if !slices.Contains(c.okExit, code) {
			log.Fatalf("%s in %s: exit status %d\n%s", c.name, t.dir, code, stderr)
		}
		if *verbose {
			fmt.Printf("  warm-up %-10s %6.2fs %6.2fs CPU %7d KB exit %d\n", c.name, s.wall.Seconds(), s.cpu, s.rssKB, code)
		}
	}
	samples := make(map[string][]sample)
	for r := range *runs {
		for i := range commands {
			c := commands[(i+r)%len(commands)]
			nonce++
			s, code, stderr := timed(t.dir, c.args(t.pattern, nonce))
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
func timed(dir string, args []string) (sample, int, string) {
	rusage := filepath.Join(os.TempDir(), fmt.Sprintf("mcperrlint-bench-%d.time", os.Getpid()))
	defer os.Remove(rusage)
	cmd := exec.Command("/usr/bin/time", append([]string{"-f", "%U %S %M", "-o", rusage}, args...)...)
	cmd.Dir = dir
	cmd.Env = offline()
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

// report prints a target's results and returns its Markdown row.
func report(t *target, commands []command, samples map[string][]sample, fair string) string {
	fmt.Printf("  %-11s %-26s %-26s %s\n", "command", "wall", "CPU (user+sys)", "peak RSS")
	for _, c := range commands {
		ss := samples[c.name]
		walls := mapSlice(ss, func(s sample) float64 { return s.wall.Seconds() })
		cpus := mapSlice(ss, func(s sample) float64 { return s.cpu })
		rss := mapSlice(ss, func(s sample) float64 { return float64(s.rssKB) / 1024 })
		fmt.Printf("  %-11s %-26s %-26s %s\n", c.name, spread(walls, "%.2fs"), spread(cpus, "%.2fs"), spread(rss, "%.0f MB"))
	}
	ratio := func(a, b string, f func(sample) float64) []float64 {
		var rs []float64
		for i := range samples[a] {
			rs = append(rs, f(samples[a][i])/f(samples[b][i]))
		}
		return rs
	}
	wallOf := func(s sample) float64 { return s.wall.Seconds() }
	cpuOf := func(s sample) float64 { return s.cpu }
	rssOf := func(s sample) float64 { return float64(s.rssKB) }
	type pair struct {
		a, b          string
		wallGoal, rss float64 // 0: no goal
		note          string
	}
	pairs := []pair{
		{"mcperrlint", fair, 1.10, 1.20, "fair floor"},
		{"mcperrlint", other(fair), 0, 0, "other floor"},
		{"vettool", "go vet", 1.00, 0, ""},
	}
	var cells []string
	fmt.Println("  ratios, paired by round:")
	for _, p := range pairs {
		w, c, m := ratio(p.a, p.b, wallOf), ratio(p.a, p.b, cpuOf), ratio(p.a, p.b, rssOf)
		verdict := ""
		if p.wallGoal > 0 {
			verdict = fmt.Sprintf("  goal wall ≤ %.2f: %s", p.wallGoal, passFail(within(median(w), p.wallGoal)))
			if p.rss > 0 {
				verdict += fmt.Sprintf(", RSS ≤ %.2f: %s", p.rss, passFail(within(median(m), p.rss)))
			}
		}
		label := p.a + " / " + p.b
		if p.note != "" {
			label += " (" + p.note + ")"
		}
		fmt.Printf("  %-38s wall %-18s CPU %-18s RSS %-18s%s\n", label, spread(w, "%.2f"), spread(c, "%.2f"), spread(m, "%.2f"), verdict)
		cells = append(cells, spread(w, "%.2f"), spread(c, "%.2f"), spread(m, "%.2f"))
	}
	fmt.Println()
	return fmt.Sprintf("| %s | %s |", t.desc, strings.Join(cells, " | "))
}

// within reports whether x, as printed (two decimals), is at most goal.
func within(x, goal float64) bool { return math.Round(x*100) <= math.Round(goal*100) }

func passFail(ok bool) string {
	if ok {
		return "met"
	}
	return "MISSED"
}

func mapSlice(ss []sample, f func(sample) float64) []float64 {
	out := make([]float64, len(ss))
	for i, s := range ss {
		out[i] = f(s)
	}
	return out
}

func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// spread formats the median and the range of xs.
func spread(xs []float64, format string) string {
	return fmt.Sprintf(format+" ["+format+"–"+format+"]", median(xs), slices.Min(xs), slices.Max(xs))
}

// machine describes the processors and memory.
func machine() string {
	model := "unknown CPU"
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for line := range strings.Lines(string(data)) {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				model = strings.TrimSpace(v)
				break
			}
		}
	}
	mem := "unknown memory"
	if data, err := os.ReadFile("/proc/meminfo"); err == nil {
		for line := range strings.Lines(string(data)) {
			if f := strings.Fields(line); len(f) >= 2 && f[0] == "MemTotal:" {
				if kb, err := strconv.ParseFloat(f[1], 64); err == nil {
					mem = fmt.Sprintf("%.1f GiB", kb/(1<<20))
				}
			}
		}
	}
	return fmt.Sprintf("%d CPUs (nproc), %s, %s RAM, %s %s/%s", runtime.NumCPU(), model, mem, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

func loadavg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ") + " (1, 5, 15 min)"
}

// repoRoot returns the root of the mcperrlint module.
func repoRoot() string {
	dir := strings.TrimSpace(run(".", nil, "go", "list", "-m", "-f", "{{.Dir}}", "github.com/mcperrlint/mcperrlint"))
	if dir == "" {
		log.Fatal("run bench inside the mcperrlint module")
	}
	return dir
}

// run runs a command to completion and returns its standard output.
func run(dir string, env []string, name string, args ...string) string {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		log.Fatalf("%s %s in %s: %v\n%s", name, strings.Join(args, " "), dir, err, stderr.String())
	}
	return string(out)
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
