package wire

import (
	"regexp"
	"regexp/syntax"
	"unicode/utf8"
)

// Pattern is a schema's regular expression (CUE's =~ and !~), compiled
// once by the generated code. Most wire patterns say which characters a
// whole string may have, such as ^[^\x00-\x1F\x7F-\x9F]*$; MatchString
// decides those with a table and a walk over the runes instead of the
// regexp machine, which costs ten times as much. Every other pattern, and
// the text in messages, is the regexp's.
type Pattern struct {
	re *regexp.Regexp
	// class is set when the whole expression is ^C*$ or ^C+$ for one
	// character class C: its ranges as regexp/syntax gives them (pairs,
	// lo and hi inclusive), with ascii the same for the bytes below 0x80.
	class    []rune
	ascii    [utf8.RuneSelf]bool
	nonEmpty bool // ^C+$
	name     string
}

// Named returns p, whose problems say it by name ("must be an IPv6
// address (net.IPv6)") rather than by its source text: for the patterns
// schemagen writes for CUE's own checks, which no reader would read.
func (p *Pattern) Named(name string) *Pattern {
	p.name = name
	return p
}

// MustPattern compiles expr as regexp.MustCompile does (RE2 syntax, Perl
// flags) and panics if it does not compile.
func MustPattern(expr string) *Pattern {
	p := &Pattern{re: regexp.MustCompile(expr)}
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return p
	}
	re = re.Simplify()
	if re.Op != syntax.OpConcat || len(re.Sub) != 3 ||
		re.Sub[0].Op != syntax.OpBeginText || re.Sub[2].Op != syntax.OpEndText {
		return p
	}
	rep := re.Sub[1]
	if rep.Op != syntax.OpStar && rep.Op != syntax.OpPlus || len(rep.Sub) != 1 {
		return p
	}
	var class []rune
	switch c := rep.Sub[0]; c.Op {
	case syntax.OpCharClass:
		class = c.Rune
	case syntax.OpLiteral:
		if len(c.Rune) != 1 || c.Flags&syntax.FoldCase != 0 {
			return p
		}
		class = []rune{c.Rune[0], c.Rune[0]}
	case syntax.OpAnyChar:
		class = []rune{0, utf8.MaxRune}
	case syntax.OpAnyCharNotNL:
		class = []rune{0, '\n' - 1, '\n' + 1, utf8.MaxRune}
	default:
		return p
	}
	p.class, p.nonEmpty = class, rep.Op == syntax.OpPlus
	for c := range rune(utf8.RuneSelf) {
		p.ascii[c] = inClass(class, c)
	}
	return p
}

func inClass(class []rune, r rune) bool {
	for i := 0; i+1 < len(class); i += 2 {
		if class[i] <= r && r <= class[i+1] {
			return true
		}
	}
	return false
}

// MatchString reports whether s matches the pattern, as
// regexp.MatchString does: an invalid UTF-8 byte is read as U+FFFD.
func (p *Pattern) MatchString(s string) bool {
	if p.class == nil {
		return p.re.MatchString(s)
	}
	if p.nonEmpty && s == "" {
		return false
	}
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if !p.ascii[c] {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !inClass(p.class, r) {
			return false
		}
		i += size
	}
	return true
}

// String returns the expression's source text, as regexp's String does.
func (p *Pattern) String() string { return p.re.String() }

// Regexp returns the compiled regular expression.
func (p *Pattern) Regexp() *regexp.Regexp { return p.re }
