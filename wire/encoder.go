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

// Bool writes a boolean.
func (e *Encoder) Bool(v bool) { e.B = strconv.AppendBool(e.B, v) }

// Time writes t as time.Time's MarshalJSON does: an RFC 3339 string with
// nanoseconds as needed, refusing a year outside 0–9999.
func (e *Encoder) Time(t time.Time) {
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
// escapes it by default (HTML-safe): Escaping{HTML: true}.Append.
func AppendString(b []byte, s string) []byte { return Escaping{HTML: true}.Append(b, s) }
