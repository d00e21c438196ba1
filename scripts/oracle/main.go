// Command oracle generates MCP servers from a grammar of the shapes real
// servers use, calls every tool through the SDK's own client with
// arguments that reach one return or assertion (a site), and compares
// what the client saw with mcperrlint's verdict on the site; then applies
// mcperrlint -fix and checks that each fix turned a protocol error into
// an IsError result with the same text and changed nothing else. See
// README.md.
//
//	go run ./scripts/oracle -tools 5000 -seed 1
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Config says what to generate and judge.
type Config struct {
	Tools  int    // tools in all, split over the flavors
	Seed   uint64 // the generator's seed
	PerPkg int    // tools per server package
	Bin    string // the mcperrlint binary
	Dir    string // where to write the modules (kept)
	Fix    bool   // judge mcperrlint -fix too
	Oracle string // this directory (for testdata)
	Log    io.Writer
}

// A ModuleResult is one generated module's judgement.
type ModuleResult struct {
	Module *Module
	Dir    string
	Judged []*Judged
	Stray  []string
}

// Run generates, observes and judges a module per flavor.
func Run(cfg Config) ([]*ModuleResult, error) {
	if cfg.PerPkg == 0 {
		cfg.PerPkg = 25
	}
	logf := func(format string, args ...any) {
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, format+"\n", args...)
		}
	}
	var results []*ModuleResult
	for i, fl := range Flavors {
		n := cfg.Tools / len(Flavors)
		if i < cfg.Tools%len(Flavors) {
			n++
		}
		m, err := Generate(fl, cfg.Seed, n, cfg.PerPkg, cfg.Oracle)
		if err != nil {
			return nil, fmt.Errorf("generating %s: %v", fl.Name, err)
		}
		dir := filepath.Join(cfg.Dir, fl.Name)
		if err := os.RemoveAll(dir); err != nil {
			return nil, err
		}
		if err := WriteModule(m, dir); err != nil {
			return nil, err
		}
		bin := filepath.Join(cfg.Dir, "bin-"+fl.Name)
		if err := os.MkdirAll(bin, 0o755); err != nil {
			return nil, err
		}
		start := time.Now()
		obs, err := Observe(m, dir, bin)
		if err != nil {
			return nil, err
		}
		logf("%s: %d tools, %d sites observed in %v", fl.Name, n, len(m.Sites), time.Since(start).Round(time.Millisecond))
		start = time.Now()
		diags, err := Lint(cfg.Bin, dir)
		if err != nil {
			return nil, err
		}
		markers, err := Markers(dir)
		if err != nil {
			return nil, err
		}
		logf("%s: mcperrlint -json in %v", fl.Name, time.Since(start).Round(time.Millisecond))
		res := &ModuleResult{Module: m, Dir: dir, Judged: Judge(m, obs, markers, diags), Stray: Stray(m, markers, diags)}
		if cfg.Fix {
			start = time.Now()
			fixed := dir + "-fixed"
			if err := os.RemoveAll(fixed); err != nil {
				return nil, err
			}
			if err := copyTree(dir, fixed); err != nil {
				return nil, err
			}
			if out, err := command(fixed, cfg.Bin, "-fix", "./...").CombinedOutput(); err != nil {
				if _, ok := err.(*exec.ExitError); !ok {
					return nil, fmt.Errorf("mcperrlint -fix: %v\n%s", err, out)
				}
			}
			after, err := Observe(m, fixed, bin)
			if err != nil {
				return nil, fmt.Errorf("after -fix: %v", err)
			}
			JudgeFix(res.Judged, markers, diags, after)
			logf("%s: -fix, rebuilt and observed again in %v", fl.Name, time.Since(start).Round(time.Millisecond))
		}
		results = append(results, res)
	}
	return results, nil
}

// Summary prints the counts and every disagreement.
func Summary(w io.Writer, results []*ModuleResult, verbose bool) (disagree, problems, fixBad int) {
	var sites, agree, tools int
	kinds, fixKinds := map[string]int{}, map[string]int{}
	byShape := map[string][]*Judged{}
	byProd := map[string][2]int{}
	for _, r := range results {
		for _, p := range r.Module.Packages {
			tools += len(p.Tools)
		}
		for _, j := range r.Judged {
			sites++
			kinds[j.Obs.Kind]++
			c := byProd[j.Site.Prod]
			if j.Problem != "" {
				problems++
				fmt.Fprintf(w, "PROBLEM %s (%s): %s\n\t%s\n", j.Site.ID, r.Module.Flavor.Name, j.Problem, j.Site.Tool.Derivation())
				continue
			}
			if j.Agrees() {
				agree++
				c[0]++
			} else {
				c[1]++
				byShape[Cause(j)] = append(byShape[Cause(j)], j)
			}
			byProd[j.Site.Prod] = c
			if j.FixBad != "" {
				fixBad++
				// Whose fix it is: the site's own right report, a false
				// report, or another site's report on a shared line.
				kind := "through another site's report"
				switch {
				case j.Truth && j.Verdict:
					kind = "of a right report"
				case j.Verdict:
					kind = "of a false report"
				}
				fixKinds[kind]++
				fmt.Fprintf(w, "FIX (%s) %s (%s): %s\n\t%s\n", kind, j.Site.ID, r.Module.Flavor.Name, j.FixBad, j.Site.Tool.Derivation())
			}
		}
		for _, s := range r.Stray {
			fmt.Fprintf(w, "STRAY (%s) %s\n", r.Module.Flavor.Name, s)
		}
	}
	shapes := sortedKeys(byShape)
	sort.SliceStable(shapes, func(a, b int) bool { return len(byShape[shapes[a]]) > len(byShape[shapes[b]]) })
	for _, s := range shapes {
		js := byShape[s]
		disagree += len(js)
		per := map[string]int{}
		for _, j := range js {
			per[j.Module.Flavor.Name]++
		}
		var flavors []string
		for _, fl := range Flavors {
			flavors = append(flavors, fmt.Sprintf("%s %d", fl.Name, per[fl.Name]))
		}
		fmt.Fprintf(w, "DISAGREE %4d  %s [%s]\n", len(js), s, strings.Join(flavors, ", "))
		// The example first: the shortest derivation, the smallest
		// server that shows it.
		sort.SliceStable(js, func(a, b int) bool {
			return len(js[a].Site.Tool.Derivation()) < len(js[b].Site.Tool.Derivation())
		})
		n := 1
		if verbose {
			n = len(js)
		}
		for _, j := range js[:min(n, len(js))] {
			fmt.Fprintf(w, "\t%s %s: client got %s\n\t%s\n", j.Module.Flavor.Name, j.Site.ID, j.Obs, j.Site.Tool.Derivation())
			for _, l := range j.Lines {
				fmt.Fprintf(w, "\t  %s: %s\n", l, j.Module.line(l))
			}
			for _, d := range j.Diags {
				fmt.Fprintf(w, "\t  [%s] %s\n", d.Category, d.Message)
			}
		}
	}
	fmt.Fprintf(w, "\nby production (agree/disagree):\n")
	for _, p := range sortedKeys(byProd) {
		fmt.Fprintf(w, "  %-40s %5d %5d\n", p, byProd[p][0], byProd[p][1])
	}
	fmt.Fprintf(w, "\nthe clients saw: %d JSON-RPC errors, %d crashes, %d IsError results, %d results\n", kinds["error"], kinds["crash"], kinds["iserror"], kinds["result"])
	fmt.Fprintf(w, "fix problems: %d of right reports, %d of false reports, %d through another site's report on a shared line\n",
		fixKinds["of a right report"], fixKinds["of a false report"], fixKinds["through another site's report"])
	fmt.Fprintf(w, "tools %d, sites %d, agreements %d, disagreements %d, sites not reached %d, fix problems %d\n", tools, sites, agree, disagree, problems, fixBad)
	return disagree, problems, fixBad
}

func main() {
	var cfg Config
	flag.IntVar(&cfg.Tools, "tools", 200, "number of generated tools, over both SDKs and both flavors")
	flag.Uint64Var(&cfg.Seed, "seed", 1, "the generator's seed")
	flag.IntVar(&cfg.PerPkg, "per-pkg", 25, "tools per server package")
	flag.StringVar(&cfg.Bin, "bin", os.Getenv("MCPERRLINT_TEST_BIN"), "mcperrlint binary (default: $MCPERRLINT_TEST_BIN, else built from this repository)")
	flag.StringVar(&cfg.Dir, "dir", "", "directory to write the modules to (default: a temporary one, removed)")
	flag.BoolVar(&cfg.Fix, "fix", true, "judge mcperrlint -fix too")
	verbose := flag.Bool("v", false, "print every disagreeing site, not one per shape")
	flag.StringVar(&sitesFile, "sites", "", "write every judged site to this file, one JSON object a line")
	flag.Parse()
	if err := run(cfg, *verbose); err != nil {
		fmt.Fprintln(os.Stderr, "oracle:", err)
		os.Exit(2)
	}
}

func run(cfg Config, verbose bool) error {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return err
	}
	root := filepath.Dir(strings.TrimSpace(string(out)))
	cfg.Oracle = filepath.Join(root, "scripts", "oracle")
	if _, err := os.Stat(filepath.Join(cfg.Oracle, "testdata", "new", "go.mod")); err != nil {
		return fmt.Errorf("run from the mcperrlint repository: %v", err)
	}
	if cfg.Dir == "" {
		d, err := os.MkdirTemp("", "oracle")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		cfg.Dir = d
	}
	if cfg.Bin == "" {
		cfg.Bin = filepath.Join(cfg.Dir, "mcperrlint")
		cmd := exec.Command("go", "build", "-o", cfg.Bin, "./cmd/mcperrlint")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("building mcperrlint: %v\n%s", err, out)
		}
	}
	cfg.Log = os.Stderr
	results, err := Run(cfg)
	if err != nil {
		return err
	}
	if sitesFile != "" {
		if err := writeSites(sitesFile, results); err != nil {
			return err
		}
	}
	fmt.Printf("seed %d, %d tools requested\n", cfg.Seed, cfg.Tools)
	Summary(os.Stdout, results, verbose)
	return nil
}

var sitesFile string

// writeSites writes one JSON line per judged site: its derivation, what
// the client saw, the truth, the verdict and the cause of a disagreement.
func writeSites(path string, results []*ModuleResult) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	for _, r := range results {
		for _, j := range r.Judged {
			t := j.Site.Tool
			var ws, mw []string
			for _, w := range t.Wrappers {
				ws = append(ws, w.String())
			}
			for _, m := range t.Pkg.Middleware {
				mw = append(mw, string(m))
			}
			rec := map[string]any{
				"module": r.Module.Flavor.Name, "site": j.Site.ID, "sdk": t.SDK.String(), "reg": t.Reg, "frame": t.Frame, "frame2": t.Frame2,
				"wrappers": ws, "middleware": mw, "prod": j.Site.Prod, "origin": j.Site.Origin, "derivation": t.Derivation(),
				"observed": j.Obs.Kind, "message": j.Obs.Message, "truth": j.Truth, "verdict": j.Verdict, "lines": j.Lines,
				"problem": j.Problem, "fix": j.FixBad,
			}
			if !j.Agrees() {
				rec["cause"] = Cause(j)
			}
			if err := enc.Encode(rec); err != nil {
				return err
			}
		}
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}
