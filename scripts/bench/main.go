// Command bench times whole runs of mcperrlint against floors measured in
// the same run, and prints the ratios:
//
//	go run ./scripts/bench                 # every target, 5 rounds
//	go run ./scripts/bench -runs 9 -targets gen,gosdk
//	go run ./scripts/bench -github-mcp-server ~/src/github-mcp-server \
//		-lsp-file ~/src/github-mcp-server/pkg/github/issues.go
//
// The commands, each run in the target module's directory:
//
//	nop          a do-nothing analyzer under singlechecker, the driver
//	             mcperrlint uses (scripts/floors/nop): the packages named
//	             on the command line from source, their dependencies from
//	             export data
//	nopfacts     the same with a declared fact type (scripts/floors/nopfacts):
//	             the driver then loads every dependency from source
//	mcperrlint   mcperrlint ./..., with a result cache of its own, which
//	             the warm-up round fills: what a user's second run of
//	             unchanged code costs
//	cache off    the same with MCPERRLINT_CACHE=off: every package
//	             type-checked and analyzed
//	go vet       plain go vet
//	vettool      go vet -vettool=mcperrlint
//	baseline     with -baseline BIN: BIN ./..., an mcperrlint built from
//	             another revision, for before-and-after ratios in one run
//
// The reference of mcperrlint is nop, whether or not mcperrlint declares
// fact types: nop is what loading the packages costs at all, and a
// driver that computes mcperrlint's facts without loading every
// dependency from source can come close to it. mcperrlint / nopfacts is
// printed beside it, for the cost of the analysis over today's driver.
// The goals: mcperrlint within 1.25 times nop's wall time and 1.5 times
// its peak memory on the two real servers (issue 22's budget), within 1.5
// and 2 times on the other targets but the generated module, within 2
// times its wall time there (every function is a handler, and building SSA
// form is most of the work), and the vettool path no slower than plain go
// vet.
//
// The targets: a module of -handlers tool handlers written by scripts/gen
// (gen; gen:N writes one of N handlers, about 24 lines each, for the cost
// by size: -targets gen:400,gen:4000,gen:40000 -commands "nop,cache off"), the example servers of go-sdk v1.8.0 and mcp-go v1.2.1 (gosdk,
// mcpgo: ./examples/... of a copy of the module from the module cache),
// golang.org/x/tools v0.52.0, which has no MCP code (nomcp), and two real
// servers whose source cannot be committed here, analyzed in place where
// a flag says they are checked out: github/github-mcp-server
// (-github-mcp-server DIR) and containers/kubernetes-mcp-server
// (-kubernetes-mcp-server DIR), ./... of each. By default every target
// runs whose source is at hand; a server target without its directory is
// skipped with a note.
//
// The generated targets are also rows of a cost-by-size table (with
// -markdown: their lines of Go, each command's medians and the ratios),
// and -plot FILE writes an SVG of each command's wall time against those
// lines, log-log, with a line of linear cost for comparison; the table
// and the plot of docs/performance.md and docs/cost-by-size.svg are
//
//	go run ./scripts/bench -targets gen:400,gen:4000,gen:40000 \
//		-commands "nop,cache off,baseline" -baseline BIN \
//		-runs 7 -min-time 60s -markdown -plot docs/cost-by-size.svg
//
// It ends with the growth of each ratio from the smallest generated
// target to the largest, against issue 36's bound of 1.25 times.
//
// Each target gets one untimed warm-up round (which fills the build cache
// with the export data the drivers ask go list for), then -runs rounds,
// or with -min-time as many more as fill that time: a target whose runs
// take a fraction of a second, the noisiest, gets the most.
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
//
// With -lsp-file, bench then measures what an editor waits for after
// saving each of those files under mcperrlint lsp, as scripts/lspbench
// does, and prints it in the same report.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/mcperrlint/mcperrlint/analyzer"
	driverrun "github.com/mcperrlint/mcperrlint/internal/driver/run"
	"github.com/mcperrlint/mcperrlint/scripts/internal/lspbench"
)

var (
	runs     = flag.Int("runs", 5, "timed rounds per target")
	minTime  = flag.Duration("min-time", 0, "time each target's rounds for at least this long, with more rounds than -runs where they are short (a run of a fraction of a second is the noisiest)")
	targets  = flag.String("targets", "", "comma-separated targets: gen, gosdk, mcpgo, nomcp, github-mcp-server, kubernetes-mcp-server (default: the first four and each server whose directory is given)")
	handlers = flag.Int("handlers", 10000, "tool handlers in the generated module (target gen; gen:N generates N)")
	cmdNames = flag.String("commands", "", "comma-separated `commands` to time (default: all; nop and one mcperrlint command at least, for the ratios)")
	nomcpPat = flag.String("nomcp-pattern", "./go/...", "packages of golang.org/x/tools to analyze for the nomcp target")
	workDir  = flag.String("work", "", "work `directory` (default: a new temporary directory, removed at exit)")
	markdown = flag.Bool("markdown", false, "also print the results as Markdown tables")
	plotFile = flag.String("plot", "", "write an SVG `file` plotting each command's wall time against the lines of Go of the generated targets (gen:N), log-log")
	verbose  = flag.Bool("v", false, "print each run")
	baseline = flag.String("baseline", "", "mcperrlint `binary` built from another revision, timed in the same rounds as command baseline, for before-and-after ratios to nop")

	githubDir     = flag.String("github-mcp-server", "", "`directory` of a checkout of github/github-mcp-server (the github-mcp-server target)")
	kubernetesDir = flag.String("kubernetes-mcp-server", "", "`directory` of a checkout of containers/kubernetes-mcp-server (the kubernetes-mcp-server target)")

	lspFiles = flag.String("lsp-file", "", "comma-separated Go `files` to time editor saves of under mcperrlint lsp (scripts/lspbench); each is modified during the run and restored")
	lspSaves = flag.Int("lsp-saves", 50, "timed saves per -lsp-file")
)

// A command is one of the timed commands.
type command struct {
	name string
	// args returns the command line for a run; nonce differs per run.
	args func(pattern string, nonce int) []string
	// okExit lists the exit codes that mean the command worked.
	okExit []int
	// env is added to the environment of its runs.
	env []string
}

// A target is a module to run the commands in.
type target struct {
	name, desc, dir, pattern string
	lines                    int // of Go, for the generated targets; 0 for the others
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

	// Before the long runs: a file that is not there fails now.
	if *lspFiles != "" {
		for _, file := range strings.Split(*lspFiles, ",") {
			if _, err := os.Stat(strings.TrimSpace(file)); err != nil {
				log.Fatalf("-lsp-file: %v", err)
			}
		}
	}

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

	facts := driverrun.FactsNeeded(analyzer.Analyzer)

	commands := []command{
		{"nop", func(p string, _ int) []string { return []string{filepath.Join(bin, "nop"), p} }, []int{0}, nil},
		{"nopfacts", func(p string, _ int) []string { return []string{filepath.Join(bin, "nopfacts"), p} }, []int{0}, nil},
		// mcperrlint as users run it, with its result cache (filled in
		// the warm-up round: the code does not change between rounds),
		// and without.
		{"mcperrlint", func(p string, _ int) []string { return []string{mcperrlint, p} }, []int{0, 3}, []string{"MCPERRLINT_CACHE=" + filepath.Join(work, "cache")}},
		{"cache off", func(p string, _ int) []string { return []string{mcperrlint, p} }, []int{0, 3}, []string{"MCPERRLINT_CACHE=off"}},
		{"go vet", func(p string, n int) []string {
			return []string{"go", "vet", fmt.Sprintf("-printf.funcs=benchnonce%d", n), p}
		}, []int{0, 1}, nil},
		{"vettool", func(p string, n int) []string {
			return []string{"go", "vet", "-vettool=" + mcperrlint, fmt.Sprintf("-decode-funcs=bench.invalid/nonce%d.F", n), p}
		}, []int{0, 1}, nil},
	}
	if *baseline != "" {
		before, err := filepath.Abs(*baseline)
		check(err)
		commands = append(commands, command{"baseline", func(p string, _ int) []string { return []string{before, p} }, []int{0, 3}, []string{"MCPERRLINT_CACHE=off"}})
	}
	if *cmdNames != "" {
		keep := strings.Split(*cmdNames, ",")
		commands = slices.DeleteFunc(commands, func(c command) bool { return !slices.Contains(keep, c.name) })
		if len(commands) == 0 {
			log.Fatalf("-commands %q names none of the commands", *cmdNames)
		}
	}

	fmt.Printf("mcperrlint benchmark, %s\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Printf("machine: %s\n", machine())
	fmt.Printf("load average at start: %s\n", loadavg())
	if facts {
		fmt.Println("mcperrlint declares fact types, so today's driver loads every dependency from source for it, as for nopfacts;")
		fmt.Println("its reference is nop all the same (what loading the packages costs at all), and mcperrlint / nopfacts is shown beside it")
	} else {
		fmt.Println("mcperrlint declares no fact types: its reference is nop (same driver, same load mode: packages from source, dependencies from export data)")
	}
	if *minTime > 0 {
		fmt.Printf("%d timed rounds per target (more, to fill %v, where they are shorter) after one warm-up round; values are median [min–max]\n\n", *runs, *minTime)
	} else {
		fmt.Printf("%d timed rounds per target after one warm-up round; values are median [min–max]\n\n", *runs)
	}

	var ratioRows, absRows, sizeRows []string
	var points []sizePoint
	var bySize []sizeRatios
	for _, name := range targetNames() {
		if dir, ok := serverDir(name); ok && dir == "" {
			fmt.Printf("%s: skipped: no -%s directory given\n\n", name, name)
			continue
		}
		t := prepare(name, work)
		samples := measure(t, commands)
		ratioRow, absRow, medians := report(t, commands, samples)
		ratioRows, absRows = append(ratioRows, ratioRow), append(absRows, absRow)
		if t.lines > 0 {
			bySize = append(bySize, sizeRatios{t.lines, medians})
			// The cost by size: the same cells, by lines of Go.
			sizeRows = append(sizeRows, fmt.Sprintf("| %s | %s%s", thousands(t.lines), strings.TrimSuffix(strings.TrimPrefix(absRow, "| "), " |"), strings.TrimPrefix(ratioRow, "| "+t.desc)))
			for _, c := range commands {
				walls := mapSlice(samples[c.name], func(s sample) float64 { return s.wall.Seconds() })
				points = append(points, sizePoint{t.lines, median(walls), slices.Min(walls), slices.Max(walls), c.name, t.desc})
			}
		}
	}
	sizeLines := reportBySize(bySize)
	lspRows := lspReport(mcperrlint)
	fmt.Printf("load average at end: %s\n", loadavg())
	if *markdown && len(ratioRows) > 0 {
		fmt.Println()
		fmt.Print("| target |")
		for _, p := range ratioPairs(nil, commands) {
			fmt.Printf(" %s / %s: wall | CPU | peak RSS |", p.a, p.b)
		}
		fmt.Println()
		fmt.Println("|---" + strings.Repeat("|---|---|---", len(ratioPairs(nil, commands))) + "|")
		for _, row := range ratioRows {
			fmt.Println(row)
		}
		fmt.Println()
		fmt.Print("| target (medians: wall, peak RSS) |")
		for _, c := range commands {
			fmt.Printf(" %s |", c.name)
		}
		fmt.Println()
		fmt.Println("|---" + strings.Repeat("|---", len(commands)) + "|")
		for _, row := range absRows {
			fmt.Println(row)
		}
	}
	if *markdown && len(sizeRows) > 0 {
		fmt.Println()
		fmt.Print("| lines | target |")
		for _, c := range commands {
			fmt.Printf(" %s: wall, peak RSS |", c.name)
		}
		for _, p := range ratioPairs(nil, commands) {
			fmt.Printf(" %s / %s: wall | CPU | peak RSS |", p.a, p.b)
		}
		fmt.Println()
		fmt.Println("|---|---" + strings.Repeat("|---", len(commands)) + strings.Repeat("|---|---|---", len(ratioPairs(nil, commands))) + "|")
		for _, row := range sizeRows {
			fmt.Println(row)
		}
		if len(sizeLines) > 0 {
			fmt.Println()
			for _, l := range sizeLines {
				fmt.Println("- " + l)
			}
		}
	}
	if *plotFile != "" {
		caption := fmt.Sprintf("mcperrlint: wall time by size (medians of %d rounds or more, bars: range)", *runs)
		if err := writePlot(*plotFile, commands, points, caption); err != nil {
			log.Fatalf("-plot: %v", err)
		}
		fmt.Printf("\nplot written to %s\n", *plotFile)
	}
	if *markdown && len(lspRows) > 0 {
		fmt.Println()
		fmt.Println(lspbench.MarkdownHeader(*lspSaves))
		for _, row := range lspRows {
			fmt.Println(row)
		}
	}
}

// lspReport times saves of each -lsp-file under mcperrlint lsp, prints
// the results and returns their Markdown rows.
func lspReport(mcperrlint string) []string {
	if *lspFiles == "" {
		return nil
	}
	fmt.Printf("editor save latency: mcperrlint lsp, %d saves per file, from didSave to the file's diagnostics (the server's debounce included)\n", *lspSaves)
	// Only now: an interrupt during the runs above should stop bench
	// at once, and during these restore the file first, which Run does
	// before it returns.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	var rows []string
	for _, file := range strings.Split(*lspFiles, ",") {
		res, err := lspbench.Run(ctx, lspbench.Config{
			Server: []string{mcperrlint, "lsp"},
			File:   strings.TrimSpace(file),
			Saves:  *lspSaves,
			Env:    offline(),
		})
		if err != nil {
			log.Fatalf("-lsp-file %s: %v", file, err)
		}
		res.Print(os.Stdout)
		rows = append(rows, res.MarkdownRow())
	}
	fmt.Println()
	return rows
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

// thousands formats n with commas between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
