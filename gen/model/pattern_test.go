package model

import (
	"encoding/json"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

var patternCases = []struct {
	pattern string
	ok      bool
}{
	{`^[^\x00-\x1F\x7F-\x9F]*$`, true},
	{`^[a-z]+$`, true},
	{`^[A-Z0-9-]{3,16}$`, true},
	{`^(?:ab|c)+?\d\w\b\W\D\B$`, true},
	{`^[\-\]a-c\d]$`, true},
	{`\.\*\+\?\(\)\[\]\{\}\|\/\^\$\\`, true},
	{`a{2}b{1,}c{1,3}?`, true},
	{`^é+[à-ÿ]$`, true},
	{`\t\n\v\f\r\x41`, true},
	// . is carried: ECMAPattern writes it [^\n] for JavaScript.
	{`a.b`, true},
	{`^.+$`, true},
	{`.+`, true},
	{`^[.]\..$`, true},
	// Found from outside: RE2 accepts, ECMA-262 refuses or reads otherwise.
	{`\:`, false},
	{`\a`, false},
	{`\Qa.b\E`, false},
	{`(?s)a`, false},
	{`[\d-z]`, false},
	{`\s`, false},
	{`(?P<n>a)`, false},
	{`(?i)a`, false},
	{`\pL`, false},
	{`\x{41}`, false},
	{`\z`, false},
	{`[[:alpha:]]`, false},
	{`[]a]`, false},
	{`a{,3}`, false},
	{`a}`, false},
	{`\101`, false},
}

// TestPortablePattern: every pattern the model accepts compiles in Go and
// (where node is installed) in JavaScript with the u flag, as ajv compiles
// it; the refused ones are those that fail there or mean something else.
func TestPortablePattern(t *testing.T) {
	var accepted []string
	for _, c := range patternCases {
		if _, err := regexp.Compile(c.pattern); err != nil {
			t.Fatalf("%q: not even RE2: %v", c.pattern, err)
		}
		why := portablePattern(c.pattern)
		if (why == "") != c.ok {
			t.Errorf("portablePattern(%q) = %q, want ok=%v", c.pattern, why, c.ok)
		}
		if c.ok {
			accepted = append(accepted, c.pattern)
		}
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node to compile the accepted patterns in JavaScript")
	}
	var js strings.Builder
	for _, p := range accepted {
		js.WriteString("new RegExp(" + strconvJS(p) + ", 'u');\n")
	}
	if out, err := exec.Command(node, "-e", js.String()).CombinedOutput(); err != nil {
		t.Errorf("node refuses an accepted pattern: %v\n%s", err, out)
	}
}

// TestECMAPatternAgrees: for every accepted pattern, Go's RE2 on the
// pattern and JavaScript (u flag, as ajv compiles "pattern") on
// ECMAPattern of it say the same of every probe, line terminators
// included, where RE2's . and ECMA's differ.
func TestECMAPatternAgrees(t *testing.T) {
	for in, want := range map[string]string{
		`a.b`:      `a[^\n]b`,
		`^[.]\..$`: `^[.]\.[^\n]$`,
		`^[a-z]+$`: `^[a-z]+$`,
	} {
		if got := ECMAPattern(in); got != want {
			t.Errorf("ECMAPattern(%q) = %q, want %q", in, got, want)
		}
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node to run the patterns in JavaScript")
	}
	probes := []string{"", "a", "ab", "a.b", "a\rb", "a\nb", "a\u2028b", "a\u2029b", "\r", "\n", "é", "A-1", "x.", "..", "\t", "aaa", "a\x00b", "-", "]", "ab\r"}
	var js strings.Builder
	js.WriteString("const out = [];\n")
	var want []string
	for _, c := range patternCases {
		if !c.ok {
			continue
		}
		re := regexp.MustCompile(c.pattern)
		js.WriteString("{ const re = new RegExp(" + jsonLit(ECMAPattern(c.pattern)) + ", 'u');\n")
		for _, p := range probes {
			js.WriteString("out.push(re.test(" + jsonLit(p) + ") ? '1' : '0');\n")
			if re.MatchString(p) {
				want = append(want, "1")
			} else {
				want = append(want, "0")
			}
		}
		js.WriteString("}\n")
	}
	js.WriteString("process.stdout.write(out.join(''));\n")
	out, err := exec.Command(node, "-e", js.String()).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	if got := string(out); got != strings.Join(want, "") {
		i := 0
		for i < len(got) && i < len(want) && got[i:i+1] == want[i] {
			i++
		}
		t.Errorf("Go and JavaScript disagree at result %d (pattern %d, probe %q): JavaScript %q, Go %v", i, i/len(probes), probes[i%len(probes)], got, want)
	}
}

// jsonLit quotes s as JSON, which JavaScript reads as the same string
// (encoding/json escapes control characters, U+2028 and U+2029).
func jsonLit(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// strconvJS quotes s as a JavaScript string literal.
func strconvJS(s string) string {
	return "\"" + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + "\""
}

// FuzzPortablePattern: portablePattern never panics, and what it accepts
// of what RE2 compiles holds none of the constructs it refuses.
func FuzzPortablePattern(f *testing.F) {
	for _, c := range patternCases {
		f.Add(c.pattern)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if _, err := regexp.Compile(s); err != nil {
			return
		}
		if portablePattern(s) != "" {
			return
		}
		for _, bad := range []string{`\s`, `\S`, `(?i`, `(?s`, `(?P`, `\Q`, `\p`, `\x{`, `\z`, `\A`, `[[:`} {
			if strings.Contains(strings.ReplaceAll(s, `\\`, ""), bad) {
				t.Fatalf("accepted %q, which holds %s", s, bad)
			}
		}
	})
}
