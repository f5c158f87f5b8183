package model

import "testing"

// TestUnexplained checks the net under a field left out of its object:
// one dropped without a word is held back, and is a run's error only when
// the run has no other (which would say why).
func TestUnexplained(t *testing.T) {
	var r resolver
	r.unexplained(len(r.errs), Pos{File: "a.cue", Line: 3, Col: 2}, "#A.b")
	if len(r.deferred) != 1 || len(r.errs) != 0 {
		t.Fatalf("a field dropped without a word: deferred %d, errs %d; want 1, 0", len(r.deferred), len(r.errs))
	}
	before := len(r.errs)
	r.errorf(Pos{File: "a.cue", Line: 4, Col: 2}, "#A.c: refused")
	r.unexplained(before, Pos{File: "a.cue", Line: 4, Col: 2}, "#A.c")
	if len(r.deferred) != 1 {
		t.Fatalf("a field refused with a reason was held back too: deferred %d, want 1", len(r.deferred))
	}
}
