package model

import (
	"fmt"
	"regexp/syntax"
	"strings"
	"unicode"
	"unicode/utf8"
)

// portablePattern says why a pattern (=~) that Go's RE2 compiles would not
// mean the same to a JSON Schema validator, or "". Validators compile
// "pattern" as ECMA-262 with the u flag (ajv: new RegExp(p, "u")), so the
// accepted subset is the one whose every construct both dialects read
// alike, or that ECMAPattern rewrites so that they do:
//
//   - literal characters, and \ before one of ^$\.*+?()[]{}|/;
//   - \ before other ASCII punctuation or a space (\-, \_, \:), which
//     RE2 reads as the character and ECMA's u mode refuses to escape:
//     ECMAPattern writes the character;
//   - ^ and $ (no flags: the start and end of the text in both), and \A
//     and \z, which ECMAPattern writes ^ and $;
//   - (?s) at the very start, which makes . any character: ECMAPattern
//     drops it and writes each . outside a class [\d\D];
//   - \p{…} and \P{…} of a Unicode general category (L, Lu, Nd, Z, …),
//     which both read alike in u mode; Go's \pL is written \p{L};
//   - groups ( ) and (?: ), alternation |, and the quantifiers * + ? {n}
//     {n,} {n,m}, each optionally lazy (?);
//   - \d \D \w \W \b \B (ASCII in both, with no i flag), \t \n \v \f \r and
//     \xHH;
//   - \s and \S, rewritten (below);
//   - classes [...] and [^...] of those characters and escapes, with \- ,
//     and ranges between characters.
//
// A . outside a class means "any character but \n" to RE2, and "any but
// \n, \r, U+2028 and U+2029" to ECMA-262: it is carried, and ECMAPattern
// writes it [^\n] for JavaScript, which both read as RE2 reads the dot.
//
// \s is exactly [\t\n\f\r ] to RE2 (CUE's meaning), and also \v, U+00A0,
// U+FEFF, U+2028 and the other Unicode spaces to ECMA-262: it is carried,
// and ECMAPattern writes RE2's five characters out (see there).
//
// Named groups (?<name>…) and (?P<name>…) are carried, the name ASCII
// letters, digits and _ (not first a digit): ECMAPattern writes Go's
// (?P<name>…) as (?<name>…).
//
// Refused, with why: flags other than a leading (?s) and lookarounds
// ((?i), (?=…); carriedPattern writes (?i), (?s) and (?U) out), \Q…\E,
// \a, a Unicode script or other property (\p{Greek}, ECMA's
// \p{Script=Greek}, which RE2 refuses), \x{…}, octal and back
// references, a class escape as a range's end ([a-\s]; a - after one, [\w-.], is a literal, written \-), [= and [.
// in a class. A { } or ] that is not part of a quantifier or a class is
// a literal to RE2, which ECMAPattern escapes (\{, \}, \]). A POSIX class in a class ([[:alpha:]], [[:^digit:]]) is RE2's
// alone: ECMAPattern writes it out as the ranges RE2 gives it (ASCII;
// the negated form its complement up to U+10FFFF).
func portablePattern(s string) string {
	why, _ := scanPattern(s)
	return why
}

// ECMAPattern is a portable pattern (one the model accepted) as
// JavaScript and JSON Schema validators must read it to match what Go's
// RE2 matches. The rewritten text reads the same to RE2 too (santhosh-
// tekuri compiles "pattern" with Go's regexp):
//
//   - a . outside a class is written [^\n] ([\d\D] after a leading (?s));
//   - escaped punctuation ECMA's u mode refuses (\-, \_, \:) is the
//     character; \A and \z are ^ and $; \pL is \p{L};
//   - \s outside a class is written [\t\n\f\r ], \S [^\t\n\f\r ];
//   - \s in a class is written as those five characters ([^\s-] is
//     [^\t\n\f\r -]);
//   - a class holding \S is all characters but some of those five, or some
//     of them if negated: it is written as those, found by testing each of
//     the five against the class's other members ([a\S] is [^\t\n\f\r ],
//     [ \S] is [^\t\n\f\r], [^a\S] is [\t\n\f\r ], [^ \S] is [\t\n\f\r]);
//     [\d\D] when it is every character and [^\d\D] when none;
//   - a { that begins no quantifier, and a } or ] that ends none, are
//     escaped (a{,3} is a\{,3\}), literals to both;
//   - a POSIX class in a class is written as its ranges ([[:alpha:]_] is
//     [A-Za-z_], [[:^digit:]] is [\x00-/:-\U0010FFFF], the last character
//     written as itself).
//
// Every other construct of the portable subset reads alike in both.
func ECMAPattern(s string) string {
	_, edits := scanPattern(s)
	if len(edits) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, e := range edits {
		b.WriteString(s[last:e.at])
		b.WriteString(e.with)
		last = e.at + e.n
	}
	b.WriteString(s[last:])
	return b.String()
}

// groupName reads the opening of a named group at the start of s,
// (?<name> or (?P<name>, and returns its length: a name both RE2 and
// ECMA-262 read alike, an ASCII letter or _ then letters, digits and _.
func groupName(s string) (int, bool) {
	var rest string
	switch {
	case strings.HasPrefix(s, "(?P<"):
		rest = s[4:]
	case strings.HasPrefix(s, "(?<") && !strings.HasPrefix(s, "(?<=") && !strings.HasPrefix(s, "(?<!"):
		rest = s[3:]
	default:
		return 0, false
	}
	end := strings.IndexByte(rest, '>')
	if end < 1 {
		return 0, false
	}
	for k, c := range []byte(rest[:end]) {
		letter := c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (k == 0 || c < '0' || c > '9') {
			return 0, false
		}
	}
	return len(s) - len(rest) + end + 1, true
}

// patternEdit replaces the n bytes of a pattern at at with with.
type patternEdit struct {
	at, n int
	with  string
}

// re2Space is RE2's \s, the characters it matches in the order ECMAPattern
// writes them.
var re2Space = [...]struct {
	r    rune
	text string
}{{'\t', `\t`}, {'\n', `\n`}, {'\f', `\f`}, {'\r', `\r`}, {' ', ` `}}

// scanPattern reads a pattern for portablePattern: why it is not
// portable, or "" with the edits, in order, that make it read alike in
// ECMA-262 (ECMAPattern).
func scanPattern(s string) (why string, edits []patternEdit) {
	const syntax = `^$\.*+?()[]{}|/`
	i := 0
	// escape reads the escape at s[i] (a '\') outside or inside a class
	// and says why it is refused, or "" with i past it, and what it
	// stands for: the character r, or for a class escape (\d, \s) its
	// letter cls, which cannot end a range.
	escape := func(inClass bool) (why string, r rune, cls byte, ed *patternEdit) {
		if i+1 >= len(s) {
			return `a pattern cannot end in \`, 0, 0, nil
		}
		c := s[i+1]
		switch {
		case strings.IndexByte(syntax, c) >= 0 || (inClass && c == '-'):
			i += 2
			return "", rune(c), 0, nil
		case strings.IndexByte("dDwWsS", c) >= 0:
			i += 2
			return "", 0, c, nil
		case c == 'p' || c == 'P':
			// \p{L}, \P{Nd}: a Unicode general category, which both
			// read alike (ECMA-262 in u mode); Go's \pL is written
			// \p{L}. A script (\p{Greek}) is ECMA's \p{Script=Greek},
			// which Go refuses, so it is not carried.
			at := i
			name, n := "", 0
			switch {
			case i+2 < len(s) && s[i+2] == '{':
				end := strings.IndexByte(s[i+3:], '}')
				if end < 0 {
					return `\p{ is never closed`, 0, 0, nil
				}
				name, n = s[i+3:i+3+end], 4+end
			case i+2 < len(s):
				name, n = s[i+2:i+3], 3
			}
			if _, ok := unicode.Categories[name]; !ok || name == "" {
				return fmt.Sprintf(`\%c{%s}: a Unicode property is carried when it is a general category (\p{L}, \p{Lu}, \p{Nd}, \p{Z}, …), which Go and JavaScript read alike; a script or another property is written differently in each`, c, name), 0, 0, nil
			}
			i += n
			var e *patternEdit
			if n == 3 {
				e = &patternEdit{at, 3, `\` + string(c) + `{` + name + `}`}
			}
			return "", 0, c, e
		case !inClass && (c == 'A' || c == 'z'):
			// \A and \z: the start and end of the text, which ^ and $
			// are to both (no m flag).
			i += 2
			with := "^"
			if c == 'z' {
				with = "$"
			}
			return "", 0, 0, &patternEdit{i - 2, 2, with}
		case c < utf8.RuneSelf && c > ' ' && c != 0x7f && !isAlnum(c) || c == ' ':
			// \- \_ \: \@ \  …: the character itself to Go, which ECMA's
			// u mode refuses to escape; written as the character, which
			// is no syntax to either (the syntax characters are above).
			i += 2
			return "", rune(c), 0, &patternEdit{i - 2, 2, string(c)}
		case c == 'b' || c == 'B':
			if inClass {
				return `\b in a class is a backspace to JavaScript and an error to Go; write \x08`, 0, 0, nil
			}
			i += 2
			return "", 0, 0, nil
		case strings.IndexByte("tnvfr", c) >= 0:
			i += 2
			return "", rune("\t\n\v\f\r"[strings.IndexByte("tnvfr", c)]), 0, nil
		case c == 'x':
			if i+3 < len(s) && isHex(s[i+2]) && isHex(s[i+3]) {
				i += 4
				return "", rune(hexVal(s[i-2])<<4 | hexVal(s[i-1])), 0, nil
			}
			return `\x takes two hex digits here (\x{…} is Go's alone)`, 0, 0, nil
		case c >= '0' && c <= '9':
			return fmt.Sprintf(`\%c: octal escapes and back references read differently in Go and JavaScript; write \xHH`, c), 0, 0, nil
		}
		r, _ = utf8.DecodeRuneInString(s[i+1:])
		return fmt.Sprintf(`\%c is not an escape JavaScript (ECMA-262 with the u flag, as JSON Schema validators compile patterns) and Go both read alike; escape only one of %s, use \d \w \s \b \t \n \v \f \r \xHH, or a general category \p{L}`, r, syntax), 0, 0, nil
	}
	// quantifier reads {n}, {n,} or {n,m} at s[i] and reports whether it
	// is one, with i past it.
	quantifier := func() bool {
		j := i + 1
		digits := func() bool {
			k := j
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			return j > k
		}
		if !digits() {
			return false
		}
		if j < len(s) && s[j] == ',' {
			j++
			digits()
		}
		if j < len(s) && s[j] == '}' {
			i = j + 1
			return true
		}
		return false
	}
	// (?s) first (CloudFormation's CUE: "(?s).*"): . is any character,
	// [\d\D] to both; the flag itself is dropped.
	dotAll := strings.HasPrefix(s, "(?s)")
	if dotAll {
		edits = append(edits, patternEdit{0, 4, ""})
		i = 4
	}
	for i < len(s) {
		c := s[i]
		switch c {
		case '\\':
			at := i
			why, _, cls, ed := escape(false)
			if why != "" {
				return why, nil
			}
			if ed != nil {
				edits = append(edits, *ed)
			}
			switch cls {
			case 's':
				edits = append(edits, patternEdit{at, 2, `[` + spaceText(nil) + `]`})
			case 'S':
				edits = append(edits, patternEdit{at, 2, `[^` + spaceText(nil) + `]`})
			}
		case '.':
			if dotAll {
				edits = append(edits, patternEdit{i, 1, `[\d\D]`})
			} else {
				edits = append(edits, patternEdit{i, 1, `[^\n]`})
			}
			i++
		case '(':
			if strings.HasPrefix(s[i:], "(?") {
				if n, ok := groupName(s[i:]); ok {
					// (?<name>…), or Go's (?P<name>…), written
					// (?<name>…) for JavaScript: a name changes
					// nothing a pattern matches.
					if strings.HasPrefix(s[i:], "(?P<") {
						edits = append(edits, patternEdit{i, 4, "(?<"})
					}
					i += n
					continue
				}
				if !strings.HasPrefix(s[i:], "(?:") {
					return "lookarounds ((?=…), (?<=…)) are not RE2's, and the flag (?m) (^ and $ at every line) is one JavaScript states only with a flag of its own; (?i), (?s) and (?U) are written out without flags (not beside a Unicode property, \\p{…}, which written out would be this Go release's table of it); groups (…), (?:…) and named groups (?<name>…) of a name of ASCII letters, digits and _ are carried", nil
				}
				i += 3
				continue
			}
			i++
		case '{':
			if !quantifier() {
				// a{ or a{,3}: a literal { to RE2 (it repeats only as
				// {n}, {n,} or {n,m}), which ECMA's u mode refuses
				// unescaped: written \{.
				edits = append(edits, patternEdit{i, 1, `\{`})
				i++
				continue
			}
			if i < len(s) && s[i] == '?' {
				i++
			}
		case '}', ']':
			// a lone } or ]: a literal to RE2, refused unescaped by
			// ECMA's u mode (AWS CloudFormation's pattern
			// \{satellite_id\}|\{config\-name}): written \} or \].
			edits = append(edits, patternEdit{i, 1, `\` + string(c)})
			i++
		case '[':
			start := i
			i++
			negated := i < len(s) && s[i] == '^'
			if negated {
				i++
			}
			if i < len(s) && s[i] == ']' {
				return `a ] first in a class closes it in JavaScript and is a literal to Go; write \]`, nil
			}
			// spaces[k]: the class's members other than \S match
			// re2Space[k]; spaceEdits: its \s written out.
			var spaces [len(re2Space)]bool
			var spaceEdits []patternEdit
			hasNotSpace := false
			mark := func(lo, hi rune) {
				for k, sp := range re2Space {
					if lo <= sp.r && sp.r <= hi {
						spaces[k] = true
					}
				}
			}
			prevAtom, prevClass, rangeOpen := false, false, false
			var prev rune
			for {
				if i >= len(s) {
					return "the class [ is never closed", nil
				}
				c := s[i]
				if c == ']' {
					i++
					break
				}
				var r rune
				var cls byte
				switch {
				case c == '\\':
					at := i
					var why string
					var ed *patternEdit
					why, r, cls, ed = escape(true)
					if why != "" {
						return why, nil
					}
					if ed != nil {
						spaceEdits = append(spaceEdits, *ed)
					}
					switch cls {
					case 's':
						spaceEdits = append(spaceEdits, patternEdit{at, 2, spaceText(nil)})
					case 'S':
						hasNotSpace = true
					case 'p', 'P':
						// \p{Z} holds the space: which of RE2's
						// five spaces the category holds.
						name := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(s[at+2:i], "{"), ""), "}")
						for k, sp := range re2Space {
							if unicode.Is(unicode.Categories[name], sp.r) == (cls == 'p') {
								spaces[k] = true
							}
						}
					}
				case c == '[' && i+1 < len(s) && s[i+1] == ':':
					// [[:alpha:]]: a POSIX class, RE2's alone, written
					// out as the ASCII ranges RE2 gives it.
					end := strings.Index(s[i:], ":]")
					if end < 0 {
						return "the POSIX class [: is never closed", nil
					}
					name := s[i+2 : i+end]
					ranges, ok := posixRanges(name)
					if !ok {
						return fmt.Sprintf("[:%s:] is no POSIX class RE2 knows (alnum, alpha, ascii, blank, cntrl, digit, graph, lower, print, punct, space, upper, word, xdigit)", name), nil
					}
					if rangeOpen {
						return `a range cannot end at a POSIX class ([a-[:digit:]]): write \- or move the -`, nil
					}
					for _, rg := range ranges {
						mark(rg[0], rg[1])
					}
					spaceEdits = append(spaceEdits, patternEdit{i, end + 2, rangesText(ranges)})
					i += end + 2
					prevAtom, prevClass = true, true
					continue
				case c == '[' && i+1 < len(s) && (s[i+1] == '=' || s[i+1] == '.'):
					return "[= and [. (POSIX equivalence classes and collating symbols) are no syntax to Go, which reads the [ as a character, and JavaScript reads them alike but refuses the lone ] that follows; escape the [ (\\[)", nil
				case c == '-' && prevAtom && !rangeOpen && i+1 < len(s) && s[i+1] != ']':
					if prevClass {
						// [\w-.~] (CloudFormation's CUE): Go reads a
						// literal -, which JavaScript refuses unescaped;
						// written \-.
						if s[i+1] == '-' {
							return `a range cannot begin at a class escape ([\d-z]): JavaScript refuses it and Go reads a literal -; write \- or move the -`, nil
						}
						spaceEdits = append(spaceEdits, patternEdit{i, 1, `\-`})
						i++
						prevAtom, prevClass, prev = true, false, '-'
						continue
					}
					rangeOpen = true
					i++
					continue
				default:
					var n int
					r, n = utf8.DecodeRuneInString(s[i:])
					i += n
				}
				if rangeOpen && cls != 0 {
					return `a range cannot end at a class escape ([a-\d]): JavaScript refuses it and Go reads a literal -; write \- or move the -`, nil
				}
				switch {
				case rangeOpen:
					mark(prev, r)
				case cls == 'D' || cls == 'W' || cls == 's':
					mark(0, utf8.MaxRune) // each holds all five
				case cls == 0:
					mark(r, r)
				}
				prevAtom, prevClass, prev = !rangeOpen, cls != 0, r
				rangeOpen = false
			}
			if !hasNotSpace {
				edits = append(edits, spaceEdits...)
				continue
			}
			// [X\S] is every character but the spaces X lacks, [^X\S]
			// those spaces.
			var lack []bool
			for _, in := range spaces {
				lack = append(lack, !in)
			}
			var with string
			switch text := spaceText(lack); {
			case text == "" && negated:
				with = `[^\d\D]`
			case text == "":
				with = `[\d\D]`
			case negated:
				with = `[` + text + `]`
			default:
				with = `[^` + text + `]`
			}
			edits = append(edits, patternEdit{start, i - start, with})
		default:
			_, n := utf8.DecodeRuneInString(s[i:])
			i += n
		}
	}
	return "", edits
}

// spaceText writes the characters of re2Space that keep says, all of them
// if keep is nil, as they go in a class.
func spaceText(keep []bool) string {
	var b strings.Builder
	for k, sp := range re2Space {
		if keep == nil || keep[k] {
			b.WriteString(sp.text)
		}
	}
	return b.String()
}

func hexVal(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c | 0x20 - 'a' + 10
}

func isAlnum(c byte) bool {
	return (c >= '0' && c <= '9') || (c|0x20 >= 'a' && c|0x20 <= 'z')
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c|0x20 >= 'a' && c|0x20 <= 'f')
}

// maxRepeat is the largest count RE2 takes in a quantifier {n,m}.
const maxRepeat = 1000

// foldRunes writes a count of characters into the pattern re, when re
// states a fixed run of single characters followed by one repeated
// character, anchored at both ends (^[A-Z_][A-Z0-9_]*$): the count bounds
// the repetition (^[A-Z_][A-Z0-9_]{0,255}$ for at most 256), and the
// pattern then matches exactly the strings that match re and have from
// min to max characters (either may be nil). It reports false for any
// other pattern, a count no string matching re has, or one beyond RE2's
// largest repeat. Only the final quantifier of the text changes, so the
// pattern stays in the portable subset (portablePattern).
func foldRunes(re string, min, max *int) (string, bool) {
	var quant string
	switch {
	case strings.HasSuffix(re, "*$"):
		quant = "*"
	case strings.HasSuffix(re, "+$"):
		quant = "+"
	default:
		return "", false
	}
	tree, err := syntax.Parse(re, syntax.Perl)
	if err != nil || tree.Op != syntax.OpConcat || len(tree.Sub) < 3 {
		return "", false
	}
	subs := tree.Sub
	if subs[0].Op != syntax.OpBeginText || subs[len(subs)-1].Op != syntax.OpEndText {
		return "", false
	}
	single := func(x *syntax.Regexp) bool {
		switch x.Op {
		case syntax.OpLiteral:
			return len(x.Rune) == 1 && x.Flags&syntax.FoldCase == 0
		case syntax.OpCharClass, syntax.OpAnyCharNotNL, syntax.OpAnyChar:
			return true
		}
		return false
	}
	fixed := 0
	for _, x := range subs[1 : len(subs)-2] {
		switch {
		case x.Op == syntax.OpLiteral && x.Flags&syntax.FoldCase == 0:
			fixed += len(x.Rune)
		case single(x):
			fixed++
		default:
			return "", false
		}
	}
	last := subs[len(subs)-2]
	lo := 0
	switch {
	case last.Op == syntax.OpStar && last.Flags&syntax.NonGreedy == 0 && quant == "*":
	case last.Op == syntax.OpPlus && last.Flags&syntax.NonGreedy == 0 && quant == "+":
		lo = 1
	default:
		return "", false
	}
	if !single(last.Sub[0]) {
		return "", false
	}
	// The repeated character's count n: lo <= n, min <= fixed+n <= max.
	if min != nil && *min-fixed > lo {
		lo = *min - fixed
	}
	hi := ""
	if max != nil {
		n := *max - fixed
		if n < lo || n > maxRepeat {
			return "", false
		}
		hi = fmt.Sprint(n)
	}
	if lo > maxRepeat {
		return "", false
	}
	return fmt.Sprintf("%s{%d,%s}$", re[:len(re)-2], lo, hi), true
}

// posixClass is each POSIX class RE2 reads in a class ([[:alpha:]]), as
// the ASCII ranges it matches (regexp/syntax's table).
var posixClass = map[string][][2]rune{
	"alnum":  {{'0', '9'}, {'A', 'Z'}, {'a', 'z'}},
	"alpha":  {{'A', 'Z'}, {'a', 'z'}},
	"ascii":  {{0, 0x7f}},
	"blank":  {{'\t', '\t'}, {' ', ' '}},
	"cntrl":  {{0, 0x1f}, {0x7f, 0x7f}},
	"digit":  {{'0', '9'}},
	"graph":  {{'!', '~'}},
	"lower":  {{'a', 'z'}},
	"print":  {{' ', '~'}},
	"punct":  {{'!', '/'}, {':', '@'}, {'[', '`'}, {'{', '~'}},
	"space":  {{'\t', '\r'}, {' ', ' '}},
	"upper":  {{'A', 'Z'}},
	"word":   {{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}},
	"xdigit": {{'0', '9'}, {'A', 'F'}, {'a', 'f'}},
}

// posixRanges is the ranges of the POSIX class name ("alpha", or "^alpha"
// for its complement), sorted, or false when RE2 knows no such class.
func posixRanges(name string) ([][2]rune, bool) {
	neg := strings.HasPrefix(name, "^")
	ranges, ok := posixClass[strings.TrimPrefix(name, "^")]
	if !ok || !neg {
		return ranges, ok
	}
	var out [][2]rune
	next := rune(0)
	for _, rg := range ranges {
		if rg[0] > next {
			out = append(out, [2]rune{next, rg[0] - 1})
		}
		next = rg[1] + 1
	}
	return append(out, [2]rune{next, utf8.MaxRune}), true
}

// rangesText writes ranges as a class's members both RE2 and ECMA-262 (u
// flag) read alike: a printable ASCII character that is no syntax in a
// class as itself, another below U+0080 as \xHH, and any other as the
// character itself (U+10FFFF, as UTF-8, which JSON and JavaScript carry).
func rangesText(ranges [][2]rune) string {
	var b strings.Builder
	one := func(r rune) {
		switch {
		case r >= utf8.RuneSelf:
			b.WriteRune(r)
		case r > ' ' && r < 0x7f && (isAlnum(byte(r)) || !strings.ContainsRune(`\]^-[`, r)):
			b.WriteRune(r)
		default:
			fmt.Fprintf(&b, `\x%02X`, r)
		}
	}
	for _, rg := range ranges {
		one(rg[0])
		if rg[1] != rg[0] {
			if rg[1] > rg[0]+1 {
				b.WriteByte('-')
			}
			one(rg[1])
		}
	}
	return b.String()
}
