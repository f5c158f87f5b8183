package model

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"cuelang.org/go/cue"
)

// stringBoundPattern is the pattern a string matches exactly when it is
// ordered after (>, >=) or before (<, <=) lit as CUE orders strings: byte
// by byte, which for the UTF-8 of JSON text is character by character by
// code point, as ECMA-262's u mode matches characters. JSON Schema has no
// keyword that orders strings (minimum and maximum compare numbers), but
// a pattern states any such order: s > "fo" is s starting with a
// character after f, or with f and then a character after o, or with fo
// and then any character. ok is false when lit is no valid UTF-8, which
// a JSON string never is, or longer than maxStringBound characters.
func stringBoundPattern(op cue.Op, lit string) (string, bool) {
	if !utf8.ValidString(lit) || utf8.RuneCountInString(lit) > maxStringBound {
		return "", false
	}
	// Built from the last character back, each level nested in the one
	// before (s > "fo": ^(?:[^\x00-f]|f(?:[^\x00-o]|o[\d\D]))), so that
	// the pattern grows as the literal does.
	runes := []rune(lit)
	// rest is what may follow lit itself; never, that nothing may (a
	// string lit begins is not before it).
	rest, never := "", false
	switch op {
	case cue.GreaterThanOp:
		rest = `[\d\D]` // more
	case cue.GreaterThanEqualOp:
		rest = "" // anything, nothing included
	case cue.LessThanEqualOp:
		rest = "$" // nothing
	default:
		never = true
	}
	for i := len(runes) - 1; i >= 0; i-- {
		c := runes[i]
		var alts []string
		switch op {
		case cue.GreaterThanOp, cue.GreaterThanEqualOp:
			if c < utf8.MaxRune {
				alts = append(alts, `[^\x00-`+boundChar(c)+`]`) // a character after c
			}
		default:
			alts = append(alts, "$") // a prefix of lit
			if prev := c - 1; prev >= 0 {
				if utf16.IsSurrogate(prev) {
					prev = 0xD7FF // no character is a surrogate
				}
				alts = append(alts, `[\x00-`+boundChar(prev)+`]`) // a character before c
			}
		}
		if !never {
			alts = append(alts, literalRune(c)+rest)
		}
		rest, never = "(?:"+strings.Join(alts, "|")+")", len(alts) == 0
	}
	if never {
		return `^[^\d\D]`, true // nothing is before "", nor after the last character alone
	}
	return "^" + rest, true
}

// maxStringBound is the longest literal a string bound is carried for:
// its pattern nests a group per character, and RE2 nests at most 1,000.
const maxStringBound = 200

// boundChar writes c as a class's bound: an ASCII character as url.go's
// classChar writes it (a letter or digit as itself, any other as \xHH,
// which RE2 and ECMA-262 read alike, and never a class's \ ] [ ^ -), any
// other as itself.
func boundChar(c rune) string {
	if c < utf8.RuneSelf {
		return classChar(byte(c))
	}
	return string(c)
}
