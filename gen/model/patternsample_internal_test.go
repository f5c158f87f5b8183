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
