package model

import (
	"regexp"
	"testing"
	"unicode/utf8"
)

// flagSamples are strings for a written-out pattern to match as its
// original does: cases, the folds beyond ASCII (the Kelvin sign, the
// long s), newlines, and lengths a lazy quantifier tells apart.
var flagSamples = []string{
	"", "a", "A", "abc", "ABC", "aBc", "k", "K", "\u212a", "s", "S", "\u017f", "true", "TRUE", "True", "tru", "of", "OFF",
	"a\nb", "\n", "x", "xx", "xxx", "é", "É", "ǅ", "ǆ", "Ǆ", "0", "1", "on", "regress", "REGRESS", "a.b", "a-b", "_",
}

// TestFlagsWrittenOut holds each pattern written without its flags to
// Go's matching of the original, and to the portable subset.
func TestFlagsWrittenOut(t *testing.T) {
	for _, s := range []string{
		`(?i)^(t(r(u(e)?)?)?|f(a(l(s(e)?)?)?)?|y(e(s)?)?|n(o)?|on|of(f)?|0|1)$`,
		`(?i)^(off|on|regress)$`,
		`(?i)k`,
		`(?i)s+`,
		`(?i:a)b`,
		`a(?i)b`,
		`(?i)[a-c]x`,
		`(?i)[^a]`,
		`(?s)a.b`,
		`(?is)^a.*$`,
		`(?U)x+`,
		`(?U)x+?y`,
		`(?i)é|ǅ`,
		`(?i)^a{2,3}$`,
		`(?i)(?P<n>ab)\.`,
		`(?i)\x2d-_`,
	} {
		w, ok := flagsWrittenOut(s)
		if !ok {
			t.Errorf("%q: not written out", s)
			continue
		}
		if why := portablePattern(w); why != "" {
			t.Errorf("%q written %q: not portable: %s", s, w, why)
		}
		orig, got := regexp.MustCompile(s), regexp.MustCompile(w)
		for _, x := range flagSamples {
			if a, b := orig.FindStringIndex(x), got.FindStringIndex(x); (a == nil) != (b == nil) || a != nil && a[1] != b[1] {
				t.Errorf("%q written %q: on %q the original matches %v, the written %v", s, w, x, a, b)
			}
		}
	}
	for _, s := range []string{`(?m)^a$`, `(?i)\pL`, `abc`} {
		if w, ok := flagsWrittenOut(s); ok {
			t.Errorf("%q: written out as %q, want it left alone", s, w)
		}
	}
}

// FuzzFlagsWrittenOut holds a written-out pattern to the original on any
// input, for any pattern Go parses.
func FuzzFlagsWrittenOut(f *testing.F) {
	f.Add(`(?i)^(on|off)$`, "OFF")
	f.Add(`(?i)k+`, "\u212ak")
	f.Add(`(?U)(a|ab)(c|bcd)(d*)`, "abcd")
	f.Add(`(?is)x.y`, "X\nY")
	f.Fuzz(func(t *testing.T, s, x string) {
		if !utf8.ValidString(x) {
			return
		}
		orig, err := regexp.Compile(s)
		if err != nil {
			return
		}
		w, ok := flagsWrittenOut(s)
		if !ok {
			return
		}
		got, err := regexp.Compile(w)
		if err != nil {
			t.Fatalf("%q written %q: %v", s, w, err)
		}
		a, b := orig.FindStringSubmatchIndex(x), got.FindStringSubmatchIndex(x)
		if (a == nil) != (b == nil) || a != nil && (a[0] != b[0] || a[1] != b[1]) {
			t.Errorf("%q written %q: on %q the original matches %v, the written %v", s, w, x, a, b)
		}
	})
}
