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
	if testing.Short() {
		t.Skip("times real work")
	}
	// Work counted in steps, not in wall time: a wall-clock spin of 20µs
	// stretches when the machine is loaded (a median of 0.94 was seen at
	// load 12), while three times the steps stay three times the work.
	var sink uint64
	spin := func(steps int) func(int) {
		return func(n int) {
			x := sink
			for range n * steps {
				x = x*6364136223846793005 + 1442695040888963407
			}
			sink = x
		}
	}
	r := Compare(spin(20_000), spin(60_000), Options{Rounds: 5, Batch: 5 * time.Millisecond})
	if r.Rounds != 5 {
		t.Fatalf("Rounds = %d, want 5", r.Rounds)
	}
	// A costs a third of B. On a loaded machine one side may stretch
	// more than the other (0.14 was seen at load 14), so the test asks
	// only what Compare must get right whatever the load: A is the
	// faster side, by a clear margin, and the ratio is a ratio (a
	// swapped pair would give about 3).
	if r.Median <= 0 || r.Median > 0.7 {
		t.Errorf("median ratio %.2f, want about 0.33 (A is the faster side)", r.Median)
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
