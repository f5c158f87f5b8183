// Package benchpair measures one implementation against a peer or a floor
// doing the same work, in the same run, so that the ratio between them can
// be trusted on a shared machine.
//
// A and B are run alternately, ABBA within each pair of rounds so that
// neither side always runs first, each side for a calibrated batch of
// operations; every round gives one ratio A/B, and the result is the median
// of those ratios with their spread. Drift in the machine (another process,
// frequency scaling, a collector cycle) moves both sides of a round alike,
// which a minimum or a mean of separately timed blocks does not survive.
// Each batch starts from a collected heap, so that one side's garbage is
// not collected on the other's time.
//
// In a benchmark:
//
//	func BenchmarkDecodeVsStd(b *testing.B) {
//		r := benchpair.Compare(ours, std, benchpair.Options{})
//		benchpair.Report(b, r, benchpair.AtMost(0.3))
//	}
//
// cmd pairrun (./internal/benchpair/pairrun) does the same for whole
// processes.
package benchpair

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// Options tune a comparison; the zero value is a sound default.
type Options struct {
	// Rounds is the number of ratios taken (default 21).
	Rounds int
	// Batch is the target wall time of one side of one round (default
	// 20ms); the number of operations per batch is calibrated from it.
	Batch time.Duration
}

// Result is a paired comparison of A with B.
type Result struct {
	Median, Min, Max float64 // ratios A/B over the rounds
	Rounds           int
	ANs, BNs         float64 // median nanoseconds per operation of each side
}

// String formats r as "0.27x (0.25-0.31, 21 pairs; 1234 vs 4567 ns/op)".
func (r Result) String() string {
	return fmt.Sprintf("%.2fx (%.2f-%.2f, %d pairs; %s vs %s/op)",
		r.Median, r.Min, r.Max, r.Rounds, fmtNs(r.ANs), fmtNs(r.BNs))
}

// fmtNs prints nanoseconds with a unit that keeps three digits.
func fmtNs(ns float64) string {
	switch {
	case ns >= 1e9:
		return fmt.Sprintf("%.2fs", ns/1e9)
	case ns >= 1e6:
		return fmt.Sprintf("%.2fms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.2fµs", ns/1e3)
	}
	return fmt.Sprintf("%.0fns", ns)
}

// Compare runs a and b alternately and returns their paired ratio. Each
// function performs n operations of its side.
func Compare(a, b func(n int), opt Options) Result {
	rounds := opt.Rounds
	if rounds <= 0 {
		rounds = 21
	}
	batch := opt.Batch
	if batch <= 0 {
		batch = 20 * time.Millisecond
	}
	na, nb := calibrate(a, batch), calibrate(b, batch)
	ratios := make([]float64, 0, rounds)
	as := make([]float64, 0, rounds)
	bs := make([]float64, 0, rounds)
	for i := range rounds {
		var ta, tb time.Duration
		if i%2 == 0 {
			ta, tb = timeN(a, na), timeN(b, nb)
		} else {
			tb, ta = timeN(b, nb), timeN(a, na)
		}
		pa, pb := float64(ta)/float64(na), float64(tb)/float64(nb)
		as, bs = append(as, pa), append(bs, pb)
		ratios = append(ratios, pa/pb)
	}
	return summarize(ratios, as, bs)
}

// FromSamples builds a Result from already paired per-operation costs: a[i]
// and b[i] were measured in the same round.
func FromSamples(a, b []float64) Result {
	n := min(len(a), len(b))
	ratios := make([]float64, n)
	for i := range n {
		ratios[i] = a[i] / b[i]
	}
	return summarize(ratios, slices.Clone(a[:n]), slices.Clone(b[:n]))
}

func summarize(ratios, as, bs []float64) Result {
	if len(ratios) == 0 {
		return Result{Median: math.NaN(), Min: math.NaN(), Max: math.NaN()}
	}
	return Result{
		Median: Median(ratios),
		Min:    slices.Min(ratios),
		Max:    slices.Max(ratios),
		Rounds: len(ratios),
		ANs:    Median(as),
		BNs:    Median(bs),
	}
}

// Median returns the median of xs (the mean of the middle two for an even
// count); xs is not modified.
func Median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return math.NaN()
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// calibrate finds how many operations of f take about batch.
func calibrate(f func(int), batch time.Duration) int {
	f(1) // warm caches and lazily built tables
	n := 1
	for {
		d := timeN(f, n)
		if d >= batch/4 || n >= 1<<30 {
			if d <= 0 {
				return n
			}
			return max(1, int(float64(n)*float64(batch)/float64(d)))
		}
		n *= 4
	}
}

// timeN times n operations of f, from a collected heap: the garbage the
// other side left is not collected on this side's time (a side that
// allocates still pays for the collections its own batch needs).
func timeN(f func(int), n int) time.Duration {
	runtime.GC()
	t := clock()
	f(n)
	return clock().Sub(t)
}

// clock is the time Compare reads; its test replaces it with one the
// compared functions advance, so that Compare's pairing is tested
// without timing real work.
var clock = time.Now

// Goal is what a ratio must be for a comparison to meet its aim.
type Goal struct {
	Max  float64 // the median ratio must be at most this; 0 for none
	Text string  // how the goal reads, e.g. "<= 0.30x"
}

// AtMost is the goal of a median ratio at most max.
func AtMost(max float64) Goal { return Goal{Max: max, Text: fmt.Sprintf("<= %.2fx", max)} }

// NoGoal is a comparison that is only reported.
var NoGoal = Goal{Text: "report only"}

// Met reports whether r meets g.
func (g Goal) Met(r Result) bool { return g.Max == 0 || r.Median <= g.Max }

// Line is the one-line report of r against g under name, e.g.
// "decode/fast vs encoding/json: 0.27x (0.25-0.31, 21 pairs; …) goal <= 0.30x: PASS".
// A line with a goal ends in PASS or FAIL (Verdict), which make bench
// counts (scripts/bench.sh); one without ends in "reported".
func Line(name string, r Result, g Goal) string {
	verdict := "reported"
	if g.Max != 0 {
		verdict = Verdict(g.Met(r))
	}
	return fmt.Sprintf("%s: %s goal %s: %s", name, r, g.Text, verdict)
}

// Verdict is how a goal line ends: "PASS" when met, "FAIL" when not.
// scripts/bench.sh counts the lines ending so and fails make bench on any
// FAIL.
func Verdict(met bool) string {
	if met {
		return "PASS"
	}
	return "FAIL"
}

// Report records r on b: the median, min and max ratio as metrics, and the
// one-line verdict in the benchmark's log (shown with -v or on failure;
// bench scripts grep for lines starting "pair ").
func Report(b *testing.B, r Result, g Goal) {
	b.Helper()
	b.ReportMetric(r.Median, "ratio")
	b.ReportMetric(r.Min, "ratio-min")
	b.ReportMetric(r.Max, "ratio-max")
	name := strings.TrimPrefix(b.Name(), "Benchmark")
	fmt.Println("pair " + Line(name, r, g))
}
