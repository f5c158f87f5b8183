package model

import (
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
	// Found from outside: RE2 accepts, ECMA-262 refuses or reads otherwise.
	{`\:`, false},
	{`\a`, false},
	{`\Qa.b\E`, false},
	{`(?s)a`, false},
	{`[\d-z]`, false},
	{`a.b`, false},
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
