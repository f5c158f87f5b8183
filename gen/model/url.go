package model

import (
	"fmt"
	"strings"
)

// URLCheck says which of CUE's URL validators a string is under: the
// language of Go's url.Parse (net.URL), or that language with a scheme
// (net.AbsURL: url.Parse, then URL.IsAbs). The zero value is none.
type URLCheck string

// The URL checks, as CUE's net package names them.
const (
	NoURL  URLCheck = ""           // no URL check
	URLRef URLCheck = "net.URL"    // url.Parse reads it: an absolute URL or a relative reference
	URLAbs URLCheck = "net.AbsURL" // url.Parse reads it and it has a scheme
)

// URLPattern is the language of what Go's url.Parse accepts (CUE's
// net.URL), and AbsURLPattern that of what it accepts with a scheme
// (net.AbsURL), RE2 and ECMA-262 (with u) alike. url.Parse's acceptance
// is regular; read from net/url of Go 1.26 it is:
//
//   - the text is cut at its first #; what follows, the fragment, may
//     hold anything (a control character too) but a % that does not
//     begin %HH; what precedes holds no control character (U+0000 to
//     U+001F, U+007F);
//   - a scheme is [A-Za-z][A-Za-z0-9+.-]* before the first :, if every
//     character up to that : is a scheme's; a text starting with : is
//     refused;
//   - with a scheme, a rest not starting with / is opaque and unchecked;
//     without one, the first segment of a relative reference (up to / or
//     ?) holds no :;
//   - the query (after the first ?) is unchecked;
//   - the path (up to ?) holds no % that does not begin %HH;
//   - after //, the authority (up to /): userinfo up to its last @ of
//     [A-Za-z0-9-._:~!$&'()*+,;=%@] with %HH escapes; then a host: either
//     [IPv6 address, RFC 3986's grammar (netip.ParseAddr's), with an
//     optional zone %25… of host characters, %HH escapes of them, %20 or
//     %25, or any non-ASCII character] with an optional :port of digits;
//     or a name of [A-Za-z0-9!$&'()*+,;=]<>"-._~], non-ASCII characters,
//     %25 and %HH escapes of bytes from 0x80, in which the text after the
//     last : (if any) is digits; in an http or https URL (the scheme in
//     any case) the name holds one : at most, the rule of Go 1.26 (a
//     program whose go.mod says go 1.25 or older, or that sets
//     GODEBUG=urlstrictcolons=0, reads colons before the last as the
//     other schemes' hosts; wire.ParseURL reads them as Go 1.26 does
//     whatever the setting).
//
// TestURLPattern and FuzzURLPattern hold both to url.Parse, and
// TestURLPatternInJavaScript holds node's reading of them to it.
var URLPattern, AbsURLPattern = urlPatterns()

// addURL is check k with net.URL or net.AbsURL beside it: net.AbsURL
// admits only what net.URL admits, so both are net.AbsURL.
func addURL(k, with URLCheck) URLCheck {
	if k == URLAbs || with == URLAbs {
		return URLAbs
	}
	return URLRef
}

// URLPatternOf is the pattern of check k: URLPattern or AbsURLPattern.
func URLPatternOf(k URLCheck) string {
	if k == URLAbs {
		return AbsURLPattern
	}
	return URLPattern
}

// byteSet is a set of ASCII bytes.
type byteSet [128]bool

// bytesOf is the set of the bytes each argument lists, or spans when it
// is three bytes with a - between ("a-z"; "+.-" lists three).
func bytesOf(ranges ...string) byteSet {
	var s byteSet
	for _, r := range ranges {
		if len(r) == 3 && r[1] == '-' {
			for c := r[0]; c <= r[2]; c++ {
				s[c] = true
			}
			continue
		}
		for i := 0; i < len(r); i++ {
			s[r[i]] = true
		}
	}
	return s
}

// with is s and o.
func (s byteSet) with(o byteSet) byteSet {
	for i, in := range o {
		s[i] = s[i] || in
	}
	return s
}

// without is s but the bytes of cs.
func (s byteSet) without(cs string) byteSet {
	for i := 0; i < len(cs); i++ {
		s[cs[i]] = false
	}
	return s
}

// class writes s as the members of a character class, every one but a
// letter or a digit as \xHH.
func (s byteSet) class() string {
	var b strings.Builder
	for c := 0; c < 128; c++ {
		if !s[c] {
			continue
		}
		end := c
		for end+1 < 128 && s[end+1] {
			end++
		}
		b.WriteString(classChar(byte(c)))
		if end > c {
			if end > c+1 {
				b.WriteByte('-')
			}
			b.WriteString(classChar(byte(end)))
		}
		c = end
	}
	return b.String()
}

func classChar(c byte) string {
	if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
		return string(c)
	}
	return fmt.Sprintf(`\x%02x`, c)
}

// escapes is the pattern of a %HH escape of a byte of s, either case of
// hex digit.
func (s byteSet) escapes() string {
	var alts []string
	for hi := 0; hi < 8; hi++ {
		var lo byteSet // the low digits, as characters
		some := false
		for l := 0; l < 16; l++ {
			if s[hi<<4|l] {
				for _, d := range hexDigits(byte(l)) {
					lo[d] = true
				}
				some = true
			}
		}
		if some {
			alts = append(alts, string("01234567"[hi])+"["+lo.class()+"]")
		}
	}
	return "%(?:" + strings.Join(alts, "|") + ")"
}

func hexDigits(v byte) string {
	if v < 10 {
		return string('0' + v)
	}
	return string('a'+v-10) + string('A'+v-10)
}

func urlPatterns() (rel, abs string) {
	const (
		ctl  = `\x00-\x1f\x7f`
		hex  = `[0-9A-Fa-f]`
		pct  = `%` + hex + hex
		nonA = `[^\x00-\x7f]`
	)
	alnum := bytesOf("a-z", "A-Z", "0-9")
	// The bytes url.Parse lets stand in a host (shouldEscape(c,
	// encodeHost) is false).
	hostOK := alnum.with(bytesOf(`!$&'()*+,;=:[]<>"`, `-_.~`))
	// A host name's characters: not [ (refused but at the start), not :
	// (the port's); %HH of a byte from 0x80, or %25.
	name := `(?:[` + hostOK.without("[:").class() + `]|` + nonA + `|%[89A-Fa-f]` + hex + `|%25)`
	nameHost := `(?:` + name + `*|(?:` + name + `|:)*:[0-9]*)`
	nameHostStrict := name + `*(?::[0-9]*)?` // http and https
	ipv6 := ipv6Address()
	// A zone: host characters but [, non-ASCII ones; escapes of host
	// characters, of a space or of %.
	zoneEsc := hostOK
	zoneEsc[' '], zoneEsc['%'] = true, true
	zone := `(?:[` + hostOK.without("[").class() + `]|` + nonA + `|` + zoneEsc.escapes() + `)`
	bracketed := `\x5b` + ipv6 + `(?:%25` + zone + `+)?\x5d(?::[0-9]*)?`
	user := `(?:(?:[` + alnum.with(bytesOf(`-._:~!$&'()*+,;=@`)).class() + `]|` + pct + `)*@)?`
	// Path characters: up to ?, # ends the text's part; % begins %HH.
	pchar := `(?:[^%?#` + ctl + `]|` + pct + `)`
	first := `(?:[^%?#/` + ctl + `]|` + pct + `)`     // not /
	segment0 := `(?:[^%?#/:` + ctl + `]|` + pct + `)` // nor :
	query := `(?:\x3f[^#` + ctl + `]*)?`              // unchecked
	fragment := `(?:#(?:[^%]|` + pct + `)*)?`         // control characters too
	opaque := `(?:[^/#` + ctl + `][^#` + ctl + `]*)?` // its query with it
	path := `/(?:` + first + pchar + `*)?` + query
	schemeChar := alnum.with(bytesOf("+.-")) // not "+-.", a range
	scheme := `[A-Za-z][` + schemeChar.class() + `]*:`
	// A scheme that is not http or https, in any case: it differs from
	// h, ht, htt, http, https at its first letter that is not theirs, or
	// goes on after https.
	c, not := `[`+schemeChar.class()+`]*`, func(x string) string { return `[` + schemeChar.without(x).class() + `]` }
	other := `(?:[` + bytesOf("a-z", "A-Z").without("hH").class() + `]` + c + `|[hH](?:` + not("tT") + c + `|[tT](?:` + not("tT") + c + `|[tT](?:` +
		not("pP") + c + `|[pP](?:` + not("sS") + c + `|[sS][` + schemeChar.class() + `]+))?)?)?):`
	http := `[hH][tT][tT][pP][sS]?:`
	// An authority after a scheme (other) or none: a bracketed host
	// whatever the scheme, a name by the scheme's colon rule. The IPv6
	// grammar is written once.
	withAuthority := func(other string) string {
		return `(?:(?:` + http + `|` + other + `)//` + user + bracketed + `|` + http + `//` + user + nameHostStrict + `|` + other + `//` + user + nameHost + `)` +
			`(?:/` + pchar + `*)?` + query
	}
	hierarchical := scheme + `(?:` + path + `|` + opaque + `)`
	relPath := `(?:` + segment0 + `+(?:/` + pchar + `*)?)?` + query
	abs = `^(?:` + hierarchical + `|` + withAuthority(other) + `)` + fragment + `$`
	rel = `^(?:` + hierarchical + `|` + withAuthority(`(?:`+other+`)?`) + `|` + path + `|` + relPath + `)` + fragment + `$`
	return rel, abs
}
