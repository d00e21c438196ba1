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
// (gen), the example servers of go-sdk v1.8.0 and mcp-go v1.2.1 (gosdk,
// mcpgo: ./examples/... of a copy of the module from the module cache),
// golang.org/x/tools v0.52.0, which has no MCP code (nomcp), and two real
// servers whose source cannot be committed here, analyzed in place where
// a flag says they are checked out: github/github-mcp-server
// (-github-mcp-server DIR) and containers/kubernetes-mcp-server
// (-kubernetes-mcp-server DIR), ./... of each. By default every target
// runs whose source is at hand; a server target without its directory is
// skipped with a note.
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
//
// With -lsp-file, bench then measures what an editor waits for after
// saving each of those files under mcperrlint lsp, as scripts/lspbench
// does, and prints it in the same report.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math"
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
	"github.com/mcperrlint/mcperrlint/internal/facts"
	"github.com/mcperrlint/mcperrlint/scripts/gen"
	"github.com/mcperrlint/mcperrlint/scripts/internal/lspbench"
)

var (
	runs     = flag.Int("runs", 5, "timed rounds per target")
	targets  = flag.String("targets", "", "comma-separated targets: gen, gosdk, mcpgo, nomcp, github-mcp-server, kubernetes-mcp-server (default: the first four and each server whose directory is given)")
	handlers = flag.Int("handlers", 10000, "tool handlers in the generated module")
	nomcpPat = flag.String("nomcp-pattern", "./go/...", "packages of golang.org/x/tools to analyze for the nomcp target")
	workDir  = flag.String("work", "", "work `directory` (default: a new temporary directory, removed at exit)")
	markdown = flag.Bool("markdown", false, "also print the results as Markdown tables")
	verbose  = flag.Bool("v", false, "print each run")
	baseline = flag.String("baseline", "", "mcperrlint `binary` built from another revision, timed in the same rounds as command baseline, for before-and-after ratios to nop")

	githubDir     = flag.String("github-mcp-server", "", "`directory` of a checkout of github/github-mcp-server (the github-mcp-server target)")
	kubernetesDir = flag.String("kubernetes-mcp-server", "", "`directory` of a checkout of containers/kubernetes-mcp-server (the kubernetes-mcp-server target)")

	lspFiles = flag.String("lsp-file", "", "comma-separated Go `files` to time editor saves of under mcperrlint lsp (scripts/lspbench); each is modified during the run and restored")
	lspSaves = flag.Int("lsp-saves", 50, "timed saves per -lsp-file")
)

// baseTargets are the targets bench makes itself.
var baseTargets = []string{"gen", "gosdk", "mcpgo", "nomcp"}

// serverTargets are real servers, analyzed in place where a flag says
// they are checked out: their source cannot be committed here.
var serverTargets = []struct {
	name string
	dir  *string
}{
	{"github-mcp-server", githubDir},
	{"kubernetes-mcp-server", kubernetesDir},
}

// targetNames returns the targets to run: those of -targets, or by
// default every target whose source is at hand.
func targetNames() []string {
	if *targets != "" {
		var names []string
		for _, n := range strings.Split(*targets, ",") {
			n = strings.TrimSpace(n)
			if _, server := serverDir(n); !server && !slices.Contains(baseTargets, n) {
				log.Fatalf("unknown target %q", n)
			}
			names = append(names, n)
		}
		return names
	}
	names := slices.Clone(baseTargets)
	for _, st := range serverTargets {
		names = append(names, st.name)
	}
	return names
}

// serverDir returns the directory given for a server target, and whether
// name is one.
func serverDir(name string) (string, bool) {
	for _, st := range serverTargets {
		if st.name == name {
			return *st.dir, true
		}
	}
	return "", false
}

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

	facts := facts.Needed(analyzer.Analyzer)

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

	fmt.Printf("mcperrlint benchmark, %s\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Printf("machine: %s\n", machine())
	fmt.Printf("load average at start: %s\n", loadavg())
	if facts {
		fmt.Println("mcperrlint declares fact types, so today's driver loads every dependency from source for it, as for nopfacts;")
		fmt.Println("its reference is nop all the same (what loading the packages costs at all), and mcperrlint / nopfacts is shown beside it")
	} else {
		fmt.Println("mcperrlint declares no fact types: its reference is nop (same driver, same load mode: packages from source, dependencies from export data)")
	}
	fmt.Printf("%d timed rounds per target after one warm-up round; values are median [min–max]\n\n", *runs)

	var ratioRows, absRows []string
	for _, name := range targetNames() {
		if dir, ok := serverDir(name); ok && dir == "" {
			fmt.Printf("%s: skipped: no -%s directory given\n\n", name, name)
			continue
		}
		t := prepare(name, work)
		samples := measure(t, commands)
		ratioRow, absRow := report(t, commands, samples)
		ratioRows, absRows = append(ratioRows, ratioRow), append(absRows, absRow)
	}
	lspRows := lspReport(mcperrlint)
	fmt.Printf("load average at end: %s\n", loadavg())
	if *markdown && len(ratioRows) > 0 {
		fmt.Println()
		fmt.Print("| target |")
		for _, p := range ratioPairs(nil) {
			fmt.Printf(" %s / %s: wall | CPU | peak RSS |", p.a, p.b)
		}
		fmt.Println()
		fmt.Println("|---" + strings.Repeat("|---|---|---", len(ratioPairs(nil))) + "|")
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
		dir, ok := serverDir(name)
		if !ok {
			log.Fatalf("unknown target %q", name)
		}
		// In place: nothing the commands run writes to the module.
		dir, err := filepath.Abs(dir)
		check(err)
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
			log.Fatalf("-%s %s: not a module: %v", name, dir, err)
		}
		t = &target{name, name + revision(dir) + " ./...", dir, "./..."}
	}
	run(t.dir, nil, "go", "mod", "download")
	out := run(t.dir, offline(), "go", "list", t.pattern)
	t.desc += fmt.Sprintf(", %d packages", strings.Count(out, "\n"))
	return t
}

// revision describes the commit a checkout is at, if it is a git
// checkout: " abcdef012345", with " (modified)" when it has changes.
func revision(dir string) string {
	cmd := exec.Command("git", "rev-parse", "--short=12", "HEAD")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	rev := " " + strings.TrimSpace(string(out))
	cmd = exec.Command("git", "status", "--porcelain", "--untracked-files=no")
	cmd.Dir = dir
	if out, err := cmd.Output(); err == nil && len(bytes.TrimSpace(out)) > 0 {
		rev += " (modified)"
	}
	return rev
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
		s, code, stderr := timed(t.dir, c.env, c.args(t.pattern, nonce))
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

// report prints a target's results and returns its Markdown rows: the
// ratios, and the commands' medians.
func report(t *target, commands []command, samples map[string][]sample) (ratioRow, absRow string) {
	fmt.Printf("  %-11s %-26s %-26s %s\n", "command", "wall", "CPU (user+sys)", "peak RSS")
	var abs []string
	for _, c := range commands {
		ss := samples[c.name]
		walls := mapSlice(ss, func(s sample) float64 { return s.wall.Seconds() })
		cpus := mapSlice(ss, func(s sample) float64 { return s.cpu })
		rss := mapSlice(ss, func(s sample) float64 { return float64(s.rssKB) / 1024 })
		fmt.Printf("  %-11s %-26s %-26s %s\n", c.name, spread(walls, "%.2fs"), spread(cpus, "%.2fs"), spread(rss, "%.0f MB"))
		abs = append(abs, fmt.Sprintf("%.2f s, %.0f MB", median(walls), median(rss)))
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
	var cells []string
	fmt.Println("  ratios, paired by round:")
	for _, p := range ratioPairs(t) {
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
	return fmt.Sprintf("| %s | %s |", t.desc, strings.Join(cells, " | ")),
		fmt.Sprintf("| %s | %s |", t.desc, strings.Join(abs, " | "))
}

// A ratioPair is a ratio of two commands' measures that the report prints.
type ratioPair struct {
	a, b          string
	wallGoal, rss float64 // 0: no goal
	note          string
}

// ratioPairs returns the ratios reported for target t, with its goals.
func ratioPairs(t *target) []ratioPair {
	wallGoal, rssGoal := 1.5, 2.0
	switch {
	case t == nil:
	case t.name == "gen":
		wallGoal, rssGoal = 2.0, 0
	case t.name == "github-mcp-server", t.name == "kubernetes-mcp-server":
		wallGoal, rssGoal = 1.25, 1.5
	}
	pairs := []ratioPair{
		{"mcperrlint", "nop", wallGoal, rssGoal, "reference"},
		{"cache off", "nop", wallGoal, rssGoal, "nothing kept"},
		{"mcperrlint", "nopfacts", 0, 0, ""},
		{"vettool", "go vet", 1.00, 0, ""},
	}
	if *baseline != "" {
		pairs = append(pairs, ratioPair{"baseline", "nop", 0, 0, "before"})
	}
	return pairs
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
