package wire

import (
	"fmt"
	"math"
	"math/bits"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Path is where a value sits below the root of a Validate call, as a chain
// of steps kept on the stack: nothing is built unless a problem is found.
//
//	root := wire.Root("Snapshot")
//	seats := root.Member("seats")
//	seat := seats.Index(2) // "seats[2]" below Snapshot
type Path struct {
	up    *Path
	name  string // member name, the root's type name, or a map key
	index int
	kind  uint8
}

const (
	stepMember = iota
	stepIndex
	stepKey
)

// Root is the path of the value Validate was called on, named by its type.
func Root(typ string) Path { return Path{name: typ} }

// Member is the step to member name below p.
func (p *Path) Member(name string) Path { return Path{up: p, name: name} }

// Index is the step to element i of the list at p.
func (p *Path) Index(i int) Path { return Path{up: p, index: i, kind: stepIndex} }

// Key is the step to the value at key k of the map at p.
func (p *Path) Key(k string) Path { return Path{up: p, name: k, kind: stepKey} }

// String renders the path below its root, as DecodeError and
// ValidationError write it: "seats[2].stance.note", "" for the root.
func (p *Path) String() string { return string(p.appendTo(nil)) }

// Type is the root's type name, e.g. "Snapshot".
func (p *Path) Type() string {
	for p.up != nil {
		p = p.up
	}
	// A copy: the path lives on the caller's stack, and holding on to
	// its string would make the compiler move every Path to the heap.
	return strings.Clone(p.name)
}

func (p *Path) appendTo(b []byte) []byte {
	if p == nil || p.up == nil {
		return b // the root is named by ValidationError.Type
	}
	b = p.up.appendTo(b)
	switch p.kind {
	case stepIndex:
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(p.index), 10)
		return append(b, ']')
	case stepKey:
		b = append(b, '[')
		b = strconv.AppendQuote(b, p.name)
		return append(b, ']')
	}
	if len(b) > 0 {
		b = append(b, '.')
	}
	return append(b, p.name...)
}

// where renders p and, unless it is "", one more member name, below the
// root.
func where(p *Path, member string) string {
	b := p.appendTo(make([]byte, 0, 64))
	if member != "" {
		if len(b) > 0 {
			b = append(b, '.')
		}
		b = append(b, member...)
	}
	return string(b)
}

// Problems collects every ValidationError of one Validate call. Its zero
// value is ready; it allocates only when a problem is found.
type Problems struct {
	errs ValidationErrors
}

// Err returns every problem as ValidationErrors, or nil.
func (p *Problems) Err() error {
	if len(p.errs) == 0 {
		return nil
	}
	return p.errs
}

// Len is the number of problems so far.
func (p *Problems) Len() int { return len(p.errs) }

// Truncate forgets the problems after the first n.
func (p *Problems) Truncate(n int) { p.errs = p.errs[:n] }

// Add records a problem breaking rule with the value at path's member (or
// at path itself when member is "").
func (p *Problems) Add(path *Path, member string, rule Rule, format string, args ...any) {
	p.errs = append(p.errs, &ValidationError{Type: path.Type(), Path: where(path, member), Rule: rule, Reason: fmt.Sprintf(format, args...)})
}

// MinRunes checks a string has at least n characters.
func (p *Problems) MinRunes(path *Path, member, s string, n int) {
	if len(s) < n { // fewer bytes than n means fewer characters
		p.Add(path, member, RuleMinLength, "must be at least %d characters (has %d)", n, utf8.RuneCountInString(s))
	} else if len(s) < n*utf8.UTFMax {
		if c := utf8.RuneCountInString(s); c < n {
			p.Add(path, member, RuleMinLength, "must be at least %d characters (has %d)", n, c)
		}
	}
}

// MaxRunes checks a string has at most n characters.
func (p *Problems) MaxRunes(path *Path, member, s string, n int) {
	if len(s) <= n {
		return // no more characters than bytes
	}
	if c := utf8.RuneCountInString(s); c > n {
		p.Add(path, member, RuleMaxLength, "must be at most %d characters (has %d)", n, c)
	}
}

// Pattern checks a string matches re.
func (p *Problems) Pattern(path *Path, member, s string, re *Pattern) {
	switch {
	case re.MatchString(s):
	case re.name != "":
		p.Add(path, member, RulePattern, "must be %s", re.name)
	default:
		p.Add(path, member, RulePattern, "must match %s", re)
	}
}

// MultipleOf checks an integer is a whole multiple of k (CUE's
// math.MultipleOf).
func (p *Problems) MultipleOf(path *Path, member string, v, k int64) {
	if v%k != 0 {
		p.Add(path, member, RuleMultipleOf, "must be a multiple of %d (is %d)", k, v)
	}
}

// MultipleOfNum checks a number is a whole multiple of k: math.Mod is
// exact, so this is exact for the float64 the number was read as.
func (p *Problems) MultipleOfNum(path *Path, member string, v float64, k int64) {
	if math.Mod(v, float64(k)) != 0 {
		p.Add(path, member, RuleMultipleOf, "must be a multiple of %d (is %v)", k, v)
	}
}

// MultipleOfDec checks a number is a whole multiple of num / 10^scale, a
// decimal fraction (CUE's math.MultipleOf(0.01)), as CUE judges it: in
// decimal arithmetic, on the shortest text that reads back as the float64
// v, which is the number's own text for any of up to 15 significant
// digits (0.3 is a multiple of 0.1 here, where math.Mod says it is not).
// text is the multiple as the schema writes it (0.01), for the message.
func (p *Problems) MultipleOfDec(path *Path, member string, v float64, num int64, scale int, text string) {
	if !multipleOfDec(v, uint64(num), scale) {
		p.Add(path, member, RuleMultipleOf, "must be a multiple of %s (is %v)", text, v)
	}
}

// multipleOfDec reports whether v's shortest decimal text times 10^scale
// is a whole multiple of num, in exact integer arithmetic.
func multipleOfDec(v float64, num uint64, scale int) bool {
	if math.IsInf(v, 0) || math.IsNaN(v) || num == 0 {
		return false
	}
	var buf [32]byte
	b := strconv.AppendFloat(buf[:0], math.Abs(v), 'e', -1, 64) // d.ddde±XX
	var d uint64
	n, i := 0, 0
	for ; i < len(b) && b[i] != 'e'; i++ {
		if b[i] != '.' {
			d = d*10 + uint64(b[i]-'0')
			n++
		}
	}
	e, neg := 0, false
	for i++; i < len(b); i++ {
		switch c := b[i]; {
		case c == '-':
			neg = true
		case c >= '0' && c <= '9':
			e = e*10 + int(c-'0')
		}
	}
	if neg {
		e = -e
	}
	// |v| * 10^scale = d * 10^exp
	exp := e - (n - 1) + scale
	for ; exp < 0; exp++ {
		if d%10 != 0 {
			return false
		}
		d /= 10
	}
	r := d % num
	for ; exp > 0 && r != 0; exp-- {
		hi, lo := bits.Mul64(r, 10)
		r = bits.Rem64(hi, lo, num)
	}
	return r == 0
}

// NotEqual reports a value that equals one the schema excludes (CUE's
// != v): equal is the comparison, v the excluded value as JSON.
func (p *Problems) NotEqual(path *Path, member string, equal bool, v string) {
	if equal {
		p.Add(path, member, RuleNot, "must not be %s", v)
	}
}

// NotPattern checks a string does not match re (CUE's !~).
func (p *Problems) NotPattern(path *Path, member, s string, re *Pattern) {
	if re.MatchString(s) {
		p.Add(path, member, RulePattern, "must not match %s", re)
	}
}

// Min checks an integer is at least n.
func (p *Problems) Min(path *Path, member string, v, n int64) {
	if v < n {
		p.Add(path, member, RuleMinimum, "must be at least %d (is %d)", n, v)
	}
}

// MinUint checks an integer of CUE's uint64 is at least n.
func (p *Problems) MinUint(path *Path, member string, v, n uint64) {
	if v < n {
		p.Add(path, member, RuleMinimum, "must be at least %d (is %d)", n, v)
	}
}

// MaxUint checks an integer of CUE's uint64 is at most n.
func (p *Problems) MaxUint(path *Path, member string, v, n uint64) {
	if v > n {
		p.Add(path, member, RuleMaximum, "must be at most %d (is %d)", n, v)
	}
}

// Max checks an integer is at most n.
func (p *Problems) Max(path *Path, member string, v, n int64) {
	if v > n {
		p.Add(path, member, RuleMaximum, "must be at most %d (is %d)", n, v)
	}
}

// MinItems checks a list has at least n items.
func (p *Problems) MinItems(path *Path, member string, l, n int) {
	if l < n {
		p.Add(path, member, RuleMinItems, "must have at least %d items (has %d)", n, l)
	}
}

// MaxItems checks a list has at most n items.
func (p *Problems) MaxItems(path *Path, member string, l, n int) {
	if l > n {
		p.Add(path, member, RuleMaxItems, "must have at most %d items (has %d)", n, l)
	}
}

// ItemCounts checks a list holds one of the counts ns of items, in
// increasing order (CUE's net.IP as a list of bytes: 4 or 16), where
// MinItems and MaxItems have checked the least and the most: a count
// between two of them is the JSON Schema's not {minItems, maxItems}.
func (p *Problems) ItemCounts(path *Path, member string, l int, ns ...int) {
	if len(ns) == 0 || l < ns[0] || l > ns[len(ns)-1] || slices.Contains(ns, l) {
		return
	}
	counts := make([]string, len(ns))
	for i, n := range ns {
		counts[i] = strconv.Itoa(n)
	}
	p.Add(path, member, RuleNot, "must have %s items (has %d)", strings.Join(counts[:len(ns)-1], ", ")+" or "+counts[len(ns)-1], l)
}

// MinProperties checks an object or map has at least n members (CUE's
// struct.MinFields).
func (p *Problems) MinProperties(path *Path, member string, l, n int) {
	if l < n {
		p.Add(path, member, RuleMinProperties, "must have at least %d members (has %d)", n, l)
	}
}

// MaxProperties checks an object or map has at most n members (CUE's
// struct.MaxFields).
func (p *Problems) MaxProperties(path *Path, member string, l, n int) {
	if l > n {
		p.Add(path, member, RuleMaxProperties, "must have at most %d members (has %d)", n, l)
	}
}

// Date checks a string is a calendar day written YYYY-MM-DD.
func (p *Problems) Date(path *Path, member, s string) {
	if !isDate(s) {
		p.Add(path, member, RuleFormat, "must be a calendar day written YYYY-MM-DD (is %q)", s)
	}
}

// Duration checks a string is a Go duration, one that time.ParseDuration
// parses (CUE's time.Duration): 1h30m, -1.5s, 0; a total beyond
// ±(2^63-1) nanoseconds is none.
func (p *Problems) Duration(path *Path, member, s string) {
	if _, err := time.ParseDuration(s); err != nil {
		p.Add(path, member, RuleFormat, "must be a Go duration such as 1h30m (is %q)", s)
	}
}

// URL checks a string is a URL that Go's url.Parse reads, as CUE's
// net.URL does: an absolute URL (https://example.com/a) or a relative
// reference (../a, /a?b, #c). See ParseURL for the one rule it reads as
// CUE does whatever Go's settings. Unlike the other checks it allocates
// on a valid value too (url.Parse's URL).
func (p *Problems) URL(path *Path, member, s string) {
	if _, err := ParseURL(s); err != nil {
		p.Add(path, member, RuleFormat, "must be a URL such as https://example.com/a or ../a (is %q)", s)
	}
}

// AbsURL checks a string is an absolute URL, one that Go's url.Parse
// reads and that has a scheme (URL.IsAbs), as CUE's net.AbsURL does.
func (p *Problems) AbsURL(path *Path, member, s string) {
	if u, err := ParseURL(s); err != nil || !u.IsAbs() {
		p.Add(path, member, RuleFormat, "must be an absolute URL, with a scheme, such as https://example.com/a (is %q)", s)
	}
}

// ParseURL is url.Parse as CUE's net.URL and net.AbsURL call it in a
// Go 1.26 program, the language of model.URLPattern. One rule of
// url.Parse depends on Go's settings: since Go 1.26 it refuses a second
// colon in the host of an http or https URL (http://a:1:2), unless
// GODEBUG=urlstrictcolons=0, which a program whose go.mod says go 1.25
// or older has by default (the cue command v0.17.1 is one). ParseURL
// refuses it whatever the setting, so that Validate says what the
// schemas' pattern says.
func ParseURL(s string) (*url.URL, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, err
	}
	if (u.Scheme == "http" || u.Scheme == "https") && !strings.HasPrefix(u.Host, "[") && strings.Count(u.Host, ":") > 1 {
		return nil, &url.Error{Op: "parse", URL: s, Err: fmt.Errorf("invalid port %q after host", u.Host[strings.IndexByte(u.Host, ':'):])}
	}
	return u, nil
}

// isDate is time.Parse(time.DateOnly, s) == nil, without its allocations.
func isDate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	num := func(s string) int {
		n := 0
		for i := range len(s) {
			if s[i] < '0' || s[i] > '9' {
				return -1
			}
			n = n*10 + int(s[i]-'0')
		}
		return n
	}
	y, m, d := num(s[0:4]), num(s[5:7]), num(s[8:10])
	if y < 0 || m < 1 || m > 12 || d < 1 {
		return false
	}
	return d <= time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// Enum checks a value of a schema enum is one of its members.
func (p *Problems) Enum(path *Path, member string, valid bool, v, enum string) {
	if !valid {
		p.Add(path, member, RuleEnum, "%q is not a valid %s", v, enum)
	}
}

// Absent checks a member is absent when another member holds a value.
func (p *Problems) Absent(path *Path, member string, present bool, when string) {
	if present {
		p.Add(path, member, RuleAbsent, "must be absent when %s", when)
	}
}
