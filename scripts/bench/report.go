package main

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
)

// report prints a target's results and returns its Markdown rows (the
// ratios, and the commands' medians) and the median of each ratio.
func report(t *target, commands []command, samples map[string][]sample) (ratioRow, absRow string, medians map[string]pairMedians) {
	fmt.Printf("  %d timed rounds\n", len(samples[commands[0].name]))
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
	medians = make(map[string]pairMedians)
	fmt.Println("  ratios, paired by round:")
	for _, p := range ratioPairs(t, commands) {
		w, c, m := ratio(p.a, p.b, wallOf), ratio(p.a, p.b, cpuOf), ratio(p.a, p.b, rssOf)
		verdict := ""
		if p.wallGoal > 0 {
			verdict = fmt.Sprintf("  goal wall ≤ %.2f: %s", p.wallGoal, passFail(within(median(w), p.wallGoal)))
			if p.rss > 0 {
				verdict += fmt.Sprintf(", RSS ≤ %.2f: %s", p.rss, passFail(within(median(m), p.rss)))
			}
		}
		label := p.a + " / " + p.b
		medians[label] = pairMedians{median(w), median(c)}
		if p.note != "" {
			label += " (" + p.note + ")"
		}
		fmt.Printf("  %-38s wall %-18s CPU %-18s RSS %-18s%s\n", label, spread(w, "%.2f"), spread(c, "%.2f"), spread(m, "%.2f"), verdict)
		cells = append(cells, spread(w, "%.2f"), spread(c, "%.2f"), spread(m, "%.2f"))
	}
	fmt.Println()
	return fmt.Sprintf("| %s | %s |", t.desc, strings.Join(cells, " | ")),
		fmt.Sprintf("| %s | %s |", t.desc, strings.Join(abs, " | ")), medians
}

// pairMedians are the medians of one ratio's paired values on a target.
type pairMedians struct{ wall, cpu float64 }

// sizeRatios are the median ratios on a target of known size.
type sizeRatios struct {
	lines   int
	medians map[string]pairMedians // by "a / b"
}

// sizeGoal bounds how much the ratio to nop may grow from the smallest
// generated target to the largest (issue 36: from 10^4 to 10^6 lines,
// within 1.25 times): a cost that grows with the code as nop's does.
const sizeGoal = 1.25

// reportBySize prints, for each ratio measured on several targets of
// known size, its median on the largest over its median on the smallest,
// against sizeGoal, and returns those lines.
func reportBySize(bySize []sizeRatios) []string {
	if len(bySize) < 2 {
		return nil
	}
	small := slices.MinFunc(bySize, func(a, b sizeRatios) int { return a.lines - b.lines })
	large := slices.MaxFunc(bySize, func(a, b sizeRatios) int { return a.lines - b.lines })
	var lines []string
	for _, label := range slices.Sorted(maps.Keys(large.medians)) {
		lo, ok := small.medians[label]
		hi := large.medians[label]
		if !ok || lo.wall == 0 || lo.cpu == 0 {
			continue
		}
		wall, cpu := hi.wall/lo.wall, hi.cpu/lo.cpu
		lines = append(lines, fmt.Sprintf("cost by size: %s at %s lines over at %s: wall %.2f / %.2f = %.2f, CPU %.2f / %.2f = %.2f; goal wall ≤ %.2f: %s",
			label, thousands(large.lines), thousands(small.lines), hi.wall, lo.wall, wall, hi.cpu, lo.cpu, cpu, sizeGoal, passFail(within(wall, sizeGoal))))
	}
	fmt.Println(strings.Join(lines, "\n"))
	fmt.Println()
	return lines
}

// A ratioPair is a ratio of two commands' measures that the report prints.
type ratioPair struct {
	a, b          string
	wallGoal, rss float64 // 0: no goal
	note          string
}

// ratioPairs returns the ratios reported for target t, with its goals:
// those of two of the commands timed.
func ratioPairs(t *target, commands []command) []ratioPair {
	wallGoal, rssGoal := 1.5, 2.0
	switch {
	case t == nil:
	case t.name == "gen" || strings.HasPrefix(t.name, "gen:"):
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
	timed := func(name string) bool {
		return slices.ContainsFunc(commands, func(c command) bool { return c.name == name })
	}
	return slices.DeleteFunc(pairs, func(p ratioPair) bool { return !timed(p.a) || !timed(p.b) })
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
