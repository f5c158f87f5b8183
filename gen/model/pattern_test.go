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
	// \s and \S are carried: ECMAPattern writes RE2's [\t\n\f\r ] out.
	{`\s`, true},
	{`^\S+$`, true},
	{`^[^\s]+$`, true},
	{`^[^\s-]+$`, true},
	{`\d+( ?(ms|s)|\s*(B|kB))`, true},
	{`^[\sa]$`, true},
	{`^[a\S]$`, true},
	{`^[ \S]$`, true},
	{`^[\t-\r\S]$`, true},
	{`^[\s\S]$`, true},
	{`^[\D\S]$`, true},
	{`^[^a\S]$`, true},
	{`^[^ \S]$`, true},
	{`^[^\x09-\x20\S]$`, true},
	{`^[^\s\S]$`, true},
	{`^[\S\s]$`, true},
	{`^[\S]$`, true},
	{`^[^\S]$`, true},
	{`^[\S\S-]$`, true},
	{`^[\w\S]$`, true},
	{`^[^\W\S]$`, true},
	{`a\sb\Sc.[\s.]`, true},
	// Escaped punctuation ECMA's u mode refuses is written as itself;
	// \A and \z are ^ and $; \pL is \p{L} (CloudFormation's CUE, cfn-cue-modules).
	{`\:`, true},
	{`^arn:aws([a-z]|\-)*:events:([a-z]|\d|\-)*$`, true},
	{`^[a-zA-Z0-9\-\_]{2,50}$`, true},
	{`[A-Za-z0-9_\-\ ]+`, true},
	{`^[\w\s\.\-\:\/\=\+\@\*\?]+$`, true},
	{"\\'\\!\\#\\%\\&\\,\\;\\<\\=\\>\\@\\_\\~\\\"\\`", true},
	{`\Aab\z`, true},
	{`^([\p{L}\p{Z}\p{N}_.:/=+\-@]*)$`, true},
	{`^\P{Lu}\pN\p{Nd}+$`, true},
	{`^[\p{Z}\S]$`, true},
	{`^[^\p{Zs}\S]$`, true},
	{`^[\w-.~]+$`, true},
	{`^[A-Za-z0-9](?:[\w- ]*[A-Za-z0-9])?$`, true},
	{`[\w--z]`, false},
	{`\p{Greek}`, false},
	{`\p{Any}`, false},
	{`[\pL-z]`, true},
	// Found from outside: RE2 accepts, ECMA-262 refuses or reads otherwise.
	{`\a`, false},
	{`\Qa.b\E`, false},
	{`(?s)a`, true},
	{`(?s).*`, true},
	{`^(?s)a.b$`, false},
	{`a(?s).`, false},
	{`[\d-z]`, true},
	{`[\s-z]`, true},
	{`[\S-z]`, true},
	{`(?P<n>a)`, true},
	{`^(?<year>\d{4})-(?<month_1>\d\d)$`, true},
	{`(?P<1a>x)`, false},
	{`(?i)a`, false},
	{`\pL`, true},
	{`\x{41}`, false},
	{`\z`, true},
	// POSIX classes, RE2's alone, are written out (hof's schema/common:
	// ^([[:alpha:]][[:alnum:]-]{0,61}[[:alnum:]]|[[:alpha:]])$).
	{`[[:alpha:]]`, true},
	{`^([[:alpha:]][[:alnum:]-]{0,61}[[:alnum:]]|[[:alpha:]])$`, true},
	{`^[[:^digit:]]+$`, true},
	{`^[^[:alnum:]_]$`, true},
	{`^[[:space:][:punct:]]$`, true},
	{`^[[:blank:]\S]$`, true},
	{`^[^[:print:]\S]$`, true},
	{`^[[:word:][:cntrl:]]$`, true},
	{`^[[:^ascii:][:upper:]]$`, true},
	{`^[[:graph:][:lower:][:xdigit:]]+$`, true},
	{`[[:digit:]-z]`, true},
	{`[[=a=]]`, false},
	{`[[.a.]]`, false},
	{`[]a]`, false},
	// a { that begins no quantifier and a lone } or ] are RE2's literals,
	// escaped for JavaScript.
	{`a{,3}`, true},
	{`a}`, true},
	{`^\{s\}|\{c\-n}$`, true},
	{`a{`, true},
	{`a{x}]`, true},
	{`a{1,2`, true},
	{`x{2}}`, true},
	{`[{}]{2}`, true},
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
		js.WriteString("new RegExp(" + strconvJS(ECMAPattern(p)) + ", 'u');\n") // as the JSON Schemas and TypeScript write it
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
		`a.b`:                             `a[^\n]b`,
		`^[.]\..$`:                        `^[.]\.[^\n]$`,
		`^[a-z]+$`:                        `^[a-z]+$`,
		`\s`:                              `[\t\n\f\r ]`,
		`^\S+$`:                           `^[^\t\n\f\r ]+$`,
		`^[^\s-]+$`:                       `^[^\t\n\f\r -]+$`,
		`\d+( ?(ms|s)|\s*(B|kB))`:         `\d+( ?(ms|s)|[\t\n\f\r ]*(B|kB))`,
		`^[a\S]$`:                         `^[^\t\n\f\r ]$`,
		`^[ \S]$`:                         `^[^\t\n\f\r]$`,
		`^[\t-\r\S]$`:                     `^[^ ]$`,
		`^[\s\S]$`:                        `^[\d\D]$`,
		`^[^a\S]$`:                        `^[\t\n\f\r ]$`,
		`^[^ \S]$`:                        `^[\t\n\f\r]$`,
		`^[^\s\S]$`:                       `^[^\d\D]$`,
		`a\sb\Sc.[\s.]`:                   `a[\t\n\f\r ]b[^\t\n\f\r ]c[^\n][\t\n\f\r .]`,
		`^(?P<major>\d+)\.(?<minor>\d+)$`: `^(?<major>\d+)\.(?<minor>\d+)$`,
		`^arn:aws([a-z]|\-)*:x$`:          `^arn:aws([a-z]|-)*:x$`,
		`^[a-zA-Z0-9\-\_]{2,50}$`:         `^[a-zA-Z0-9\-_]{2,50}$`,
		`\:\ \@`:                          `: @`,
		`\Aab\z`:                          `^ab$`,
		`(?s)a.b[.]`:                      `a[\d\D]b[.]`,
		`^[\w-.~]+$`:                      `^[\w\-.~]+$`,
		`\pL[\pN]\p{Lu}`:                  `\p{L}[\p{N}]\p{Lu}`,
		`^[\p{Z}\S]$`:                     `^[^\t\n\f\r]$`,
		`^[[:alpha:]_][[:alnum:]-]*$`:     `^[A-Za-z_][0-9A-Za-z-]*$`,
		`[[:^digit:]]`:                    "[\\x00-/:-\U0010FFFF]",
		`[[:punct:]]`:                     "[!-/:-@\\x5B-`{-~]",
		`[[:space:][:blank:]]`:            `[\x09-\x0D\x20\x09\x20]`,
		`[[:digit:]-z]`:                   `[0-9\-z]`,
		`a{,3}`:                           `a\{,3\}`,
		`^\{s\}|\{c\-n}$`:                 `^\{s\}|\{c-n\}$`,
		`a{x}]`:                           `a\{x\}\]`,
		`x{2}}`:                           `x{2}\}`,
		`[{}]{2}`:                         `[{}]{2}`,
	} {
		if got := ECMAPattern(in); got != want {
			t.Errorf("ECMAPattern(%q) = %q, want %q", in, got, want)
		}
	}
	probes := []string{"", "a", "ab", "a.b", "a\rb", "a\nb", "a\u2028b", "a\u2029b", "\r", "\n", "é", "A-1", "x.", "..", "\t", "aaa", "a\x00b", "-", "]", "ab\r",
		// RE2's \s is [\t\n\f\r ]; JavaScript's also \v, U+00A0, U+FEFF,
		// U+2028, U+3000, …; U+0085 and U+180E are neither.
		" ", "\f", "\v", "\u00a0", "\ufeff", "\u3000", "\u0085", "\u180e", "\u2000", "a b", "a\tb", "a\vb", "a\u00a0b", "1 kB", "1\u00a0kB", "1\vB", "5ms", "x-y", "a\\",
		"\U0001F600", "_", "9", "Ω", "ω", "٣", "Ⅷ", ":", "@", "'", "arn:aws-x:x", "arn:aws:x",
		"!", "~", "\x7f", "`", "{", "[", "\\", "^", "Z", "z", "0", "f", "g", "F", "G", "\x1f", "\x80", "\U0010FFFF", "\ufffd", "abc-1", "1abc", "a-",
		"}", "a}", "a{,3}", "a{", "a{x}]", "a{1,2", "xx}", "{}", "{s}", "{c-n}"}
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
	if got := inNode(t, js.String()); got != strings.Join(want, "") {
		i := 0
		for i < len(got) && i < len(want) && got[i:i+1] == want[i] {
			i++
		}
		t.Errorf("Go and JavaScript disagree at result %d (pattern %d, probe %q): JavaScript %q, Go %v", i, i/len(probes), probes[i%len(probes)], got, want)
	}
}

// inNode runs script in node and returns what it writes; without node the
// test is skipped.
func inNode(t *testing.T, script string) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node to run the patterns in JavaScript")
	}
	cmd := exec.Command(node, "-") // the script on stdin: too long for an argument
	cmd.Stdin = strings.NewReader(script)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	return string(out)
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

// escapes matches an escape: a backslash and the character after it.
var escapes = regexp.MustCompile(`\\[\s\S]`)

// FuzzPortablePattern: portablePattern never panics; what it accepts of
// what RE2 compiles holds none of the constructs it refuses; and
// ECMAPattern of it, as santhosh-tekuri compiles "pattern" with Go's
// regexp, still compiles there and matches what the pattern matches, on
// the fuzzed text and on the spaces RE2's \s and JavaScript's tell apart
// (TestECMAPatternAgrees runs the JavaScript side).
func FuzzPortablePattern(f *testing.F) {
	for _, c := range patternCases {
		f.Add(c.pattern, "a b")
	}
	for _, in := range []string{"\t", "\v", "\u00a0", "\ufeff", "\u2028", "\u3000", "x\ny", "1\u00a0kB", "1 kB"} {
		f.Add(`^[^\s-]+$`, in)
		f.Add(`\d+( ?(ms|s)|\s*(B|kB))`, in)
		f.Add(`^[ \S]*$`, in)
		f.Add(`^[^a\S]$`, in)
	}
	f.Fuzz(func(t *testing.T, s, in string) {
		re, err := regexp.Compile(s)
		if err != nil {
			return
		}
		if portablePattern(s) != "" {
			return
		}
		body := strings.TrimPrefix(s, "(?s)")
		for _, bad := range []string{`\Q`, `\x{`, `\p{Greek`, `\p{Any`} {
			if strings.Contains(strings.ReplaceAll(body, `\\`, ""), bad) {
				t.Fatalf("accepted %q, which holds %s", s, bad)
			}
		}
		// Outside escapes (\(?s is a literal paren, optional, then s).
		for _, bad := range []string{`(?i`, `(?s`, `[[=`, `[[.`} {
			if strings.Contains(escapes.ReplaceAllString(body, ""), bad) {
				t.Fatalf("accepted %q, which holds %s", s, bad)
			}
		}
		e := ECMAPattern(s)
		ere, err := regexp.Compile(e)
		if err != nil {
			t.Fatalf("ECMAPattern(%q) = %q, which Go refuses: %v", s, e, err)
		}
		for _, p := range []string{in, "", " ", "\t", "\n", "\v", "\f", "\r", "\u00a0", "\ufeff", "\u2028", "a", "a b", "a\u00a0b"} {
			if re.MatchString(p) != ere.MatchString(p) {
				t.Fatalf("%q and its ECMAPattern %q disagree on %q", s, e, p)
			}
		}
	})
}
