package model

import (
	"regexp"
	"testing"
)

func TestPatternSample(t *testing.T) {
	for _, tc := range []struct {
		re   string
		want string
		ok   bool
	}{
		{`^[0-9]{3}$`, "000", true},
		{`^v[0-9]+(\.[0-9]+)*$`, "v0", true},
		{`^(alpha|beta)-[a-z]?$`, "alpha-", true},
		{`b`, "b", true},
		{`^x\b`, "x", true},
		{`a^b`, "", false}, // no string matches
		{`(`, "", false},   // does not parse
	} {
		got, ok := patternSample(tc.re)
		if ok != tc.ok || ok && got != tc.want {
			t.Errorf("patternSample(%q) = %q, %v; want %q, %v", tc.re, got, ok, tc.want, tc.ok)
		}
		if ok && !regexp.MustCompile(tc.re).MatchString(got) {
			t.Errorf("patternSample(%q) = %q, which it does not match", tc.re, got)
		}
	}
}

// TestSampleOfBounded: a schema asking for a huge list or string gets no
// sample, not a probe that allocates without end.
func TestSampleOfBounded(t *testing.T) {
	huge := 1_000_000_000
	if _, ok := sampleOf(&Type{Kind: ListKind, Elem: &Type{Kind: BasicKind, Base: Int}, Constraints: Constraints{MinItems: &huge}}, 0); ok {
		t.Error("a list of at least 1e9 items was sampled")
	}
	if _, ok := sampleOf(&Type{Kind: BasicKind, Base: String, Constraints: Constraints{MinRunes: &huge}}, 0); ok {
		t.Error("a string of at least 1e9 characters was sampled")
	}
	two := 2
	if v, ok := sampleOf(&Type{Kind: ListKind, Elem: &Type{Kind: BasicKind, Base: Int}, Constraints: Constraints{MinItems: &two}}, 0); !ok || len(v.([]any)) != 2 {
		t.Errorf("list.MinItems(2): %v, %v; want two items", v, ok)
	}
}
