package model

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// portablePattern says why a pattern (=~) that Go's RE2 compiles would not
// mean the same to a JSON Schema validator, or "". Validators compile
// "pattern" as ECMA-262 with the u flag (ajv: new RegExp(p, "u")), so the
// accepted subset is the one whose every construct both dialects read
// alike:
//
//   - literal characters, and \ before one of ^$\.*+?()[]{}|/ (ECMA's u
//     mode refuses any other escaped punctuation, \: for instance);
//   - ^ and $ (no flags: the start and end of the text in both);
//   - groups ( ) and (?: ), alternation |, and the quantifiers * + ? {n}
//     {n,} {n,m}, each optionally lazy (?);
//   - \d \D \w \W \b \B (ASCII in both, with no i flag), \t \n \v \f \r and
//     \xHH;
//   - classes [...] and [^...] of those characters and escapes, with \- ,
//     and ranges between characters.
//
// A . outside a class means "any character but \n" to RE2, and "any but
// \n, \r, U+2028 and U+2029" to ECMA-262: it is carried, and ECMAPattern
// writes it [^\n] for JavaScript, which both read as RE2 reads the dot.
//
// Refused, with why: \s and \S (ECMA's include Unicode spaces), flags and named
// groups ((?i), (?s), (?P<n>)), \Q…\E, \a, \z, \A, \pL, \x{…}, octal and
// back references, a class escape as a range's end ([\d-z]), POSIX classes
// ([[:alpha:]]), and a { } or ] that is not part of a quantifier or a class.
func portablePattern(s string) string {
	why, _ := scanPattern(s)
	return why
}

// ECMAPattern is a portable pattern (one the model accepted) as
// JavaScript and JSON Schema validators must read it to match what Go's
// RE2 matches: each . outside a class written [^\n]. Every other construct
// of the portable subset reads alike in both.
func ECMAPattern(s string) string {
	_, dots := scanPattern(s)
	if len(dots) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, d := range dots {
		b.WriteString(s[last:d])
		b.WriteString(`[^\n]`)
		last = d + 1
	}
	b.WriteString(s[last:])
	return b.String()
}

// scanPattern reads a pattern for portablePattern: why it is not
// portable, or "" with the offsets of every . outside a class.
func scanPattern(s string) (why string, dots []int) {
	const syntax = `^$\.*+?()[]{}|/`
	i := 0
	// escape reads the escape at s[i] (a '\') outside or inside a class
	// and says why it is refused, or "" with i past it; class reports
	// whether it is a class escape (\d), which cannot end a range.
	escape := func(inClass bool) (why string, class bool) {
		if i+1 >= len(s) {
			return `a pattern cannot end in \`, false
		}
		c := s[i+1]
		switch {
		case strings.IndexByte(syntax, c) >= 0 || (inClass && c == '-'):
			i += 2
			return "", false
		case strings.IndexByte("dDwW", c) >= 0:
			i += 2
			return "", true
		case c == 'b' || c == 'B':
			if inClass {
				return `\b in a class is a backspace to JavaScript and an error to Go; write \x08`, false
			}
			i += 2
			return "", false
		case strings.IndexByte("tnvfr", c) >= 0:
			i += 2
			return "", false
		case c == 's' || c == 'S':
			return fmt.Sprintf(`\%c: JavaScript's \s also matches Unicode spaces (U+00A0, U+FEFF, …), Go's only [\t\n\f\r ]; write the class you mean, e.g. [ \t\n\f\r]`, c), false
		case c == 'x':
			if i+3 < len(s) && isHex(s[i+2]) && isHex(s[i+3]) {
				i += 4
				return "", false
			}
			return `\x takes two hex digits here (\x{…} is Go's alone)`, false
		case c >= '0' && c <= '9':
			return fmt.Sprintf(`\%c: octal escapes and back references read differently in Go and JavaScript; write \xHH`, c), false
		}
		r, _ := utf8.DecodeRuneInString(s[i+1:])
		return fmt.Sprintf(`\%c is not an escape JavaScript (ECMA-262 with the u flag, as JSON Schema validators compile patterns) and Go both read alike; escape only one of %s, or use \d \w \b \t \n \v \f \r \xHH`, r, syntax), false
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
	for i < len(s) {
		c := s[i]
		switch c {
		case '\\':
			if why, _ := escape(false); why != "" {
				return why, nil
			}
		case '.':
			dots = append(dots, i)
			i++
		case '(':
			if strings.HasPrefix(s[i:], "(?") {
				if !strings.HasPrefix(s[i:], "(?:") {
					return "flags and named groups ((?i), (?s), (?P<name>…)) are Go's alone or read differently in JavaScript; only (…) and (?:…) are carried", nil
				}
				i += 3
				continue
			}
			i++
		case '{':
			if !quantifier() {
				return `a { that does not begin a quantifier ({n}, {n,}, {n,m}) is an error to JavaScript; write \{`, nil
			}
			if i < len(s) && s[i] == '?' {
				i++
			}
		case '}', ']':
			return fmt.Sprintf(`a lone %c is an error to JavaScript; write \%c`, c, c), nil
		case '[':
			i++
			if i < len(s) && s[i] == '^' {
				i++
			}
			if i < len(s) && s[i] == ']' {
				return `a ] first in a class closes it in JavaScript and is a literal to Go; write \]`, nil
			}
			prevAtom, prevClass, rangeOpen := false, false, false
			for {
				if i >= len(s) {
					return "the class [ is never closed", nil
				}
				c := s[i]
				if c == ']' {
					i++
					break
				}
				isClass := false
				switch {
				case c == '\\':
					why, cls := escape(true)
					if why != "" {
						return why, nil
					}
					isClass = cls
				case c == '[' && i+1 < len(s) && (s[i+1] == ':' || s[i+1] == '=' || s[i+1] == '.'):
					return "POSIX classes ([:alpha:]) are Go's alone; list the characters", nil
				case c == '-' && prevAtom && !rangeOpen && i+1 < len(s) && s[i+1] != ']':
					if prevClass {
						return `a range cannot begin at a class escape ([\d-z]): JavaScript refuses it and Go reads a literal -; write \- or move the -`, nil
					}
					rangeOpen = true
					i++
					continue
				default:
					_, n := utf8.DecodeRuneInString(s[i:])
					i += n
				}
				if rangeOpen && isClass {
					return `a range cannot end at a class escape ([a-\d]): JavaScript refuses it and Go reads a literal -; write \- or move the -`, nil
				}
				prevAtom, prevClass = !rangeOpen, isClass
				rangeOpen = false
			}
		default:
			_, n := utf8.DecodeRuneInString(s[i:])
			i += n
		}
	}
	return "", dots
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c|0x20 >= 'a' && c|0x20 <= 'f')
}
