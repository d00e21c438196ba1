package analyzer_test

import (
	"runtime"
	"testing"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/analyzer"
	modgen "github.com/mcperrlint/mcperrlint/scripts/gen"
)

// BenchmarkFindingsPerFile runs the analyzer on 2,500 reported handlers
// in one file and on the same 2,500 spread over ten files of one
// package. A finding must cost the same wherever it is: a fix that looks
// at the whole file makes the one file's cost grow with the square of its
// findings (2,500 in one file took 78 s). one/ten, the ratio of the two
// runs' times, must stay under 1.5; cpu-one/ten is the same ratio of CPU
// time, steadier on a shared machine:
//
//	go test -run '^$' -bench FindingsPerFile -benchtime 3x ./analyzer
func BenchmarkFindingsPerFile(b *testing.B) {
	if testing.Short() {
		b.Skip("loads 5,000 generated handlers")
	}
	const handlers = 2500
	one, sumOne := loadGenerated(b, analyzer.Analyzer, modgen.Config{Handlers: handlers, PerPackage: handlers, PerFile: handlers})
	ten, sumTen := loadGenerated(b, analyzer.Analyzer, modgen.Config{Handlers: handlers, PerPackage: handlers, PerFile: handlers / 10})
	if sumOne.Total() != sumTen.Total() || sumOne.Total() < handlers-10 {
		b.Fatalf("%d and %d findings, want the same, about %d", sumOne.Total(), sumTen.Total(), handlers)
	}
	var wallOne, wallTen, cpuOne, cpuTen time.Duration
	measure := func(pkgs []*packages.Package, wall, cpu *time.Duration) {
		runtime.GC() // neither run pays for the other's garbage
		c0, cpuOK := cpuTime()
		t0 := time.Now()
		runAnalyzer(b, analyzer.Analyzer, pkgs)
		*wall += time.Since(t0)
		if c1, _ := cpuTime(); cpuOK {
			*cpu += c1 - c0
		}
	}
	for i := 0; b.Loop(); i++ {
		if i%2 == 0 { // neither always runs first
			measure(one, &wallOne, &cpuOne)
			measure(ten, &wallTen, &cpuTen)
		} else {
			measure(ten, &wallTen, &cpuTen)
			measure(one, &wallOne, &cpuOne)
		}
	}
	per := float64(b.N) * float64(sumOne.Total())
	b.ReportMetric(float64(wallOne.Nanoseconds())/per, "ns/finding-1file")
	b.ReportMetric(float64(wallTen.Nanoseconds())/per, "ns/finding-10files")
	b.ReportMetric(float64(wallOne)/float64(wallTen), "one/ten")
	if cpuTen > 0 {
		b.ReportMetric(float64(cpuOne)/float64(cpuTen), "cpu-one/ten")
	}
}
