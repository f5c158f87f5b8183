package benchpair

import (
	"math"
	"strings"
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		in   []float64
		want float64
	}{
		{[]float64{3}, 3},
		{[]float64{3, 1, 2}, 2},
		{[]float64{4, 1, 3, 2}, 2.5},
	} {
		in := append([]float64(nil), tc.in...)
		if got := Median(tc.in); got != tc.want {
			t.Errorf("Median(%v) = %v, want %v", in, got, tc.want)
		}
		for i := range in {
			if in[i] != tc.in[i] {
				t.Errorf("Median modified its input: %v", tc.in)
			}
		}
	}
	if !math.IsNaN(Median(nil)) {
		t.Error("Median(nil) is not NaN")
	}
}

func TestFromSamplesPairsRounds(t *testing.T) {
	// Round 2 is twice as slow for both sides (drift): a paired ratio is
	// unmoved by it, while a ratio of medians of separate blocks would not
	// be told apart from it.
	r := FromSamples([]float64{10, 20, 10}, []float64{20, 40, 20})
	if r.Median != 0.5 || r.Min != 0.5 || r.Max != 0.5 || r.Rounds != 3 {
		t.Fatalf("FromSamples = %+v, want every ratio 0.5 over 3 rounds", r)
	}
	if r.ANs != 10 || r.BNs != 20 {
		t.Errorf("per-op medians = %v, %v; want 10, 20", r.ANs, r.BNs)
	}
}

func TestCompareSeesTheFasterSide(t *testing.T) {
	// A clock the compared functions advance: A costs 1µs an operation,
	// B 3µs, so every round's ratio is 1/3 whatever the machine does
	// (this test timed real work once, and a loaded CI machine made the
	// median 0.97). One round of B is disturbed by 100ms, as a
	// descheduled batch would be: the median must not move.
	var now time.Time
	defer func(c func() time.Time) { clock = c }(clock)
	clock = func() time.Time { return now }
	calls := 0
	a := func(n int) { now = now.Add(time.Duration(n) * time.Microsecond) }
	b := func(n int) {
		calls++
		now = now.Add(time.Duration(n) * 3 * time.Microsecond)
		if calls == 12 {
			now = now.Add(100 * time.Millisecond)
		}
	}
	r := Compare(a, b, Options{Rounds: 5, Batch: 5 * time.Millisecond})
	if r.Rounds != 5 {
		t.Fatalf("Rounds = %d, want 5", r.Rounds)
	}
	if math.Abs(r.Median-1.0/3) > 1e-9 {
		t.Errorf("median ratio %v, want 1/3 (A costs a third of B)", r.Median)
	}
	if r.Min >= 1.0/3-1e-9 {
		t.Errorf("min ratio %v: the disturbed round (B slower) should give a lower ratio than 1/3", r.Min)
	}
	if math.Abs(r.ANs-1000) > 1e-6 || math.Abs(r.BNs-3000) > 1e-6 {
		t.Errorf("per-operation medians %v and %v ns, want 1000 and 3000", r.ANs, r.BNs)
	}
}

func TestLine(t *testing.T) {
	r := Result{Median: 0.4, Min: 0.3, Max: 0.5, Rounds: 9, ANs: 1500, BNs: 3_750_000}
	for _, tc := range []struct {
		g    Goal
		want string
	}{
		{AtMost(0.5), "x: 0.40x (0.30-0.50, 9 pairs; 1.50µs vs 3.75ms/op) goal <= 0.50x: PASS"},
		{AtMost(0.3), "goal <= 0.30x: FAIL"},
		{NoGoal, "goal report only: reported"},
	} {
		if got := Line("x", r, tc.g); !strings.Contains(got, tc.want) {
			t.Errorf("Line = %q, want it to contain %q", got, tc.want)
		}
	}
}

func TestCPUTimeCountsWork(t *testing.T) {
	// A busy loop must show as CPU time within a few seconds, however
	// loaded the machine: a clock that does not advance never does.
	before := CPUTime()
	deadline := time.Now().Add(10 * time.Second)
	for CPUTime()-before < 10*time.Millisecond {
		if time.Now().After(deadline) {
			t.Fatalf("CPUTime advanced %v over 10s of a busy loop", CPUTime()-before)
		}
	}
}
