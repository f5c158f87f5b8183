// Package escape is the one way text from a schema (doc comments, names,
// enum values, patterns) is written into a generated file: one function per
// output context. Each returns text that stays inside its context whatever
// it is given, so that a schema can say anything in a doc comment and still
// never add a declaration, end a comment or string early, or make a
// compiler or an editor show something other than what is there.
//
// What every context shares (see clean):
//
//   - line breaks are "\n" only: "\r\n", "\r", U+0085, U+2028 (line
//     separator) and U+2029 (paragraph separator, as a blank line) become
//     "\n", since JavaScript ends a // comment at U+2028 and U+2029 and a
//     lone "\r" ends a line in C and in editors;
//   - bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F,
//     U+061C), which reorder what a reader sees against what a compiler
//     reads ("trojan source", gcc's -Wbidi-chars), other control and
//     invisible format characters, and invalid UTF-8 are written as their
//     code points ("<U+202E>") in comments and prose, and as escapes in
//     string literals;
//   - tabs stay.
//
// The model refuses invalid UTF-8 in a schema at its position
// (gen/model); this package still never writes it.
//
// Per context, on top: in a C or TypeScript block comment no "*/" or "/*"
// survives (a space goes between); a Go comment's caller writes "//" before
// every line of the result; a string literal escapes its quote, its escape
// character and everything that is not printable ASCII (C, TS) or not
// printable (Go); Markdown escapes raw HTML and, in a table cell, "|" and
// line breaks.
package escape

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/schemagen/schemagen/wire"
)

// hidden reports whether r must not reach a generated file as itself: a
// control character other than tab and newline, a bidirectional control,
// or another invisible format character (zero-width joiners excepted:
// they are part of how many scripts are written and change no order).
func hidden(r rune) bool {
	switch {
	case r == '\t' || r == '\n':
		return false
	case r == utf8.RuneError:
		return true
	case r < 0x20 || (r >= 0x7f && r < 0xa0):
		return true
	case r == 0x200c || r == 0x200d: // ZWNJ, ZWJ
		return false
	case r == 0x2028 || r == 0x2029:
		return true
	}
	return unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Co, r) || unicode.Is(unicode.Cs, r)
}

// Bidi reports whether r is a bidirectional control character.
func Bidi(r rune) bool {
	return (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) || r == 0x200e || r == 0x200f || r == 0x061c
}

// clean is s with line breaks as "\n" and every hidden character written
// as its code point, "<U+202E>"; invalid UTF-8 is "<U+FFFD>". Text with
// nothing to clean (printable ASCII, tabs and newlines: nearly every doc
// comment) is returned as it is, without a copy.
func clean(s string) string {
	if plain(s) {
		return s
	}
	return cleanRunes(s)
}

// plain reports whether clean leaves s as it is because every byte is
// printable ASCII, a tab or a newline: no carriage return, control
// character or DEL, and nothing outside ASCII, where every line break,
// hidden character and invalid byte of cleanRunes lies.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 0x20 && c != '\t' && c != '\n') || c >= 0x7f {
			return false
		}
	}
	return true
}

// cleanRunes is clean, rune by rune.
func cleanRunes(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\r':
			b.WriteByte('\n')
			if strings.HasPrefix(s[i+size:], "\n") {
				size++
			}
		case r == 0x85 || r == 0x2028:
			b.WriteByte('\n')
		case r == 0x2029:
			b.WriteString("\n\n")
		case r == utf8.RuneError && size == 1:
			b.WriteString("<U+FFFD>")
		case hidden(r):
			fmt.Fprintf(&b, "<U+%04X>", r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// blockComment is s, cleaned, with a space between every '*' and '/' that
// meet, in either order: nothing in it opens or closes a /* */ comment.
func blockComment(s string) string {
	s = clean(s)
	if !strings.Contains(s, "*/") && !strings.Contains(s, "/*") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteByte(s[i])
		if i+1 < len(s) && ((s[i] == '*' && s[i+1] == '/') || (s[i] == '/' && s[i+1] == '*')) {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// CComment is text for the inside of a C /* */ comment, on one line or
// several: no "*/" or "/*" (gcc's -Wcomment), no bidirectional control,
// line breaks as "\n".
func CComment(text string) string { return blockComment(text) }

// TSComment is text for the inside of a TypeScript /** */ comment, on one
// line or several: as CComment (JavaScript ends lines at U+2028 and
// U+2029 too, which become "\n" here). A caller writing // lines instead
// writes "//" before every line of the result.
func TSComment(text string) string { return blockComment(text) }

// GoComment is text for a Go comment: line breaks as "\n" only, and the
// caller writes "//" before every line of the result (a Go // comment
// ends only at "\n"). "*/" and "/*" are spaced as in CComment, so that
// the text is safe in a /* */ comment too.
func GoComment(text string) string { return blockComment(text) }

// Markdown is text for a Markdown paragraph: cleaned; a '<' that could
// open an HTML tag, comment or declaration (followed by a letter, '/', '!'
// or '?') written as "&lt;", so that no raw HTML reaches the page ("1 << n"
// stays as it is); and every line begun as prose, so that no line of the
// text opens a block of its own (a heading, list, quote, table, fence,
// code block or link definition): leading white space dropped, and a
// backslash before a marker that would start one.
func Markdown(text string) string {
	lines := strings.Split(clean(text), "\n")
	for i, l := range lines {
		l = strings.TrimLeft(l, " \t")
		switch {
		case l == "":
		case strings.ContainsRune("#>-+*=_|[", rune(l[0])), strings.HasPrefix(l, "```"), strings.HasPrefix(l, "~~~"):
			l = "\\" + l
		case l[0] == '<' && !opensTag(l[1:]):
			l = "\\" + l // a < that opens a tag is written &lt; below
		default:
			j := 0
			for j < len(l) && l[j] >= '0' && l[j] <= '9' {
				j++
			}
			if j > 0 && j < len(l) && (l[j] == '.' || l[j] == ')') {
				l = l[:j] + "\\" + l[j:]
			}
		}
		lines[i] = l
	}
	text = strings.Join(lines, "\n")
	if !strings.Contains(text, "<") {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == '<' && opensTag(text[i+1:]) {
			b.WriteString("&lt;")
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// opensTag reports whether a '<' followed by rest could open an HTML tag,
// comment or declaration.
func opensTag(rest string) bool {
	if rest == "" {
		return false
	}
	n := rest[0]
	return n == '/' || n == '!' || n == '?' || (n|0x20 >= 'a' && n|0x20 <= 'z')
}

// MarkdownCell is text for one cell of a Markdown table: as Markdown, on
// one line (runs of white space as one space), with '|' escaped.
func MarkdownCell(text string) string {
	text = Markdown(strings.Join(strings.Fields(clean(text)), " "))
	return strings.ReplaceAll(text, "|", `\|`)
}

// MarkdownCode is s as one Markdown code span in running text: s itself
// when every rune of it is printable (strconv.IsPrint) and it is neither
// empty, begun by a quote nor begun or ended by a space; otherwise its Go
// quoting (strconv.Quote: "" for the empty member name, "foo\nbar" for
// one with a line break), so that the span shows every character and
// stays on one line (MarkdownSpan fences it).
func MarkdownCode(s string) string {
	if s == "" || strings.TrimSpace(s) != s || s[0] == '"' || !printable(s) {
		s = strconv.Quote(s)
	}
	return MarkdownSpan(s)
}

// MarkdownSpan is text, printable and on one line (a value strconv.Quote
// wrote), as one Markdown code span: a backtick in it gets a fence one
// backtick longer than its longest run of them, with a space inside each
// end.
func MarkdownSpan(s string) string {
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	if longest == 0 {
		return "`" + s + "`"
	}
	fence := strings.Repeat("`", longest+1)
	return fence + " " + s + " " + fence
}

// MarkdownCodeCell is MarkdownCode for a table cell: a '|' written \|,
// which a table reads as the character inside a code span too.
func MarkdownCodeCell(s string) string { return cellPipes(MarkdownCode(s)) }

// MarkdownSpanCell is MarkdownSpan for a table cell, as MarkdownCodeCell.
func MarkdownSpanCell(s string) string { return cellPipes(MarkdownSpan(s)) }

func cellPipes(span string) string { return strings.ReplaceAll(span, "|", `\|`) }

// printable reports whether every rune of s is printable (strconv.IsPrint)
// and s is valid UTF-8.
func printable(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || !strconv.IsPrint(r) {
			return false
		}
	}
	return true
}

// GoString is s as a Go interpreted string literal, quotes included:
// strconv.Quote, which escapes every character that is not printable
// (bidirectional controls, U+2028 and U+2029 among them) and invalid
// UTF-8.
func GoString(s string) string { return strconv.Quote(s) }

// CString is s as one C string literal, quotes included, in printable
// ASCII only: '"', '\\' and '?' (against trigraphs) escaped, every other
// byte outside ' '..'~' as a three-digit octal escape (which never takes
// a following digit into it, as a hex escape would). Its bytes are s's
// bytes: UTF-8 stays UTF-8.
func CString(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\' || c == '?':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&b, `\%03o`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// TSString is s as a TypeScript (JavaScript) double-quoted string
// literal, quotes included, in printable ASCII only: '"' and '\\'
// escaped, every other character outside ' '..'~' as \uXXXX (a pair of
// them outside the BMP), invalid UTF-8 as \uFFFD. Its value is s's.
func TSString(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r >= 0x20 && r < 0x7f:
			b.WriteRune(r)
		case r > 0xffff:
			r -= 0x10000
			fmt.Fprintf(&b, `\u%04x\u%04x`, 0xd800+(r>>10), 0xdc00+(r&0x3ff))
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// AppendJSON appends s as a JSON string, quotes included, exactly as
// encoding/json writes it with SetEscapeHTML(false) (control characters,
// '"' and '\\' escaped, U+2028 and U+2029 as \u2028 and \u2029, invalid
// UTF-8 as \ufffd), and in addition every bidirectional control as
// \uXXXX: the value is the same, and what an editor shows is what a
// parser reads. It is the module's one JSON string escaper
// (wire.Escaping), told to escape Bidi too.
func AppendJSON(b []byte, s string) []byte { return jsonEscaping.Append(b, s) }

var jsonEscaping = wire.Escaping{Also: Bidi}
