package model

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/schemagen/schemagen/wire"
)

var (
	urlRE    = regexp.MustCompile(URLPattern)
	absURLRE = regexp.MustCompile(AbsURLPattern)
)

// urlCases are inputs at the edges of url.Parse's language; the test asks
// url.Parse itself what each is, so no answer is written here by hand
// but whether the patterns must agree. urlVerdicts pins a few answers,
// so that a change of Go's url.Parse is seen.
var urlCases = []string{
	"", "*", "a", "/", "//", "///", "////", ":", ":a", "a:", "a:b", "1a:b", "+a:b", "a_b:c", "a/b:c", "./a:b", "a?b:c", "a#b:c",
	"http:", "http:/", "http://", "http:///a", "HTTP://A", "http:a", "http:%zz", "http:a?%zz", "mailto:a@b", "x+y-z.w:q",
	"http://example.com", "https://example.com/a/b?c=d#e", "http://a/%zz", "http://a/%41", "http://a/%4", "http://a/%", "/%", "a%",
	"http://a?%zz", "http://a#%zz", "http://a#%41", "#%", "#\x01", "#\n", "#a#b", "a\x01", "a\x7f", "\x00", "a b", " a", "http://a b/",
	"http://u@a", "http://u:p@a", "http://u:p:q@a", "http://u@v@a", "http://@a", "http://%41@a", "http://%zz@a", "http://u%@a",
	"http://ü@a", "http://[@a", "http://]@a", "http://u/@a", "http://a@", "http://a@b@c", "http://u!$&'()*+,;=@a", "http://<@a",
	"http://a:80", "http://a:", "http://a:8x", "http://a:1:2", "https://a:1:2", "HtTp://a:1:2", "ftp://a:1:2", "http://a:b:1",
	"http://a::1", "http://::1", "ftp://::1", "http://a:1:b", "x://a,b:1,c:2", "mongodb://a:1,b:2/db",
	"http://[::1]", "http://[::1]:80", "http://[::1]:", "http://[::1]x", "http://[::1]:8x", "http://[::1", "http://::1]", "http://a]",
	"http://a[", "http://[a", "http://a[::1]", "http://[[::1]]", "http://[::1]]", "http://[]", "http://[::]", "http://[:::]",
	"http://[1:2:3:4:5:6:7:8]", "http://[1:2:3:4:5:6:7:8:9]", "http://[1:2:3:4:5:6:7]", "http://[1::2::3]", "http://[1::]",
	"http://[::1.2.3.4]", "http://[::ffff:1.2.3.4]", "http://[1.2.3.4]", "http://[::1.2.3.04]", "http://[::1.2.3.256]",
	"http://[1:2:3:4:5:6:1.2.3.4]", "http://[1:2:3:4:5:6:7:1.2.3.4]", "http://[1::2:3:4:5:6:1.2.3.4]", "http://[1::3:4:5:6:1.2.3.4]",
	"http://[12345::1]", "http://[fffff::]", "http://[FE80::1]", "http://[fe80::1%25en0]", "http://[fe80::1%25]", "http://[fe80::1%en0]",
	"http://[fe80::1%25en0]:80/", "http://[fe80::1%25%20]", "http://[fe80::1%25%41]", "http://[fe80::1%25%c3]", "http://[fe80::1%25ü]",
	"http://[fe80::1%25a]b]", "http://[fe80::1%25a[b]", "http://[fe80::1%25a b]", "http://[fe80::1%25%25]", "http://[fe80::1%25%zz]",
	"http://[fe80::1%2525]", "http://[::1%2541]", "http://[::1%41]", "http://[v1.x]", "http://[::1%25<>\"]",
	"http://a%41", "http://a%c3%bc", "http://a%25", "http://a%2", "http://a%80", "http://a%7f", "http://ü", "http://a<b>\"c",
	"http://a{b", "http://a|b", "http://a\\b", "http://a^b", "http://a`b", "http://a%", "http://a]b", "http://a;b=c", "http://~a_-.b",
	"//a", "//a:1:2", "//[::1]", "//u@a/b", "//a b", "///a b", "///%zz", "//%zz", "//a/%zz", "//a?%zz",
	"h,a:b", "h+:a", "ht-:a", "htt.:a", "http+:a", "hTTpS+://a:1:2", "h,00:000", // a scheme's characters, near http
	"\u2028", "a\u0085", "http://a/\u00e9", "http://\U0001F600", "http://\U0001F600@a",
}

// urlVerdicts are answers of Go 1.26's url.Parse (wire.ParseURL), kept here so that the table notices a change of Go.
var urlVerdicts = map[string]bool{
	"http://a:1:2": false, "HTTPS://a:1:2": false, "ftp://a:1:2": true, "httpx://a:1:2": true, "htt://a:1:2": true, "//a:1:2": true, "http://[::1]": true, "http://[1.2.3.4]": false, "http://[fe80::1%25en0]": true,
	"http://[fe80::1%25]": false, "http:%zz": true, "http://a/%zz": false, "#\x01": true, "a\x01": false, ":a": false, "1a:b": false,
	"http://[fe80::1%25a]b]": true, "http://ü@a": false, "http://a%7f": false, "http://a%80": true, "http://[::1.2.3.04]": false,
}

// TestURLPattern: URLPattern admits exactly what url.Parse reads, and
// AbsURLPattern exactly that with a scheme.
func TestURLPattern(t *testing.T) {
	for _, s := range urlCases {
		checkURL(t, s)
	}
	for s, want := range urlVerdicts {
		if _, err := wire.ParseURL(s); (err == nil) != want {
			t.Errorf("%q: url.Parse says %v, which this table does not expect: Go's url.Parse changed; read net/url again and mend URLPattern", s, err)
		}
	}
	for _, s := range urlInputs(20000) {
		checkURL(t, s)
	}
}

// FuzzURLPattern compares URLPattern and AbsURLPattern with url.Parse.
func FuzzURLPattern(f *testing.F) {
	for _, s := range urlCases {
		f.Add(s)
	}
	for _, s := range urlInputs(200) {
		f.Add(s)
	}
	f.Fuzz(checkURL)
}

func checkURL(t *testing.T, s string) {
	u, err := wire.ParseURL(s)
	if got := urlRE.MatchString(s); got != (err == nil) {
		t.Errorf("%q: URLPattern matches: %v; url.Parse says %v", s, got, err)
	}
	abs := err == nil && u.IsAbs()
	if got := absURLRE.MatchString(s); got != abs {
		t.Errorf("%q: AbsURLPattern matches: %v; url.Parse says %v, absolute %v", s, got, err, abs)
	}
}

// Pieces of the inputs urlInputs makes.
var (
	urlSchemes  = []string{"", "", "http:", "https:", "HTTP:", "hTtPs:", "ftp:", "x+y.z-w:", "1a:", ":", "a_b:", "mailto:", "urn:", "h:", "ht:", "htt:", "httpx:", "httpsx:", "htp:", "hxtp:"}
	urlUsers    = []string{"", "", "u@", "u:p@", "%41@", "%zz@", "u@v@", "@", "ü@", "[@", "!$&'()*+,;=~_.-@", "u%@", "<@"}
	urlHosts    = []string{"example.com", "a", "", "a:80", "a:", "a:1:2", "a:b", "::1", "a%41", "a%c3%bc", "a%25", "a%2", "a%7f", "ü", "a b", "a<>\"", "a{", "a]", "]", "a[", "a,b:1,c:2"}
	urlPaths    = []string{"", "/", "/a", "/a/b", "//", "/%41", "/%zz", "/%", "a", "a:b", "./a:b", "a/b:c", "*", "/ü", "/a b", "/[]"}
	urlQueries  = []string{"", "", "?", "?a=b", "?%zz", "?a?b", "?:", "?/"}
	urlFrags    = []string{"", "", "#", "#a", "#%41", "#%zz", "#%", "#a#b", "#\x01", "#\n", "# "}
	urlNoise    = []string{"", "%", "%2", "%25", ":", "/", "?", "#", "@", "[", "]", "\x01", "\x7f", " ", "ü", "\U0001F600", "<", "\\", "\t"}
	urlZoneBits = []string{"en0", "a]b", "%20", "%41", "%25", "%c3", "%zz", "ü", "a b", "<>", "%5b", "%7f", "~", ""}
)

// urlIPv6 makes a bracketed IPv6 literal, mostly well formed
// (ipv6Text), now and then with a zone.
func urlIPv6(r *rand.Rand) string {
	pick := func(xs []string) string { return xs[r.IntN(len(xs))] }
	group := func() string {
		if r.IntN(16) == 0 {
			return pick([]string{"12345", "", "g", "fffff"}) // no group
		}
		return pick([]string{"0", "1", "ff", "FFFF", "abcd", "fe80", "0db8", "000"})
	}
	v4 := func() string {
		return pick([]string{"1.2.3.4", "255.255.255.255", "256.1.1.1", "01.2.3.4", "1.2.3", "1.2.3.4.5", "0.0.0.0", "10.0.0.1"})
	}
	s := ipv6Text(r, group, v4)
	if r.IntN(3) == 0 {
		s += "%25" + pick(urlZoneBits) + pick(urlZoneBits)
	} else if r.IntN(20) == 0 {
		s += "%" + pick(urlZoneBits)
	}
	return "[" + s + "]" + pick([]string{"", "", ":80", ":", ":x", "]", "x"})
}

// ipv6Text makes the text of an IPv6 address, mostly well formed: 1 to 9
// groups from group (8, 6 before an IPv4 tail, fewer with ::, now and
// then one more or less), :: now and then, an IPv4 tail from v4 now and
// then. urlIPv6 and netInputs draw theirs with it.
func ipv6Text(r *rand.Rand, group, v4 func() string) string {
	ellipsis, tail4 := r.IntN(2) == 0, r.IntN(4) == 0
	n := 8
	if tail4 {
		n = 6
	}
	if ellipsis {
		n = r.IntN(n + 1)
	}
	if r.IntN(4) == 0 {
		n = max(n+r.IntN(3)-1, 0)
	}
	var groups []string
	for range n {
		groups = append(groups, group())
	}
	at := r.IntN(n + 1)
	head, tail := strings.Join(groups[:at], ":"), strings.Join(groups[at:], ":")
	var s string
	switch {
	case ellipsis:
		s = head + "::" + tail
	case at > 0 && at < n:
		s = head + ":" + tail
	default:
		s = head + tail
	}
	if tail4 {
		sep := ":"
		if strings.HasSuffix(s, ":") || s == "" {
			sep = ""
		}
		s += sep + v4()
	}
	return s
}

// urlInputs are n generated strings, the same every run: a scheme,
// an authority or none, a path, a query and a fragment, each piece now
// and then replaced by noise or followed by it.
func urlInputs(n int) []string {
	r := rand.New(rand.NewPCG(21, 20))
	pick := func(xs []string) string { return xs[r.IntN(len(xs))] }
	noisy := func(s string) string {
		switch r.IntN(20) {
		case 0:
			return pick(urlNoise)
		case 1:
			return s + pick(urlNoise)
		case 2:
			return pick(urlNoise) + s
		}
		return s
	}
	var in []string
	for range n {
		var b strings.Builder
		b.WriteString(noisy(pick(urlSchemes)))
		if r.IntN(3) != 0 {
			b.WriteString(noisy("//"))
			b.WriteString(noisy(pick(urlUsers)))
			if r.IntN(3) == 0 {
				b.WriteString(urlIPv6(r))
			} else {
				b.WriteString(noisy(pick(urlHosts)))
			}
		}
		b.WriteString(noisy(pick(urlPaths)))
		b.WriteString(noisy(pick(urlQueries)))
		b.WriteString(noisy(pick(urlFrags)))
		in = append(in, b.String())
	}
	return in
}

// TestURLPatternIsECMA: the patterns are in the portable subset, with no
// . outside a class, so ECMAPattern leaves them as they are.
func TestURLPatternIsECMA(t *testing.T) {
	for _, p := range []string{URLPattern, AbsURLPattern} {
		if why := portablePattern(p); why != "" {
			t.Fatalf("URL pattern is not portable: %s", why)
		}
		if ECMAPattern(p) != p {
			t.Fatalf("ECMAPattern changes a URL pattern")
		}
	}
}

// TestURLPatternInJavaScript is the differential test of the patterns as
// JSON Schema validators and the TypeScript validators compile them, new
// RegExp(p, "u") in node, against url.Parse, on the table, the generated
// inputs and non-BMP characters (one code point to both, two UTF-16
// units to JavaScript). SCHEMAGEN_REQUIRE_NODE=1 makes a missing node a
// failure rather than a skip.
func TestURLPatternInJavaScript(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("SCHEMAGEN_REQUIRE_NODE") != "" {
			t.Fatalf("node is missing: %v", err)
		}
		t.Skip("node is missing")
	}
	var inputs []string
	for _, s := range append(append([]string{}, urlCases...), urlInputs(20000)...) {
		if utf8.ValidString(s) { // JSON carries text; JavaScript holds no invalid UTF-8
			inputs = append(inputs, s)
		}
	}
	dir := t.TempDir()
	data, _ := json.Marshal(map[string]any{"patterns": []string{URLPattern, AbsURLPattern}, "inputs": inputs})
	in := filepath.Join(dir, "inputs.json")
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	driver := filepath.Join(dir, "run.mjs")
	os.WriteFile(driver, []byte(`import fs from "node:fs";
const { patterns, inputs } = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const res = patterns.map((p) => new RegExp(p, "u"));
process.stdout.write(JSON.stringify(inputs.map((s) => res.map((r) => r.test(s)))));
`), 0o644)
	out, err := exec.Command(node, driver, in).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var got [][2]bool
	if err := json.Unmarshal(out, &got); err != nil || len(got) != len(inputs) {
		t.Fatalf("node answered %d verdicts for %d inputs: %v", len(got), len(inputs), err)
	}
	bad, urls, abs := 0, 0, 0
	for i, s := range inputs {
		u, err := wire.ParseURL(s)
		isAbs := err == nil && u.IsAbs()
		if got[i][0] != (err == nil) || got[i][1] != isAbs {
			bad++
			if bad <= 20 {
				t.Errorf("%q: JavaScript says URL %v, absolute %v; url.Parse says %v, absolute %v", s, got[i][0], got[i][1], err, isAbs)
			}
		}
		if err == nil {
			urls++
		}
		if isAbs {
			abs++
		}
	}
	// Guard the generator: it must reach every answer often.
	if urls < len(inputs)/10 || urls > len(inputs)*9/10 || abs < len(inputs)/20 {
		t.Errorf("url.Parse accepts %d of %d inputs, %d absolute: the inputs probe too little of one side", urls, len(inputs), abs)
	}
	t.Logf("%d inputs, %d URLs, %d absolute, %d disagreements", len(inputs), urls, abs, bad)
}
