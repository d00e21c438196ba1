package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// A sizePoint is one command's wall times on one target of known size,
// for the cost-by-size table and plot.
type sizePoint struct {
	lines         int
	wall, lo, hi  float64 // median, min, max seconds
	command, desc string
}

// goLines counts the lines of the .go files under dir.
func goLines(dir string) int {
	n := 0
	check(filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		n += bytes.Count(data, []byte("\n"))
		return err
	}))
	return n
}

// plotColors are the series' colors, in the order of the commands.
var plotColors = []string{"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2"}

// writePlot writes an SVG plot of wall time against lines of Go, both
// on log scales, one series per command (medians, with the range of the
// rounds as a bar), and a line of slope 1 through the first point of the
// first series: what linear cost would be.
func writePlot(file string, commands []command, points []sizePoint, caption string) error {
	if len(points) == 0 {
		return fmt.Errorf("no target of known size (gen:N) to plot")
	}
	const w, h, left, right, top, bottom = 640.0, 440.0, 70.0, 150.0, 40.0, 60.0
	minX, maxX := math.Inf(1), math.Inf(-1)
	minY, maxY := math.Inf(1), math.Inf(-1)
	for _, p := range points {
		minX, maxX = math.Min(minX, float64(p.lines)), math.Max(maxX, float64(p.lines))
		minY, maxY = math.Min(minY, p.lo), math.Max(maxY, p.hi)
	}
	// Whole decades around the data.
	x0, x1 := math.Floor(math.Log10(minX)), math.Ceil(math.Log10(maxX))
	y0, y1 := math.Floor(math.Log10(minY)), math.Ceil(math.Log10(maxY))
	if x1 == x0 {
		x1++
	}
	if y1 == y0 {
		y1++
	}
	px := func(lines float64) float64 { return left + (math.Log10(lines)-x0)/(x1-x0)*(w-left-right) }
	py := func(sec float64) float64 { return h - bottom - (math.Log10(sec)-y0)/(y1-y0)*(h-top-bottom) }

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="12">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%.0f" y="20" font-size="14">%s</text>`+"\n", left, escape(caption))
	// Grid and axes.
	for d := x0; d <= x1; d++ {
		x := px(math.Pow(10, d))
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", x, top, x, h-bottom)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle">10<tspan dy="-6" font-size="9">%.0f</tspan></text>`+"\n", x, h-bottom+18, d)
	}
	for d := y0; d <= y1; d++ {
		y := py(math.Pow(10, d))
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", left, y, w-right, y)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="end">%s s</text>`+"\n", left-6, y+4, trimFloat(math.Pow(10, d)))
	}
	fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="none" stroke="black"/>`+"\n", left, top, w-left-right, h-top-bottom)
	fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle">lines of Go</text>`+"\n", left+(w-left-right)/2, h-18)
	fmt.Fprintf(&b, `<text transform="translate(18 %.1f) rotate(-90)" text-anchor="middle">wall time</text>`+"\n", top+(h-top-bottom)/2)

	legend := 0
	addLegend := func(color, label string, dashed bool) {
		y := top + 10 + float64(legend)*18
		dash := ""
		if dashed {
			dash = ` stroke-dasharray="4 3"`
		}
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2"%s/>`+"\n", w-right+10, y, w-right+30, y, color, dash)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f">%s</text>`+"\n", w-right+35, y+4, escape(label))
		legend++
	}
	var first *sizePoint
	for i, c := range commands {
		var ps []sizePoint
		for _, p := range points {
			if p.command == c.name {
				ps = append(ps, p)
			}
		}
		if len(ps) == 0 {
			continue
		}
		slices.SortFunc(ps, func(a, b sizePoint) int { return a.lines - b.lines })
		if first == nil {
			first = &ps[0]
		}
		color := plotColors[i%len(plotColors)]
		var path []string
		for _, p := range ps {
			path = append(path, fmt.Sprintf("%.1f,%.1f", px(float64(p.lines)), py(p.wall)))
		}
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>`+"\n", strings.Join(path, " "), color)
		for _, p := range ps {
			x := px(float64(p.lines))
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s"/>`+"\n", x, py(p.lo), x, py(p.hi), color)
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3.5" fill="%s"><title>%s, %d lines: %.2f s [%.2f–%.2f]</title></circle>`+"\n", x, py(p.wall), color, escape(c.name), p.lines, p.wall, p.lo, p.hi)
		}
		addLegend(color, c.name, false)
	}
	// Linear cost through the first point: ten times the lines, ten
	// times the time.
	lx0, lx1 := math.Pow(10, x0), math.Pow(10, x1)
	ly0 := first.wall * lx0 / float64(first.lines)
	ly1 := first.wall * lx1 / float64(first.lines)
	fmt.Fprintf(&b, `<clipPath id="plot"><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f"/></clipPath>`+"\n", left, top, w-left-right, h-top-bottom)
	fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#888" stroke-dasharray="4 3" clip-path="url(#plot)"/>`+"\n", px(lx0), py(ly0), px(lx1), py(ly1))
	addLegend("#888", "linear", true)
	b.WriteString("</svg>\n")
	return os.WriteFile(file, []byte(b.String()), 0o644)
}

func trimFloat(x float64) string {
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.3f", x), "0"), ".")
}

func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}
