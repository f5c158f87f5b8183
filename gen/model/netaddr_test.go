package model

import (
	"math/rand/v2"
	"net/netip"
	"regexp"
	"strings"
	"testing"
)

// netChecks are net's address checks as CUE's net package decides them
// on a string (pkg/net/ip.go: netip.ParseAddr, then Is4, Is6 or IsValid;
// netip.ParsePrefix).
var netChecks = map[string]func(string) bool{
	"net.IPv4": func(s string) bool { a, err := netip.ParseAddr(s); return err == nil && a.Is4() },
	"net.IPv6": func(s string) bool { a, err := netip.ParseAddr(s); return err == nil && a.Is6() },
	"net.IP":   func(s string) bool { _, err := netip.ParseAddr(s); return err == nil },
	"net.IPCIDR": func(s string) bool {
		_, err := netip.ParsePrefix(s)
		return err == nil
	},
}

// netInputs are n generated strings, the same every run: IPv6 addresses
// mostly well formed (1 to 9 groups of 0 to 5 hex digits, :: now and
// then, an IPv4 tail, a zone), IPv4 addresses, each now and then with a
// prefix length or noise.
func netInputs(n int) []string {
	r := rand.New(rand.NewPCG(6, 12))
	pick := func(xs []string) string { return xs[r.IntN(len(xs))] }
	v4s := []string{"1.2.3.4", "255.255.255.255", "256.1.1.1", "01.2.3.4", "1.2.3", "1.2.3.4.5", "0.0.0.0", "10.0.0.1", "1..2.3", "1.2.3.", "192.168.001.1", "9.99.199.249"}
	group := func() string {
		if r.IntN(16) == 0 {
			return pick([]string{"12345", "", "g", "fffff", " 1"})
		}
		return pick([]string{"0", "1", "ff", "FFFF", "abcd", "fe80", "0db8", "000", "Ab9"})
	}
	v6 := func() string {
		s := ipv6Text(r, group, func() string { return pick(v4s) })
		switch r.IntN(6) {
		case 0:
			s += "%" + pick([]string{"eth0", "", "1", "%", "a:b", "a.b", "ü", "a b", "\n", "/64", "x%y"})
		case 1:
			s += pick([]string{":", ":::", ".", "::1", ":1::"})
		}
		return s
	}
	var in []string
	for range n {
		var s string
		if r.IntN(3) == 0 {
			s = pick(v4s)
		} else {
			s = v6()
		}
		if r.IntN(3) == 0 {
			s += "/" + pick([]string{"0", "8", "24", "32", "33", "64", "99", "100", "119", "128", "129", "08", "+8", "-1", "", "1e2", " 8", "80000000000000000000", "/8"})
		}
		if r.IntN(30) == 0 {
			s = pick([]string{" ", "x", "%", "\x00"}) + s
		}
		in = append(in, s)
	}
	return append(in, "", "::", ":::", "::1", "1::", "::ffff:1.2.3.4", "1:2:3:4:5:6:7::", "::1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8::",
		"1::2:3:4:5:6:7:8", "1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5::1.2.3.4", "1:2:3:4:5:6::1.2.3.4", "::1.2.3.4", "1.2.3.4::", "fe80::1%eth0", "fe80::1%",
		"1.2.3.4%eth0", "%eth0", "::/0", "::1/128", "fe80::1%eth0/64", "1.2.3.4/32", "1.2.3.4/33", "0.0.0.0/0", "::ffff:1.2.3.4/96", "::ffff:1.2.3.4/129")
}

// TestNetPatterns holds each pattern of net's address checks to netip, as
// CUE's net package decides them, on generated inputs; and ECMAPattern of
// each, run in JavaScript, to Go's regexp on the same inputs.
func TestNetPatterns(t *testing.T) {
	in := netInputs(20000)
	counts := map[string][2]int{}
	for name, check := range netChecks {
		re := regexp.MustCompile(netPatterns[name])
		for _, s := range in {
			want := check(s)
			if got := re.MatchString(s); got != want {
				t.Errorf("%s: %q: the pattern matches: %v; netip says %v", name, s, got, want)
			}
			c := counts[name]
			if want {
				c[0]++
			} else {
				c[1]++
			}
			counts[name] = c
		}
		if portablePattern(netPatterns[name]) != "" {
			t.Errorf("%s: the pattern is not portable: %s", name, portablePattern(netPatterns[name]))
		}
	}
	t.Logf("inputs valid and not, by check: %v", counts)
	for name, c := range counts {
		// Both answers, many times: a generator that drifted to one
		// side would test nothing.
		if c[0] < 500 || c[1] < 500 {
			t.Errorf("%s: %d inputs valid, %d not: want many of each", name, c[0], c[1])
		}
	}
	var js strings.Builder
	js.WriteString("const inputs = " + jsonLit(strings.Join(in, "\x01")) + ".split('\\x01');\nconst out = [];\n")
	var want strings.Builder
	for _, name := range []string{"net.IPv4", "net.IPv6", "net.IP", "net.IPCIDR"} {
		js.WriteString("{ const re = new RegExp(" + jsonLit(ECMAPattern(netPatterns[name])) + ", 'u'); for (const s of inputs) out.push(re.test(s) ? '1' : '0'); }\n")
		re := regexp.MustCompile(netPatterns[name])
		for _, s := range in {
			if re.MatchString(s) {
				want.WriteByte('1')
			} else {
				want.WriteByte('0')
			}
		}
	}
	js.WriteString("process.stdout.write(out.join(''));\n")
	if got := inNode(t, js.String()); got != want.String() {
		i := 0
		for i < len(got) && i < want.Len() && got[i] == want.String()[i] {
			i++
		}
		t.Errorf("Go and JavaScript disagree at result %d (input %q)", i, in[i%len(in)])
	}
}

// FuzzNetPatterns: each pattern agrees with netip on any string.
func FuzzNetPatterns(f *testing.F) {
	for _, s := range netInputs(200) {
		f.Add(s)
	}
	res := map[string]*regexp.Regexp{}
	for name := range netChecks {
		res[name] = regexp.MustCompile(netPatterns[name])
	}
	f.Fuzz(func(t *testing.T, s string) {
		for name, check := range netChecks {
			if got, want := res[name].MatchString(s), check(s); got != want {
				t.Errorf("%s: %q: the pattern matches: %v; netip says %v", name, s, got, want)
			}
		}
	})
}
