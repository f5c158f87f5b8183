package model

import (
	"math/big"
	"regexp"
	"strings"
	"testing"
	"time"
)

var durationRE = regexp.MustCompile(DurationPattern)

// durationCases are inputs at the edges of time.ParseDuration's grammar;
// the test asks ParseDuration itself what each is, so no answer is
// written here by hand but whether the pattern must agree.
var durationCases = []string{
	"", "0", "+0", "-0", "00", "0.0", "1", "+", "-", ".", "s", ".s", "1.s", ".5s", "1.5s", "-.5s",
	"1h2m", "1m1h", "1h1h", "1e3s", "1 s", " 1s", "1s ", "1S", "1H", "1sec", "1hr",
	"1ns", "1us", "1µs", "1μs", "1ms", "1s", "1m", "1h", "1u", "1mm", "1ms2", "1ns1",
	"1.h", "1..5h", "1.5.5h", "+-1s", "-+1s", "--1s", "0s", "0h0m0s", "0.000000001s",
	"1.0000000000000000000000000001s", "300ms", "-1.5h", "2h45m", "1h30m", "1m30.5s",
	"+1h", "1\u00b5s", "1\u03bcs", "1µ", "1\ns", "1s\n", "\n1s",
	// At the edge of the range: Go keeps -2^63 ns, refuses 2^63.
	"9223372036854775807ns", "9223372036854775808ns", "-9223372036854775808ns", "-9223372036854775809ns",
	"2562047h47m16.854775807s", "2562047h47m16.854775808s", "2562048h", "-2562048h",
	"99999999999999999999ns", "0.99999999999999999999999h",
}

// TestDurationPattern: DurationPattern admits exactly what
// time.ParseDuration parses, but for its overflow, which only a total can
// tell (see durationOverflows).
func TestDurationPattern(t *testing.T) {
	for _, s := range durationCases {
		checkDuration(t, s)
	}
}

// FuzzDurationPattern compares DurationPattern with time.ParseDuration.
func FuzzDurationPattern(f *testing.F) {
	for _, s := range durationCases {
		f.Add(s)
	}
	f.Fuzz(checkDuration)
}

func checkDuration(t *testing.T, s string) {
	_, err := time.ParseDuration(s)
	match := durationRE.MatchString(s)
	switch {
	case err == nil && !match:
		t.Errorf("%q: time.ParseDuration parses it, DurationPattern does not match", s)
	case err != nil && match && !durationOverflows(s):
		t.Errorf("%q: DurationPattern matches, time.ParseDuration says %v, and its total is within range", s, err)
	}
}

// durationOverflows reports whether s, which matches DurationPattern, is
// a total of nanoseconds beyond what time.ParseDuration holds: its exact
// value, each term truncated, more than 2^63-1 nanoseconds away from zero
// (2^63 below it), give or take the nanosecond by which ParseDuration's
// float64 fraction may round each term.
func durationOverflows(s string) bool {
	units := []struct {
		name string
		ns   int64
	}{{"ns", 1}, {"us", 1e3}, {"µs", 1e3}, {"μs", 1e3}, {"ms", 1e6}, {"s", 1e9}, {"m", 60e9}, {"h", 3600e9}}
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimLeft(s, "+-")
	total, terms := new(big.Int), int64(0)
	term := regexp.MustCompile(`^([0-9]*(?:\.[0-9]*)?)(ns|us|µs|μs|ms|s|m|h)`)
	for s != "" {
		m := term.FindStringSubmatch(s)
		if m == nil {
			return false
		}
		s = s[len(m[0]):]
		num := m[1]
		if strings.HasSuffix(num, ".") {
			num += "0"
		}
		if strings.HasPrefix(num, ".") {
			num = "0" + num
		}
		r, ok := new(big.Rat).SetString(num)
		if !ok {
			return false
		}
		for _, u := range units {
			if u.name == m[2] {
				r.Mul(r, new(big.Rat).SetInt64(u.ns))
			}
		}
		total.Add(total, new(big.Int).Quo(r.Num(), r.Denom()))
		terms++
	}
	limit := new(big.Int).Lsh(big.NewInt(1), 63) // 2^63
	if !neg {
		limit.Sub(limit, big.NewInt(1))
	}
	return total.Cmp(limit.Sub(limit, big.NewInt(terms))) > 0
}

// TestDurationPatternIsECMA: the pattern is the same language in RE2 and
// ECMA-262 (with u), being made of literals, classes of digits and groups
// only; it holds no . outside a class, so ECMAPattern leaves it as it is.
func TestDurationPatternIsECMA(t *testing.T) {
	if why := portablePattern(DurationPattern); why != "" {
		t.Fatalf("DurationPattern is not portable: %s", why)
	}
	if ECMAPattern(DurationPattern) != DurationPattern {
		t.Fatalf("ECMAPattern changes DurationPattern")
	}
}
