package randschema

import (
	"slices"
	"testing"

	"cuelang.org/go/cue/parser"
)

// TestSeedDecides: one seed gives one module and one set of instances, so
// a failing seed can be rerun, and every module parses as CUE.
func TestSeedDecides(t *testing.T) {
	for seed := uint64(1); seed <= 50; seed++ {
		a, b := New(seed, Options{}), New(seed, Options{})
		if a.CUE != b.CUE {
			t.Fatalf("seed %d: two modules", seed)
		}
		ia, err := a.Instances(seed, 20)
		if err != nil {
			t.Fatal(err)
		}
		ib, _ := b.Instances(seed, 20)
		if !slices.EqualFunc(ia, ib, func(x, y []byte) bool { return string(x) == string(y) }) {
			t.Fatalf("seed %d: two sets of instances", seed)
		}
		if _, err := parser.ParseFile("t.cue", a.CUE); err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, a.CUE)
		}
	}
	if New(1, Options{}).CUE == New(2, Options{}).CUE {
		t.Error("seeds 1 and 2 wrote one module")
	}
}
