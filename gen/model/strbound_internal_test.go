package model

import (
	"regexp"
	"testing"
	"unicode/utf8"

	"cuelang.org/go/cue"
)

// strBoundOps are CUE's bound operators, by how Go (and CUE) compare
// strings.
var strBoundOps = []struct {
	op  cue.Op
	sym string
	cmp func(s, lit string) bool
}{
	{cue.GreaterThanOp, ">", func(s, lit string) bool { return s > lit }},
	{cue.GreaterThanEqualOp, ">=", func(s, lit string) bool { return s >= lit }},
	{cue.LessThanOp, "<", func(s, lit string) bool { return s < lit }},
	{cue.LessThanEqualOp, "<=", func(s, lit string) bool { return s <= lit }},
}

// strBoundSamples are strings around the bounds of the test: prefixes,
// extensions, neighbours of a character, a class's escapes, control
// characters and characters beyond the BMP.
var strBoundSamples = []string{
	"", "a", "f", "fo", "foo", "fop", "fon", "foo\x00", "foo\n", "fooa", "g", "e\U0010FFFF",
	"\x00", "\x01", "\x7f", "\u00e9", "\u00e8", "\U0001F600", "\U0001F5FF", "\U0010FFFF",
	"\\", "]", "[", "^", "-", "\\a", "]]", "^-", "a\nb", "zz", "\U0010FFFF\U0010FFFF",
}

// TestStringBoundPattern holds each bound's pattern to Go's ordering of
// strings, which is CUE's, and to the subset of patterns every target
// reads alike.
func TestStringBoundPattern(t *testing.T) {
	lits := []string{"", "foo", "bar", "a", "\x00", "\x01a", "\\", "]", "[", "^", "-", "\u00e9t\u00e9", "\U0001F600", "\U0010FFFF", "a\U0010FFFF", "x\n", "\ue000", "a\ue000b"}
	for _, lit := range lits {
		for _, o := range strBoundOps {
			re, ok := stringBoundPattern(o.op, lit)
			if !ok {
				t.Fatalf("%s%q: no pattern", o.sym, lit)
			}
			if why := portablePattern(re); why != "" {
				t.Errorf("%s%q: pattern %q is not portable: %s", o.sym, lit, re, why)
			}
			rx := regexp.MustCompile(re)
			samples := append([]string{lit, lit + "a", lit + "\x00"}, strBoundSamples...)
			for i, r := range lit {
				samples = append(samples, lit[:i], lit[:i]+string(r-1), lit[:i]+string(r+1))
			}
			for _, s := range samples {
				if !utf8.ValidString(s) {
					continue
				}
				if got, want := rx.MatchString(s), o.cmp(s, lit); got != want {
					t.Errorf("%s%q: pattern %q matches %q: %v, want %v", o.sym, lit, re, s, got, want)
				}
			}
		}
	}
	if _, ok := stringBoundPattern(cue.GreaterThanOp, "\xff"); ok {
		t.Errorf(`>"\xff": a pattern for a bound of no valid UTF-8`)
	}
}

// FuzzStringBoundPattern holds the pattern to Go's ordering for any bound
// and string.
func FuzzStringBoundPattern(f *testing.F) {
	f.Add("foo", "fop", 0)
	f.Add("\U0010FFFF", "", 1)
	f.Add("]^", "]", 2)
	f.Add("a", "", 3)
	f.Fuzz(func(t *testing.T, lit, s string, k int) {
		o := strBoundOps[uint(k)%uint(len(strBoundOps))]
		re, ok := stringBoundPattern(o.op, lit)
		if !ok || !utf8.ValidString(s) {
			return
		}
		if why := portablePattern(re); why != "" {
			t.Fatalf("%s%q: pattern %q is not portable: %s", o.sym, lit, re, why)
		}
		if got, want := regexp.MustCompile(re).MatchString(s), o.cmp(s, lit); got != want {
			t.Errorf("%s%q: pattern %q matches %q: %v, want %v", o.sym, lit, re, s, got, want)
		}
	})
}
