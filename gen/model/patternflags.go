package model

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// carriedPattern returns the pattern a target is given for s, an RE2
// pattern CUE compiles, or why no target can be: s itself when every
// dialect reads it alike (portablePattern), else, where s sets flags
// (kubeblocks' PostgreSQL booleans, =~"(?i)^(on|off)$"), the same
// language written without them (flagsWrittenOut), which Go's regexp
// matches exactly as s and ECMA-262 reads alike.
func carriedPattern(s string) (string, string) {
	why := portablePattern(s)
	if why == "" {
		return s, ""
	}
	if w, ok := flagsWrittenOut(s); ok && portablePattern(w) == "" {
		return w, ""
	}
	return s, why
}

// flagsWrittenOut writes s, a pattern that sets RE2's flags ((?i),
// (?is), (?U), (?i:…)), as one that sets none: each letter (?i) folds is
// a class of the letters Go's case folding gives it (unicode.SimpleFold:
// (?i)k is [Kk\x{212A}], the Kelvin sign included), each class holds
// the folds the parser gave it, a . that (?s) makes any character is
// [\d\D], and a lazy quantifier that (?U) makes of a greedy one is
// written lazy. It is printed from the tree Go's own parser makes of s
// (regexp/syntax, the parse CUE's =~ compiles), so it is the same
// language. ok is false for a pattern whose flags no target can write
// out ((?m): ^ and $ at every line, which ECMA-262 states only with a
// flag of its own) and for one that names a Unicode property (\p{Greek}:
// written out it would be the property's table as of this Go release).
func flagsWrittenOut(s string) (string, bool) {
	if !strings.Contains(s, "(?") || strings.Contains(s, `\p`) || strings.Contains(s, `\P`) {
		return "", false
	}
	re, err := syntax.Parse(s, syntax.Perl)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	if !writeRegexp(&b, re) {
		return "", false
	}
	return b.String(), true
}

// writeRegexp writes re without flags, as flagsWrittenOut says, or
// reports false for what it cannot write so.
func writeRegexp(b *strings.Builder, re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpNoMatch:
		b.WriteString(`[^\d\D]`)
	case syntax.OpEmptyMatch:
		b.WriteString(`(?:)`)
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if re.Flags&syntax.FoldCase != 0 {
				if orbit := foldOrbit(r); len(orbit) > 1 {
					b.WriteByte('[')
					for _, o := range orbit {
						b.WriteString(boundChar(o))
					}
					b.WriteByte(']')
					continue
				}
			}
			b.WriteString(literalRune(r))
		}
	case syntax.OpCharClass:
		if len(re.Rune) == 0 {
			b.WriteString(`[^\d\D]`)
			break
		}
		if len(re.Rune) == 2 && re.Rune[0] == 0 && re.Rune[1] == unicode.MaxRune {
			b.WriteString(`[\d\D]`)
			break
		}
		b.WriteByte('[')
		for i := 0; i+1 < len(re.Rune); i += 2 {
			lo, hi := re.Rune[i], re.Rune[i+1]
			b.WriteString(boundChar(lo))
			if hi > lo {
				if hi > lo+1 {
					b.WriteByte('-')
				}
				b.WriteString(boundChar(hi))
			}
		}
		b.WriteByte(']')
	case syntax.OpAnyCharNotNL:
		b.WriteString(`[^\n]`)
	case syntax.OpAnyChar:
		b.WriteString(`[\d\D]`)
	case syntax.OpBeginText:
		b.WriteByte('^')
	case syntax.OpEndText:
		b.WriteByte('$')
	case syntax.OpWordBoundary:
		b.WriteString(`\b`)
	case syntax.OpNoWordBoundary:
		b.WriteString(`\B`)
	case syntax.OpCapture:
		if re.Name != "" {
			b.WriteString("(?<" + re.Name + ">")
		} else {
			b.WriteByte('(')
		}
		if !writeRegexp(b, re.Sub[0]) {
			return false
		}
		b.WriteByte(')')
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		if !writeAtom(b, re.Sub[0]) {
			return false
		}
		switch re.Op {
		case syntax.OpStar:
			b.WriteByte('*')
		case syntax.OpPlus:
			b.WriteByte('+')
		case syntax.OpQuest:
			b.WriteByte('?')
		default:
			b.WriteString("{" + strconv.Itoa(re.Min))
			switch {
			case re.Max == -1:
				b.WriteString(",")
			case re.Max != re.Min:
				b.WriteString("," + strconv.Itoa(re.Max))
			}
			b.WriteByte('}')
		}
		if re.Flags&syntax.NonGreedy != 0 {
			b.WriteByte('?')
		}
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			if sub.Op == syntax.OpAlternate {
				b.WriteString("(?:")
				if !writeRegexp(b, sub) {
					return false
				}
				b.WriteByte(')')
			} else if !writeRegexp(b, sub) {
				return false
			}
		}
	case syntax.OpAlternate:
		for i, sub := range re.Sub {
			if i > 0 {
				b.WriteByte('|')
			}
			if !writeRegexp(b, sub) {
				return false
			}
		}
	default:
		// OpBeginLine, OpEndLine: (?m).
		return false
	}
	return true
}

// writeAtom writes re as the operand of a quantifier: as itself where it
// is one character, a class or a group, else in (?:…).
func writeAtom(b *strings.Builder, re *syntax.Regexp) bool {
	single := re.Op == syntax.OpLiteral && len(re.Rune) == 1
	switch {
	case single, re.Op == syntax.OpCharClass, re.Op == syntax.OpAnyChar, re.Op == syntax.OpAnyCharNotNL, re.Op == syntax.OpCapture:
		return writeRegexp(b, re)
	}
	b.WriteString("(?:")
	if !writeRegexp(b, re) {
		return false
	}
	b.WriteByte(')')
	return true
}

// foldOrbit is r and every rune Go's case folding makes equal to it, in
// order.
func foldOrbit(r rune) []rune {
	orbit := []rune{r}
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		orbit = append(orbit, f)
	}
	slices.Sort(orbit)
	return orbit
}

// literalRune writes r outside a class: a printable ASCII metacharacter
// escaped, any other character as a class's bound is (boundChar).
func literalRune(r rune) string {
	if r > ' ' && r < 0x7f {
		return regexp.QuoteMeta(string(r))
	}
	return boundChar(r)
}
