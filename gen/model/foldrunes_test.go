package model

import (
	"regexp"
	"testing"
	"unicode/utf8"
)

// foldCases are patterns with a count of characters: what foldRunes
// writes, or "" where it must decline.
var foldCases = []struct {
	re       string
	min, max int // -1: no bound
	want     string
}{
	{`^[A-Z_][A-Z0-9_]*$`, -1, 256, `^[A-Z_][A-Z0-9_]{0,255}$`},
	{`^x-[a-z]+$`, 4, 8, `^x-[a-z]{2,6}$`},
	{`^[a-z]+$`, 1, -1, `^[a-z]{1,}$`},
	{`^[a-z]*$`, 3, -1, `^[a-z]{3,}$`},
	{`^\d.*$`, -1, 10, `^\d.{0,9}$`},
	{`^é[à-ÿ]*$`, -1, 3, `^é[à-ÿ]{0,2}$`},
	{`^ab*$`, -1, 1, `^ab{0,0}$`},
	{`^[a-z]*$`, -1, 1000, `^[a-z]{0,1000}$`},
	{`(?s)^.*$`, -1, 253, `(?s)^.{0,253}$`},
	{`(?s)^.*$`, 1, 63, `(?s)^.{1,63}$`},
	// declined: no string both matches and has the count, beyond RE2's
	// largest repeat, not a run of single characters and one repeated
	// character, lazy, unanchored
	{`^abc*$`, -1, 1, ""},
	{`^[a-z]*$`, -1, 4096, ""},
	{`^[a-z]+$`, 2000, -1, ""},
	{`^(ab)*$`, -1, 4, ""},
	{`^(a|b)c*$`, -1, 4, ""},
	{`^a*b*$`, -1, 4, ""},
	{`^[a-z]*?$`, -1, 4, ""},
	{`[a-z]*$`, -1, 4, ""},
	{`^[a-z]*`, -1, 4, ""},
	{`^[a-z]{2}$`, -1, 4, ""},
	{`^a\*$`, -1, 4, ""},
}

func bound(n int) *int {
	if n < 0 {
		return nil
	}
	return &n
}

// TestFoldRunes: the count written into the pattern, or declined.
func TestFoldRunes(t *testing.T) {
	for _, c := range foldCases {
		got, ok := foldRunes(c.re, bound(c.min), bound(c.max))
		if !ok {
			got = ""
		}
		if got != c.want {
			t.Errorf("foldRunes(%q, %d, %d) = %q, want %q", c.re, c.min, c.max, got, c.want)
		}
		if ok && portablePattern(got) != "" {
			t.Errorf("foldRunes(%q) = %q, not portable: %s", c.re, got, portablePattern(got))
		}
	}
}

// FuzzFoldRunes: a folded pattern matches exactly the strings that match
// the pattern and have the count of characters.
func FuzzFoldRunes(f *testing.F) {
	for _, s := range []string{"", "A", "A_B9", "x-ab", "x-abcdef", "x-abcdefg", "é", "éàà", "aaaa", "9\nzz"} {
		for i := range foldCases {
			f.Add(i, s)
		}
	}
	res := make([][2]*regexp.Regexp, len(foldCases))
	for i, c := range foldCases {
		if got, ok := foldRunes(c.re, bound(c.min), bound(c.max)); ok {
			res[i] = [2]*regexp.Regexp{regexp.MustCompile(c.re), regexp.MustCompile(got)}
		}
	}
	f.Fuzz(func(t *testing.T, i int, s string) {
		if i < 0 || i >= len(foldCases) || res[i][0] == nil || !utf8.ValidString(s) {
			return
		}
		c := foldCases[i]
		n := utf8.RuneCountInString(s)
		want := res[i][0].MatchString(s) && (c.min < 0 || n >= c.min) && (c.max < 0 || n <= c.max)
		if got := res[i][1].MatchString(s); got != want {
			t.Errorf("%q (from %q, %d..%d) matches %q: %v, want %v", res[i][1], c.re, c.min, c.max, s, got, want)
		}
	})
}
