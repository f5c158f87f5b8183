package model

import (
	"regexp"
	"testing"
)

// TestDisjoint: pairs of member patterns proved disjoint, and pairs that
// share a name (or that disjoint does not model), each with a witness.
func TestDisjoint(t *testing.T) {
	for _, c := range []struct {
		a, b    string
		want    bool
		witness string // a name both match, when want is false and they share one
	}{
		{`^schema `, `^cast `, true, ""},
		{`^schema `, `^sch`, false, "schema x"},
		{`^(in|ex)clude$`, `^x-`, true, ""},
		{`^x-`, `^[a-w]`, true, ""},
		{`^x-`, `^[a-x]`, false, "x-"},
		{`^x-`, `y$`, false, "x-y"},
		{`^a$`, `^b$`, true, ""},
		{`^a$`, `a`, false, "a"},
		{`^$`, `^.*$`, false, ""},
		{`^$`, `^.+$`, true, ""},
		{`^[0-9]+$`, `^[a-z]+$`, true, ""},
		{`^[0-9]+$`, `[a-z]`, true, ""},
		{`^[0-9]+$`, `5`, false, "5"},
		{`^a.*b$`, `^a.*c$`, true, ""},
		{`^a.*b$`, `c`, false, "acb"},
		{`\d$`, `^\D*$`, true, ""},
		{`^\w+$`, `^-`, true, ""},
		{`(?i)^a`, `^b`, false, ""}, // case folding: not modelled
		{`\ba`, `^b`, false, ""},    // word boundaries: not modelled
		{`^é`, `^e`, true, ""},
		{"^\n", `^.`, true, ""},
		{"^\n", `^(?s:.)`, false, "\n"},
	} {
		if got := patternsDisjoint(c.a, c.b); got != c.want {
			t.Errorf("patternsDisjoint(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
		if got := patternsDisjoint(c.b, c.a); got != c.want {
			t.Errorf("patternsDisjoint(%q, %q) = %v, want %v", c.b, c.a, got, c.want)
		}
		if c.witness != "" && !(regexp.MustCompile(c.a).MatchString(c.witness) && regexp.MustCompile(c.b).MatchString(c.witness)) {
			t.Errorf("witness %q does not match both %q and %q", c.witness, c.a, c.b)
		}
	}
}

// FuzzDisjoint: when two patterns are proved disjoint, no string matches
// both.
func FuzzDisjoint(f *testing.F) {
	f.Add(`^schema `, `^cast `, "schema cast ")
	f.Add(`^x-`, `^[a-w]`, "x-a")
	f.Add(`\d$`, `^\D*$`, "a1")
	f.Add(`^(in|ex)clude$`, `^(c|m)?js$`, "include")
	f.Fuzz(func(t *testing.T, a, b, s string) {
		ra, err := regexp.Compile(a)
		if err != nil {
			return
		}
		rb, err := regexp.Compile(b)
		if err != nil {
			return
		}
		if patternsDisjoint(a, b) && ra.MatchString(s) && rb.MatchString(s) {
			t.Fatalf("patternsDisjoint(%q, %q), but both match %q", a, b, s)
		}
	})
}
