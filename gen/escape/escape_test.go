package escape_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/schemagen/schemagen/gen/escape"
)

func TestContexts(t *testing.T) {
	for _, c := range []struct {
		name string
		f    func(string) string
		in   string
		want string
	}{
		{"CComment terminator", escape.CComment, "a verb */ X = 42, /* b", "a verb * / X = 42, / * b"},
		{"CComment runs", escape.CComment, "/*/**/*/", "/ * / ** / * /"},
		{"CComment CRLF", escape.CComment, "a\r\nb\rc", "a\nb\nc"},
		{"CComment bidi", escape.CComment, "x\u202ey\u2066", "x<U+202E>y<U+2066>"},
		{"CComment control", escape.CComment, "a\x00b\x7fc\u0085d", "a<U+0000>b<U+007F>c\nd"},
		{"CComment invalid UTF-8", escape.CComment, "a\xffb", "a<U+FFFD>b"},
		{"TSComment separators", escape.TSComment, "a\u2028export const x = 1\u2029b", "a\nexport const x = 1\n\nb"},
		{"TSComment terminator", escape.TSComment, "*/ export const x = 1; /*", "* / export const x = 1; / *"},
		{"GoComment", escape.GoComment, "a\r\n}\u2028func X() {}", "a\n}\nfunc X() {}"},
		{"GoComment tab and ZWJ kept", escape.GoComment, "a\tb\u200dc", "a\tb\u200dc"},
		{"Markdown HTML", escape.Markdown, "<script>1 << 2 & <!-- </b>", "&lt;script>1 << 2 & &lt;!-- &lt;/b>"},
		{"Markdown bidi", escape.Markdown, "a\u202eb", "a&lt;U+202E>b"},
		{"Markdown blocks", escape.Markdown, "a\n# h\n  - l\n12. n\n| t\n    code", "a\n\\# h\n\\- l\n12\\. n\n\\| t\ncode"},
		{"Markdown lone <", escape.Markdown, "<\n< x\n<b>", "\\<\n\\< x\n&lt;b>"},
		{"MarkdownCell", escape.MarkdownCell, "a | b\n\nc\u2028d", `a \| b c d`},
		{"CString", escape.CString, "a\"b\\c??/\n\xe9\x00" + "1", `"a\"b\\c\?\?/\012\351\0001"`},
		{"TSString", escape.TSString, "a\"b\\\u2028\u202e\U0001F600\x00", `"a\"b\\\u2028\u202e\ud83d\ude00\u0000"`},
		{"GoString", escape.GoString, "a\u2028\u202e\"", `"a\u2028\u202e\""`},
	} {
		if got := c.f(c.in); got != c.want {
			t.Errorf("%s(%q) = %q, want %q", c.name, c.in, got, c.want)
		}
	}
}

// FuzzContexts holds every function to what its context needs, for any
// input: comments that cannot end or open a comment and hold no bidi
// control, line separator or invalid UTF-8; string literals that decode
// to the input (TS through JSON, which is TS's string syntax less its
// extras; Go through strconv) and are printable ASCII.
func FuzzContexts(f *testing.F) {
	for _, s := range []string{"", "*/", "/*", "**//", "a\u2028b", "\u202e", "\xff", "\r\n", "??/", "<b>|x|", "\U0001F600"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for name, fn := range map[string]func(string) string{"CComment": escape.CComment, "TSComment": escape.TSComment, "GoComment": escape.GoComment, "Markdown": escape.Markdown, "MarkdownCell": escape.MarkdownCell} {
			got := fn(s)
			if !utf8.ValidString(got) {
				t.Fatalf("%s(%q) = %q: invalid UTF-8", name, s, got)
			}
			if name != "Markdown" && name != "MarkdownCell" && (strings.Contains(got, "*/") || strings.Contains(got, "/*")) {
				t.Fatalf("%s(%q) = %q holds a comment delimiter", name, s, got)
			}
			for _, r := range got {
				if escape.Bidi(r) || r == '\u2028' || r == '\u2029' || r == '\r' || r == 0x85 || (r < 0x20 && r != '\n' && r != '\t') || r == 0x7f {
					t.Fatalf("%s(%q) = %q holds %U", name, s, got, r)
				}
			}
			if name == "MarkdownCell" && (strings.Contains(got, "\n") || strings.Contains(strings.ReplaceAll(got, `\|`, ""), "|")) {
				t.Fatalf("MarkdownCell(%q) = %q leaves its cell", s, got)
			}
		}
		for name, fn := range map[string]func(string) string{"CString": escape.CString, "TSString": escape.TSString} {
			got := fn(s)
			for i := 0; i < len(got); i++ {
				if got[i] < 0x20 || got[i] >= 0x7f {
					t.Fatalf("%s(%q) = %q: not printable ASCII", name, s, got)
				}
			}
			if name == "CString" && strings.Contains(got, "??") {
				t.Fatalf("%s(%q) = %q holds a trigraph", name, s, got)
			}
		}
		var back string
		if err := json.Unmarshal([]byte(escape.TSString(s)), &back); err != nil || (utf8.ValidString(s) && back != s) {
			t.Fatalf("TSString(%q) = %s reads back as %q, %v", s, escape.TSString(s), back, err)
		}
		if back, err := strconv.Unquote(escape.GoString(s)); err != nil || back != s {
			t.Fatalf("GoString(%q) reads back as %q, %v", s, back, err)
		}
		b := escape.AppendJSON(nil, s)
		if err := json.Unmarshal(b, &back); err != nil || (utf8.ValidString(s) && back != s) {
			t.Fatalf("AppendJSON(%q) = %s reads back as %q, %v", s, b, back, err)
		}
		for _, r := range string(b) {
			if escape.Bidi(r) || r == '\u2028' || r == '\u2029' {
				t.Fatalf("AppendJSON(%q) = %s holds %U", s, b, r)
			}
		}
	})
}

// TestMarkdownCode: a member name as one code span on one line, showing
// every character: plain names as they are, any other quoted, a backtick
// given a longer fence, and in a table cell a pipe escaped.
func TestMarkdownCode(t *testing.T) {
	for _, tc := range []struct{ in, text, cell string }{
		{"name", "`name`", "`name`"},
		{"a.b-c", "`a.b-c`", "`a.b-c`"},
		{"", "`\"\"`", "`\"\"`"},
		{"foo\nbar", "`\"foo\\nbar\"`", "`\"foo\\nbar\"`"},
		{"a b", "`a b`", "`a b`"},
		{" a", "`\" a\"`", "`\" a\"`"},
		{"a`b", "`` a`b ``", "`` a`b ``"},
		{"``", "``` `` ```", "``` `` ```"},
		{"a|b", "`a|b`", "`a\\|b`"},
		{"\u2028", "`\"\\u2028\"`", "`\"\\u2028\"`"},
		{"ü", "`ü`", "`ü`"},
		{`"q"`, "`\"\\\"q\\\"\"`", "`\"\\\"q\\\"\"`"},
		{`a"b`, "`a\"b`", "`a\"b`"},
		{"\xff", "`\"\\xff\"`", "`\"\\xff\"`"},
	} {
		if got := escape.MarkdownCode(tc.in); got != tc.text {
			t.Errorf("MarkdownCode(%q) = %s, want %s", tc.in, got, tc.text)
		}
		if got := escape.MarkdownCodeCell(tc.in); got != tc.cell {
			t.Errorf("MarkdownCodeCell(%q) = %s, want %s", tc.in, got, tc.cell)
		}
	}
}
