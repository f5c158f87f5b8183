package wire

import (
	"regexp"
	"strings"
	"testing"
)

// patternCases are patterns of the shapes MustPattern decides itself and
// some it leaves to the regexp.
var patternCases = []string{
	`^[^\x00-\x1F\x7F-\x9F]*$`, `^[a-z]*$`, `^[a-z0-9_-]+$`, `^(?i)[a-f]+$`, `^x*$`, `^é+$`,
	`^.*$`, `^.+$`, `^(?s).*$`, `^[\p{L}\p{N} ]*$`, `^[^a]*$`, `^\d+$`, `^\S*$`,
	`^[a-z]*`, `[a-z]*$`, `^[a-z]{2,4}$`, `^(?:[A-Z][a-z]+)+$`, `^(?m)[a-z]*$`, `abc`, `^$`,
}

// TestPatternTakesTheFastPath: the whole-string character classes are
// decided without the regexp (what makes Validate of a note cheap).
func TestPatternTakesTheFastPath(t *testing.T) {
	for _, expr := range []string{`^[^\x00-\x1F\x7F-\x9F]*$`, `^[a-z0-9_-]+$`, `^x*$`, `^.*$`, `^\d+$`} {
		if MustPattern(expr).class == nil {
			t.Errorf("MustPattern(%q) falls back to the regexp", expr)
		}
	}
	for _, expr := range []string{`^[a-z]*`, `^[a-z]{2,4}$`, `^(?m)[a-z]*$`, `abc`} {
		if MustPattern(expr).class != nil {
			t.Errorf("MustPattern(%q) takes the class path; it is not a whole-string class", expr)
		}
	}
}

// FuzzPattern: MatchString agrees with regexp's MatchString on every
// pattern of patternCases, for any string (invalid UTF-8 included).
func FuzzPattern(f *testing.F) {
	for _, s := range []string{"", "abc", "ABC", "a\x00b", "note\x7f", "\u0085", "é", "\xff", "a\nb", "12", "x y", "日本"} {
		f.Add(s)
	}
	ps := make([]*Pattern, len(patternCases))
	res := make([]*regexp.Regexp, len(patternCases))
	for i, expr := range patternCases {
		ps[i], res[i] = MustPattern(expr), regexp.MustCompile(expr)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i := range ps {
			if got, want := ps[i].MatchString(s), res[i].MatchString(s); got != want {
				t.Fatalf("MustPattern(%q).MatchString(%q) = %v, regexp says %v", patternCases[i], s, got, want)
			}
			if ps[i].String() != patternCases[i] {
				t.Fatalf("String() = %q, want %q", ps[i].String(), patternCases[i])
			}
		}
	})
}

// TestNamedPattern: a named pattern's problem says the name, an unnamed
// one its source text; both match alike.
func TestNamedPattern(t *testing.T) {
	for _, tc := range []struct {
		re   *Pattern
		want string
	}{
		{MustPattern(`^[0-9]+$`), "v: must match ^[0-9]+$"},
		{MustPattern(`^[0-9]+$`).Named("a number (digits)"), "v: must be a number (digits)"},
	} {
		var p Problems
		path := Root("T")
		p.Pattern(&path, "v", "12", tc.re)
		p.Pattern(&path, "v", "x", tc.re)
		if p.Len() != 1 {
			t.Fatalf("%v: %d problems, want 1", tc.re, p.Len())
		}
		if got := p.Err().Error(); !strings.Contains(got, tc.want) {
			t.Errorf("%v: %q, want it to say %q", tc.re, got, tc.want)
		}
	}
}
