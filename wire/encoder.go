package wire

import (
	"maps"
	"slices"
	"strconv"
	"sync"
	"time"
	"unicode/utf16"
	"unicode/utf8"
)

// Encoder appends JSON to a byte slice for generated encoders. It writes
// exactly what encoding/json writes for the same Go value: members in
// schema order, map keys sorted, strings escaped as encoding/json escapes
// them (HTML-safe, invalid UTF-8 as U+FFFD), times as time.Time's
// MarshalJSON writes them. The first error sticks: later writes are
// ignored and Result returns it.
type Encoder struct {
	B   []byte
	err error
}

// Result returns the bytes written and the first error, if any.
func (e *Encoder) Result() ([]byte, error) {
	if e.err != nil {
		return nil, e.err
	}
	return e.B, nil
}

// encoders keeps the Encoders MarshalJSON writes into, so that a value's
// encoding grows no buffer from nothing on every call.
var encoders = sync.Pool{New: func() any { return new(Encoder) }}

// maxPooled is the largest buffer returned to the pool: a rare huge value
// does not keep its buffer alive for every later small one.
const maxPooled = 1 << 20

// Pooled returns an empty Encoder from a pool, to be given back with
// Detach. Generated MarshalJSON methods use it: encoding into a buffer kept
// across calls, then copying out the exact bytes, costs one allocation of
// the output's size, where appending to nil grows and copies the buffer
// many times (about 5x the output in allocations for a 45 KB snapshot).
func Pooled() *Encoder {
	return encoders.Get().(*Encoder)
}

// Detach returns a copy of the bytes written, or the first error, and
// gives e back to the pool; e must not be used after.
func (e *Encoder) Detach() ([]byte, error) {
	out, err := e.Result()
	if err == nil {
		out = append(make([]byte, 0, len(out)), out...)
	}
	e.B, e.err = e.B[:0], nil
	if cap(e.B) <= maxPooled {
		encoders.Put(e)
	}
	return out, err
}

// Fail records err unless an earlier error was recorded.
func (e *Encoder) Fail(err error) {
	if e.err == nil {
		e.err = err
	}
}

// Begin starts an object; Member writes each member and End closes it. The
// object's '{' is written by End over the first member's ',' so that the
// generated code needs no state for which member comes first.
func (e *Encoder) Begin() int { return len(e.B) }

// Member writes `,"name":`, the name escaped as encoding/json escapes it.
func (e *Encoder) Member(name string) {
	e.B = append(e.B, ',')
	e.B = AppendString(e.B, name)
	e.B = append(e.B, ':')
}

// End closes the object begun at mark.
func (e *Encoder) End(mark int) {
	if len(e.B) == mark {
		e.B = append(e.B, '{', '}')
		return
	}
	e.B[mark] = '{'
	e.B = append(e.B, '}')
}

// Raw writes already encoded JSON, such as a union variant's constant tag.
func (e *Encoder) Raw(s string) { e.B = append(e.B, s...) }

// String writes s as a JSON string.
func (e *Encoder) String(s string) { e.B = AppendString(e.B, s) }

// Int writes an integer.
func (e *Encoder) Int(n int64) { e.B = strconv.AppendInt(e.B, n, 10) }

// Uint writes an integer of CUE's uint64.
func (e *Encoder) Uint(n uint64) { e.B = strconv.AppendUint(e.B, n, 10) }

// Bool writes a boolean.
func (e *Encoder) Bool(v bool) { e.B = strconv.AppendBool(e.B, v) }

// Time writes t as time.Time's MarshalJSON does: an RFC 3339 string with
// nanoseconds as needed, refusing a year outside 0–9999 and an offset of
// 24 hours or more. It formats the time itself (one zone lookup, two
// digits at a time), which is about three times quicker than time's own
// formatting; FuzzEncoderTime holds the two to the same bytes.
func (e *Encoder) Time(t time.Time) {
	_, offset := t.Zone()
	zone := offset / 60 // minutes, truncated toward zero as time does
	if zone < 0 {
		zone = -zone
	}
	u := t.Unix()
	if u < minUnix || u > maxUnix {
		e.timeSlow(t) // far outside years 0–9999: time's error
		return
	}
	secs := u + int64(offset)
	days := secs / 86400
	rem := secs % 86400
	if rem < 0 {
		rem += 86400
		days--
	}
	year, month, day := civil(days)
	if year < 0 || year > 9999 || zone/60 >= 24 {
		e.timeSlow(t)
		return
	}
	b := append(e.B, '"')
	b = append2(append2(b, int(year/100)), int(year%100))
	b = append(b, '-')
	b = append2(b, month)
	b = append(b, '-')
	b = append2(b, day)
	b = append(b, 'T')
	b = append2(b, int(rem/3600))
	b = append(b, ':')
	b = append2(b, int(rem/60%60))
	b = append(b, ':')
	b = append2(b, int(rem%60))
	if ns := t.Nanosecond(); ns != 0 {
		var frac [10]byte
		frac[0] = '.'
		for i := 9; i > 0; i-- {
			frac[i] = byte('0' + ns%10)
			ns /= 10
		}
		n := 10
		for frac[n-1] == '0' {
			n--
		}
		b = append(b, frac[:n]...)
	}
	if offset == 0 {
		b = append(b, 'Z')
	} else {
		if offset/60 < 0 {
			b = append(b, '-')
		} else {
			b = append(b, '+')
		}
		b = append2(b, zone/60)
		b = append(b, ':')
		b = append2(b, zone%60)
	}
	e.B = append(b, '"')
}

// minUnix and maxUnix bound the Unix seconds Time formats itself: years
// 0 to 9999 with a day to spare each side for the offset.
const minUnix, maxUnix = -62167219200 - 2*86400, 253402300800 + 2*86400

// append2 appends n (0–99) as two digits.
func append2(b []byte, n int) []byte {
	return append(b, byte('0'+n/10), byte('0'+n%10))
}

// civil is the proleptic Gregorian year, month and day of the day days
// after 1970-01-01 (Howard Hinnant's days_from_civil, inverted).
func civil(days int64) (year int64, month, day int) {
	z := days + 719468
	era := z / 146097
	if z < 0 && z%146097 != 0 {
		era--
	}
	doe := z - era*146097                                  // [0, 146096]
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365 // [0, 399]
	doy := doe - (365*yoe + yoe/4 - yoe/100)               // [0, 365]
	mp := (5*doy + 2) / 153                                // [0, 11], March first
	day = int(doy - (153*mp+2)/5 + 1)
	month = int(mp + 3)
	if month > 12 {
		month -= 12
	}
	year = yoe + era*400
	if month <= 2 {
		year++
	}
	return year, month, day
}

// timeSlow is Time through time's own formatting, for the times Time
// refuses: it gives time's error.
func (e *Encoder) timeSlow(t time.Time) {
	mark := len(e.B)
	e.B = append(e.B, '"')
	b, err := t.AppendText(e.B)
	if err != nil {
		e.B = e.B[:mark]
		e.Fail(err)
		return
	}
	e.B = append(b, '"')
}

// Elem writes the ',' before a list element other than the first.
func (e *Encoder) Elem(i int) {
	if i > 0 {
		e.B = append(e.B, ',')
	}
}

// Open and Close write a list's brackets.
func (e *Encoder) Open() { e.B = append(e.B, '[') }

// Close ends a list.
func (e *Encoder) Close() { e.B = append(e.B, ']') }

// Key writes a map key and its ':', after a ',' for all but the first.
func (e *Encoder) Key(i int, k string) {
	if i > 0 {
		e.B = append(e.B, ',')
	}
	e.B = AppendString(e.B, k)
	e.B = append(e.B, ':')
}

// SortedKeys returns the keys of m in the order encoding/json writes them.
func SortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

const hex = "0123456789abcdef"

// asciiSafe[c] is true for the ASCII bytes encoding/json writes as
// themselves with HTML escaping off: not a control character, '"' or '\\'.
// htmlSafe is the same with HTML escaping on (its default): '<', '>' and
// '&' are not safe either.
var asciiSafe, htmlSafe = func() (plain, html [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		plain[c] = c != '"' && c != '\\'
		html[c] = plain[c] && c != '<' && c != '>' && c != '&'
	}
	return plain, html
}()

// Escaping is how a JSON string is written. There is one escaper for the
// whole module, Escaping.Append, which writes what encoding/json writes;
// the fields say which of encoding/json's two modes, and what more a
// writer wants escaped. AppendString (the generated Go's strings) is
// Escaping{HTML: true}; the JSON Schemas (gen/escape.AppendJSON) add the
// bidirectional controls; `schemagen deck inspect` (internal/inspectjson)
// is Escaping{}.
type Escaping struct {
	// HTML writes '<', '>' and '&' as \u003c, \u003e and \u0026, as
	// encoding/json does unless SetEscapeHTML(false).
	HTML bool
	// Also, when set, names runes beyond those encoding/json escapes to
	// write as \uXXXX (a surrogate pair above U+FFFF): the value is the
	// same, only its spelling differs.
	Also func(r rune) bool
}

// Append appends s as a JSON string, quotes included, exactly as
// encoding/json writes it (with SetEscapeHTML(e.HTML)): '"', '\\' and
// control characters escaped (\b \f \n \r \t by name, the rest as
// \u00XX), U+2028 and U+2029 as \u2028 and \u2029 (they end lines in
// JavaScript), invalid UTF-8 as \ufffd; and, beyond that, every rune
// e.Also names as \uXXXX.
func (e Escaping) Append(b []byte, s string) []byte {
	safe := &asciiSafe
	if e.HTML {
		safe = &htmlSafe
	}
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if safe[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				// Other control characters and the HTML ones: \u00XX.
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029' || e.Also != nil && e.Also(r):
			b = append(b, s[start:i]...)
			if r > 0xFFFF {
				r1, r2 := utf16.EncodeRune(r)
				b = appendU(appendU(b, r1), r2)
			} else {
				b = appendU(b, r)
			}
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendU appends r (at most U+FFFF) as \uXXXX.
func appendU(b []byte, r rune) []byte {
	return append(b, '\\', 'u', hex[r>>12&0xF], hex[r>>8&0xF], hex[r>>4&0xF], hex[r&0xF])
}

// AppendString appends s as a JSON string, escaped as encoding/json
// escapes it by default (HTML-safe): Escaping{HTML: true}.Append. A string
// with nothing to escape, nearly every one on a wire, is copied as it is
// after a scan eight bytes at a time.
func AppendString(b []byte, s string) []byte {
	i := 0
	for i+8 <= len(s) && !htmlSpecial8(load8(s[i:])) {
		i += 8
	}
	for i < len(s) && s[i] < utf8.RuneSelf && htmlSafe[s[i]] {
		i++
	}
	if i == len(s) {
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	return Escaping{HTML: true}.Append(b, s)
}

// load8 is the first eight bytes of s as a little-endian word.
func load8(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// htmlSpecial8 reports whether any of the eight bytes of w is one
// AppendString does not copy as it is: what special8 finds, or '<', '>'
// or '&'.
func htmlSpecial8(w uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	zero := func(v uint64) uint64 { return (v - ones) & ^v & highs }
	return special8(w) || (zero(w^ones*'<')|zero(w^ones*'>')|zero(w^ones*'&')) != 0
}
