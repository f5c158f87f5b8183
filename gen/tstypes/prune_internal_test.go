package tstypes

import (
	"regexp"
	"strings"
	"testing"
)

var refersRE = map[string]*regexp.Regexp{}

// pruneSupportByRegexp is pruneSupport as it was first written: a regexp
// per name over all the kept text, each round. It is the reference the
// single-pass version must agree with.
func pruneSupportByRegexp(support, code string) string {
	blocks := strings.Split(strings.TrimSpace(support), "\n\n")
	keep := make([]bool, len(blocks))
	names := make([][]string, len(blocks))
	for i, b := range blocks {
		exported := false
		for _, m := range supportDecl.FindAllStringSubmatch(b, -1) {
			names[i] = append(names[i], m[1])
			exported = exported || strings.HasPrefix(m[0], "export ")
		}
		keep[i] = len(names[i]) == 0 || exported
	}
	refers := func(text, name string) bool {
		re, ok := refersRE[name]
		if !ok {
			re = regexp.MustCompile(`(^|[^\w$])` + regexp.QuoteMeta(name) + `($|[^\w$])`)
			refersRE[name] = re
		}
		return re.MatchString(text)
	}
	for changed := true; changed; {
		changed = false
		var kept strings.Builder
		kept.WriteString(code)
		for i, b := range blocks {
			if keep[i] {
				kept.WriteString(b)
			}
		}
		all := kept.String()
		for i := range blocks {
			if keep[i] {
				continue
			}
			for _, n := range names[i] {
				if refers(all, n) {
					keep[i], changed = true, true
					break
				}
			}
		}
	}
	var out []string
	for i, b := range blocks {
		if keep[i] {
			out = append(out, b)
		}
	}
	return strings.Join(out, "\n\n") + "\n"
}

// TestPruneSupportAgreesWithRegexp: the identifier scan keeps exactly what
// a regexp per name keeps, for code calling each support name, beside the
// next name with a $, a digit or a letter at its edges (no identifier of
// its own), and for no name at all.
func TestPruneSupportAgreesWithRegexp(t *testing.T) {
	var names []string
	for _, m := range supportDecl.FindAllStringSubmatch(support, -1) {
		names = append(names, m[1])
	}
	codes := []string{"", "export const x = 1;\n"}
	for i, n := range names {
		o := names[(i+1)%len(names)] // beside characters that make it no identifier of its own
		codes = append(codes, "x."+n+"(v) $"+o+" "+o+"$ 1"+o+" a"+o+"b")
	}
	for _, code := range codes {
		if got, want := pruneSupport(code), pruneSupportByRegexp(support, code); got != want {
			t.Errorf("code %q: the identifier scan keeps\n%s\nthe regexp\n%s", code, got, want)
		}
	}
}
