package jsonschema

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestShortName: a file name past MaxFileName (a type in place named by a
// path of a dozen blocks, cuetf's AWS provider: generate failed writing it,
// "file name too long") is cut to MaxFileName bytes at a character
// boundary with a hash of the whole name: the same on every run, distinct
// for names that share the start; a name within the bound is kept.
func TestShortName(t *testing.T) {
	long := func(tail string) string {
		return strings.Repeat("res.aws-wafv2-web-acl.managed-rule-group-object.", 5) + "é" + tail + Suffix
	}
	taken := map[string]bool{}
	a := shortName(long("a"), taken)
	taken[a] = true
	b := shortName(long("b"), taken)
	if len(a) > MaxFileName || len(b) > MaxFileName || !utf8.ValidString(a) || !strings.HasSuffix(a, Suffix) {
		t.Fatalf("shortName = %q (%d bytes), %q (%d bytes); want at most %d, valid UTF-8, ending %s", a, len(a), b, len(b), MaxFileName, Suffix)
	}
	if a == b {
		t.Errorf("two long names share the start and were both named %q", a)
	}
	if again := shortName(long("a"), map[string]bool{}); again != a {
		t.Errorf("shortName again = %q, want %q", again, a)
	}
	if taken[b] = true; shortName(long("a"), map[string]bool{a: true}) == a {
		t.Errorf("a taken name was given again")
	}
	if got := shortName("seat.schema.json", taken); got != "seat.schema.json" {
		t.Errorf("a short name became %q", got)
	}
}
