package tstypes

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

var refersRE = map[string]*regexp.Regexp{}

// supportDeclRE finds the names a top-level declaration of support
// declares: the reference declared is held to.
var supportDeclRE = regexp.MustCompile(`(?m)^(?:export )?(?:function|const|let|class|interface|type) (\w+)`)

// TestDeclaredAgreesWithRegexp: declared reads the same names, and the
// same exported flag, as supportDeclRE, on every block of support and on
// lines made to trip a scan.
func TestDeclaredAgreesWithRegexp(t *testing.T) {
	blocks := strings.Split(strings.TrimSpace(support), "\n\n")
	blocks = append(blocks,
		"export function f() {}\nconst g = 1;\n  let h = 2;\nexport  type T = 1;\nexport interface I {}",
		"function* gen() {}\nfunction $x() {}\nclass C2_ {}\ntype\nconst \nexporttype X = 1\nexport let",
		"/** comment */\n// type T = 1\nexport const é = 1\nlet a1b, c = 2;",
	)
	for _, b := range blocks {
		var want []string
		wantExported := false
		for _, m := range supportDeclRE.FindAllStringSubmatch(b, -1) {
			want = append(want, m[1])
			wantExported = wantExported || strings.HasPrefix(m[0], "export ")
		}
		got, exported := declared(b)
		if !slices.Equal(got, want) || exported != wantExported {
			t.Errorf("declared(%q) = %q, %v; the regexp reads %q, %v", b, got, exported, want, wantExported)
		}
	}
}

// pruneSupportByRegexp is pruneSupport as it was first written: a regexp
// per name over all the kept text, each round. It is the reference the
// single-pass version must agree with.
func pruneSupportByRegexp(support, code string) string {
	blocks := strings.Split(strings.TrimSpace(support), "\n\n")
	keep := make([]bool, len(blocks))
	names := make([][]string, len(blocks))
	for i, b := range blocks {
		exported := false
		for _, m := range supportDeclRE.FindAllStringSubmatch(b, -1) {
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
				kept.WriteString(withoutComments(b)) // a name a comment mentions is no use of it
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
	for _, m := range supportDeclRE.FindAllStringSubmatch(support, -1) {
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

// TestWithoutComments: a name only a comment mentions is no reference
// (_uint's doc named _int, which a module of uint64s alone then kept,
// unused, and tsc --strict refused); code, strings with slashes
// included, stays.
func TestWithoutComments(t *testing.T) {
	for in, want := range map[string]string{
		"/** as _int judges */\nfunction _uint() {}\n":     "\nfunction _uint() {}\n",
		"// _int\nconst a = \"http://x\"; /* _b */ f();\n": "const a = \"http://x\";  f();\n",
		"function f() {\n  // _c\n  return 1;\n}\n":        "function f() {\n  return 1;\n}\n",
		"const r = /a\\/b/;\n":                             "const r = /a\\/b/;\n",
	} {
		if got := withoutComments(in); got != want {
			t.Errorf("withoutComments(%q) = %q, want %q", in, got, want)
		}
	}
	x := indexSupport("/** as _b judges */\nfunction _a() {}\n\nfunction _b() {}\n")
	if slices.Contains(x.refs[0], 1) {
		t.Errorf("_a's block refers to _b's (blocks %v): a comment's name kept it", x.refs[0])
	}
}
