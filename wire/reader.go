package wire

import (
	"encoding/binary"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
	"time"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// Reader is an exact, allocation-lean JSON reader for generated decoders.
// It accepts exactly RFC 8259 JSON, as encoding/json does, with these
// differences that make decoding agree with the JSON Schemas: object keys
// match exactly (encoding/json folds case), null is refused where the
// schema wants a value (encoding/json leaves the field unchanged), and an
// integer is any number whose value is an integer, decided exactly from its
// text (1.0 and 1e3 are integers, 1.5 and 1e-400 are not), as JSON Schema's
// "integer" is.
//
// The strings a Reader decodes share a few allocations (arena): each
// string's bytes are copied into a chunk of at most arenaChunk bytes,
// never more than what is left of the input, and the string points into
// it. A chunk is written once and never changed, so the strings are as
// immutable as any; a string kept after the rest of the value is dropped
// keeps its chunk alive (a few KB at most), as a substring keeps its
// string. Decoding a 64-seat snapshot takes 5 allocations for its
// strings instead of about 700. StringPtr does the same for the strings
// of optional members.
type Reader struct {
	data  []byte
	pos   int
	depth int
	arena []byte   // the chunk the next strings are copied into
	ptrs  []string // the chunk StringPtr's next string is put in
	// strict: a closed object's decoder refuses a member it does not
	// name (Unknown), as CUE's match does; set by As.
	strict bool
	// lax: a variant's reading for Try, which takes what is only
	// incomplete as holes (lax.go); nil otherwise.
	lax *laxState
}

// StringPtr reads a string into a new *string, for an optional member.
// Like the strings' bytes, the strings themselves share a few
// allocations: each pointer is to its own element of a chunk of at most
// 32, never more than the rest of the input could fill; a kept pointer
// keeps its chunk alive.
func (r *Reader) StringPtr() (*string, error) {
	if r.peek() != '"' {
		return nil, r.TypeError("a string")
	}
	v, err := r.stringValue()
	if err != nil {
		return nil, err
	}
	if len(r.ptrs) == cap(r.ptrs) {
		// Each later string takes at least 8 bytes: `,"k":""`.
		r.ptrs = make([]string, 0, max(1, min(32, (len(r.data)-r.pos)/8)))
	}
	r.ptrs = append(r.ptrs, v)
	return &r.ptrs[len(r.ptrs)-1], nil
}

// arenaChunk is the most bytes one arena chunk holds; a longer string has
// an allocation of its own.
const arenaChunk = 4096

// arenaMin is the least input left after a string for str to start a
// chunk.
const arenaMin = 256

// str returns b as a string whose bytes are in r's arena.
func (r *Reader) str(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if len(b) > cap(r.arena)-len(r.arena) {
		// A long string has an allocation of its own, and so does any
		// string near the end of the input, a short document's (a ledger
		// row's) above all: a string under 16 bytes then costs less in
		// the runtime's tiny allocator than a chunk would.
		left := len(r.data) - r.pos
		if len(b) > arenaChunk/4 || left < arenaMin {
			return string(b)
		}
		// No later string can need more than what is left of the input.
		r.arena = make([]byte, 0, max(len(b), min(arenaChunk, left+len(b))))
	}
	start := len(r.arena)
	r.arena = append(r.arena, b...)
	return unsafe.String(&r.arena[start], len(b))
}

// maxDepth bounds nesting, as encoding/json does.
const maxDepth = 10000

var errNull = &problem{kind: ErrNull, msg: "must not be null"}

// Unmarshal decodes the whole document data into x with decode, the
// generated decoder of T; on error x is left as it was and the error is a
// *DecodeError naming typ and where.
func Unmarshal[T any](data []byte, typ string, x *T, decode func(*Reader, *T) error) error {
	r := Reader{data: data}
	err := decode(&r, x)
	if err == nil {
		err = r.End()
	}
	if err != nil {
		return decodeError(typ, r.pos, err)
	}
	return nil
}

// NewReader returns a Reader of the whole document data. Generated
// UnmarshalJSON methods keep it on their stack, call their decoder and
// then Finish:
//
//	r := wire.NewReader(data)
//	return r.Finish("Stance", decode_Stance(&r, x))
//
// which is Unmarshal without the call through a function value, which
// would move the Reader to the heap (one allocation per document, a third
// of a ledger row's).
func NewReader(data []byte) Reader { return Reader{data: data} }

// Finish completes a decode of the whole document as Unmarshal does: err
// is the decoder's; when it is nil, only whitespace may follow the value.
// The error is a *DecodeError naming typ and where.
func (r *Reader) Finish(typ string, err error) error {
	if err == nil {
		err = r.End()
	}
	if err != nil {
		return decodeError(typ, r.pos, err)
	}
	return nil
}

// Decode is Unmarshal for decoders that return the value they read, such
// as a union's.
func Decode[T any](data []byte, typ string, decode func(*Reader) (T, error)) (T, error) {
	r := Reader{data: data}
	v, err := decode(&r)
	if err == nil {
		err = r.End()
	}
	if err != nil {
		var zero T
		return zero, decodeError(typ, r.pos, err)
	}
	return v, nil
}

func (r *Reader) syntax(what string) error {
	if r.pos >= len(r.data) {
		return fail(ErrSyntax, "invalid JSON: unexpected end of input, want %s", what)
	}
	c := r.data[r.pos]
	switch {
	case r.pos == 0 && len(r.data) >= 3 && c == 0xEF && r.data[1] == 0xBB && r.data[2] == 0xBF:
		return fail(ErrSyntax, "invalid JSON: it begins with a UTF-8 byte order mark (bytes EF BB BF), which JSON text must not have (RFC 8259 §8.1); save it without one")
	case c >= 0x80:
		return fail(ErrSyntax, "invalid JSON at byte %d: unexpected byte 0x%02X, want %s", r.pos, c, what)
	}
	return fail(ErrSyntax, "invalid JSON at byte %d: unexpected %q, want %s", r.pos, c, what)
}

func (r *Reader) ws() {
	if r.pos < len(r.data) && r.data[r.pos] > ' ' {
		return // most often: no whitespace at all
	}
	for r.pos < len(r.data) {
		switch r.data[r.pos] {
		case ' ', '\t', '\n', '\r':
			r.pos++
		default:
			return
		}
	}
}

// peek skips whitespace and returns the next byte, or 0 at the end of the
// input. A 0 return is only the end when r.pos has reached it: a NUL byte
// in the input is returned as 0 too, and every caller that treats 0 as the
// end checks atEnd.
func (r *Reader) peek() byte {
	r.ws()
	if r.pos < len(r.data) {
		return r.data[r.pos]
	}
	return 0
}

// End checks that only whitespace follows the top-level value.
func (r *Reader) End() error {
	r.ws()
	if r.pos < len(r.data) {
		return r.syntax("end of input")
	}
	return nil
}

func (r *Reader) literal(lit string) bool {
	if len(r.data)-r.pos >= len(lit) && string(r.data[r.pos:r.pos+len(lit)]) == lit {
		r.pos += len(lit)
		return true
	}
	return false
}

func (r *Reader) enter() error {
	r.depth++
	if r.depth > maxDepth {
		return fail(ErrTooDeep, "nested too deeply")
	}
	return nil
}

// Object reads the '{' that opens an object.
func (r *Reader) Object() error {
	if r.peek() != '{' {
		return r.TypeError("an object")
	}
	r.pos++
	if r.lax != nil {
		r.lax.push(stepMember)
	}
	return r.enter()
}

// Key reads the next member's key and its ':' (ok true), or the object's
// closing '}' (ok false). first is true for the first call of an object.
// The key aliases the input unless it had escapes.
func (r *Reader) Key(first bool) (key []byte, ok bool, err error) {
	c := r.peek()
	if c == '}' {
		r.pos++
		r.depth--
		if r.lax != nil {
			r.lax.pop()
		}
		return nil, false, nil
	}
	if !first {
		if c != ',' {
			return nil, false, r.syntax("',' or '}'")
		}
		r.pos++
		c = r.peek()
	}
	if c != '"' {
		return nil, false, r.syntax("a member name")
	}
	// Fast path: a short plain name and its ':' with no space between,
	// as every encoder writes them.
	d, start := r.data, r.pos+1
	i := start
	for i < len(d) && plainByte[d[i]] {
		i++
	}
	if i+1 < len(d) && d[i] == '"' && d[i+1] == ':' {
		r.pos = i + 2
		key = d[start:i]
	} else {
		key, err = r.stringBytes()
		if err != nil {
			return nil, false, err
		}
		if r.peek() != ':' {
			return nil, false, r.syntax("':'")
		}
		r.pos++
	}
	if r.lax != nil {
		if f := r.lax.top(); f != nil {
			f.name = string(key)
		}
	}
	return key, true, nil
}

// stringBytes reads a JSON string. The result aliases the input when the
// string has no escapes and is valid UTF-8; otherwise it is decoded into a
// new slice exactly as encoding/json decodes it (FuzzUnquote holds the two
// to the same result).
func (r *Reader) stringBytes() ([]byte, error) {
	raw, escaped, err := r.stringRaw()
	if escaped {
		return unquote(raw), nil
	}
	return raw, err
}

// stringValue reads a JSON string as stringBytes does, into r's arena: an
// escaped string is unquoted straight into it rather than into a slice
// that would then be copied.
func (r *Reader) stringValue() (string, error) {
	raw, escaped, err := r.stringRaw()
	if !escaped {
		if err != nil {
			return "", err
		}
		return r.str(raw), nil
	}
	// Unquoting never more than triples a string (an invalid byte becomes
	// U+FFFD's three).
	need := 3 * len(raw)
	if need > cap(r.arena)-len(r.arena) {
		if need > arenaChunk/4 || len(r.data)-r.pos < arenaMin {
			u := unquote(raw) // its own allocation, which nothing else writes
			if len(u) == 0 {
				return "", nil
			}
			return unsafe.String(&u[0], len(u)), nil
		}
		r.arena = make([]byte, 0, max(need, min(arenaChunk, len(r.data)-r.pos+need)))
	}
	start := len(r.arena)
	r.arena = appendUnquote(r.arena, raw)
	if len(r.arena) == start {
		return "", nil
	}
	return unsafe.String(&r.arena[start], len(r.arena)-start), nil
}

// stringRaw reads a JSON string, checking it as encoding/json does, and
// returns what is between its quotes, which aliases the input, and
// whether it must be unquoted (escapes or invalid UTF-8).
func (r *Reader) stringRaw() (raw []byte, escaped bool, err error) {
	if r.peek() != '"' {
		return nil, false, r.syntax("a string")
	}
	start := r.pos + 1
	// Fast path: plain ASCII up to the closing quote, which is nearly every
	// string on a wire.
	d := r.data
	i := start
	// Eight bytes at a time while none of them needs a look.
	for i+8 <= len(d) && !special8(binary.LittleEndian.Uint64(d[i:])) {
		i += 8
	}
	for i < len(d) && plainByte[d[i]] {
		i++
	}
	if i < len(d) && d[i] == '"' {
		r.pos = i + 1
		return d[start:i], false, nil
	}
	// Slow path: find the end, checking what encoding/json checks, then
	// unquote if anything needs it.
	simple := true
	for i < len(d) {
		c := d[i]
		switch {
		case c == '"':
			r.pos = i + 1
			return d[start:i], !simple, nil
		case c == '\\':
			simple = false
			if i+1 >= len(d) {
				r.pos = i + 1
				return nil, false, r.syntax("an escape")
			}
			switch d[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(d) || !isHex4(d[i+2:i+6]) {
					r.pos = i + 2
					return nil, false, r.syntax("four hex digits")
				}
				i += 6
			default:
				r.pos = i + 1
				return nil, false, r.syntax("an escape")
			}
		case c < 0x20:
			r.pos = i
			return nil, false, r.syntax("a string without control characters")
		case c >= utf8.RuneSelf:
			_, size := utf8.DecodeRune(d[i:])
			if size == 1 {
				simple = false // invalid UTF-8: encoding/json replaces it with U+FFFD
			}
			i += size
		default:
			i++
		}
	}
	r.pos = i
	return nil, false, r.syntax("'\"'")
}

// plainByte[c] is true for the bytes a string's fast path takes as they
// are: printable ASCII other than '"' and '\\'.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// special8 reports whether any of the eight bytes of w is a control
// character, '"', '\\' or not ASCII (the bit tricks of "Bit Twiddling
// Hacks": has a byte less than n, has a byte equal to n).
func special8(w uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	less := (w - ones*0x20) & ^w & highs // a byte < 0x20
	quote := w ^ ones*'"'                // a byte == '"' is zero here
	slash := w ^ ones*'\\'               // a byte == '\\' is zero here
	zero := func(v uint64) uint64 { return (v - ones) & ^v & highs }
	return less|zero(quote)|zero(slash)|w&highs != 0
}

func isHex4(b []byte) bool {
	for _, c := range b[:4] {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

func hex4(b []byte) rune {
	var r rune
	for _, c := range b[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		default:
			c = c - 'A' + 10
		}
		r = r<<4 | rune(c)
	}
	return r
}

// unquote decodes the contents of a JSON string whose escapes were
// checked, as encoding/json does: a lone or mismatched surrogate and an
// invalid UTF-8 byte each become U+FFFD.
func unquote(s []byte) []byte { return appendUnquote(make([]byte, 0, len(s)), s) }

// appendUnquote appends the unquoted contents of s to b, as unquote.
func appendUnquote(b, s []byte) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\':
			switch s[i+1] {
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				r := hex4(s[i+2:])
				i += 6
				if utf16.IsSurrogate(r) {
					if i+6 <= len(s) && s[i] == '\\' && s[i+1] == 'u' {
						if dec := utf16.DecodeRune(r, hex4(s[i+2:])); dec != utf8.RuneError {
							i += 6
							b = utf8.AppendRune(b, dec)
							continue
						}
					}
					r = utf8.RuneError
				}
				b = utf8.AppendRune(b, r)
				continue
			default: // '"', '\\', '/'
				b = append(b, s[i+1])
			}
			i += 2
		case c < utf8.RuneSelf:
			b = append(b, c)
			i++
		default:
			r, size := utf8.DecodeRune(s[i:])
			i += size
			b = utf8.AppendRune(b, r)
		}
	}
	return b
}

// TypeError is the error for a value that is not what the schema wants.
func (r *Reader) TypeError(want string) error {
	switch r.peek() {
	case 'n':
		if r.literal("null") {
			return errNull
		}
	case '"':
		return fail(ErrType, "must be %s, not a string", want)
	case '{':
		return fail(ErrType, "must be %s, not an object", want)
	case '[':
		return fail(ErrType, "must be %s, not an array", want)
	case 't', 'f':
		if r.literal("true") || r.literal("false") {
			return fail(ErrType, "must be %s, not a boolean", want)
		}
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return fail(ErrType, "must be %s, not a number", want)
	}
	return r.syntax(want)
}

// String reads a string.
func (r *Reader) String(dst *string) error {
	if r.peek() != '"' {
		return r.TypeError("a string")
	}
	v, err := r.stringValue()
	if err != nil {
		return err
	}
	*dst = v
	return nil
}

// Bool reads a boolean.
func (r *Reader) Bool(dst *bool) error {
	switch r.peek() {
	case 't':
		if r.literal("true") {
			*dst = true
			return nil
		}
	case 'f':
		if r.literal("false") {
			*dst = false
			return nil
		}
	}
	return r.TypeError("a boolean")
}

// Int reads an integer: a number whose value is an integer that an int64
// holds, decided exactly from its text.
func (r *Reader) Int(dst *int64) error {
	text, err := r.integerText()
	if err != nil {
		return err
	}
	n, err := parseInt(text)
	if err != nil {
		return err
	}
	*dst = n
	return nil
}

// Uint reads an integer that a uint64 holds (CUE's uint64: 0 to 2^64-1),
// decided exactly from its text, as Int is.
func (r *Reader) Uint(dst *uint64) error {
	text, err := r.integerText()
	if err != nil {
		return err
	}
	n, err := parseUint(text)
	if err != nil {
		return err
	}
	*dst = n
	return nil
}

// integerText reads a JSON number where an integer is wanted, and returns
// its text.
func (r *Reader) integerText() ([]byte, error) {
	c := r.peek()
	if c != '-' && (c < '0' || c > '9') {
		return nil, r.TypeError("an integer")
	}
	start := r.pos
	if err := r.number(); err != nil {
		return nil, err
	}
	return r.data[start:r.pos], nil
}

// number reads a JSON number, checking its syntax.
func (r *Reader) number() error {
	d := r.data
	p := r.pos
	digits := func() int {
		n := 0
		for p < len(d) && d[p] >= '0' && d[p] <= '9' {
			p++
			n++
		}
		return n
	}
	if p < len(d) && d[p] == '-' {
		p++
	}
	switch {
	case p < len(d) && d[p] == '0':
		p++
	case digits() == 0:
		r.pos = p
		return r.syntax("a digit")
	}
	if p < len(d) && d[p] == '.' {
		p++
		if digits() == 0 {
			r.pos = p
			return r.syntax("a digit")
		}
	}
	if p < len(d) && (d[p] == 'e' || d[p] == 'E') {
		p++
		if p < len(d) && (d[p] == '+' || d[p] == '-') {
			p++
		}
		if digits() == 0 {
			r.pos = p
			return r.syntax("a digit")
		}
	}
	r.pos = p
	return nil
}

// Time reads an RFC 3339 date-time: first its shape, as JSON Schema's
// date-time format and the generated schemas check it (capital T and Z, a
// '.' before a fraction, an offset under 24 hours), then time's own parser,
// which checks the calendar.
func (r *Reader) Time(dst *time.Time) error {
	if r.peek() != '"' {
		return r.TypeError("an RFC 3339 date-time string")
	}
	b, err := r.stringBytes()
	if err != nil {
		return err
	}
	if t, ok := parseTime(b); ok {
		*dst = t
		return nil
	}
	if !isRFC3339(b) {
		return fail(ErrTime, "must be an RFC 3339 date-time such as 2006-01-02T15:04:05Z, not %q", b)
	}
	if err := dst.UnmarshalText(b); err != nil {
		return &problem{kind: ErrTime, msg: err.Error(), cause: err}
	}
	return nil
}

// parseTime is time.Time's UnmarshalText of b for every b of RFC 3339's
// shape (as isRFC3339 checks it) whose fields are in range (ok true): the
// same instant, in the same location (UTC for Z, Local when its offset
// then is the one written, else a fixed zone), in one pass and without
// time's general parser. Anything else (February 30, hour 24, second 60,
// a shape isRFC3339 refuses) is ok false, left to the slow path and its
// error. FuzzReaderTime and FuzzReaderTimeFields hold the two together.
func parseTime(b []byte) (time.Time, bool) {
	if len(b) < 20 || b[4] != '-' || b[7] != '-' || b[10] != 'T' || b[13] != ':' || b[16] != ':' {
		return time.Time{}, false
	}
	var bad byte
	num2 := func(i int) int {
		c0, c1 := b[i]-'0', b[i+1]-'0' // a byte below '0' wraps past 9
		if c0 > 9 || c1 > 9 {
			bad = 1
		}
		return int(c0)*10 + int(c1)
	}
	year := num2(0)*100 + num2(2)
	month, day := num2(5), num2(8)
	hour, minute, sec := num2(11), num2(14), num2(17)
	if bad != 0 || month < 1 || month > 12 || day < 1 || day > daysIn(month, year) || hour > 23 || minute > 59 || sec > 59 {
		return time.Time{}, false
	}
	rest := b[19:]
	nsec := 0
	if rest[0] == '.' {
		n := 1
		for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
			if n <= 9 { // time keeps nine digits and drops the rest
				nsec = nsec*10 + int(rest[n]-'0')
			}
			n++
		}
		if n == 1 {
			return time.Time{}, false
		}
		for i := n; i <= 9; i++ {
			nsec *= 10
		}
		rest = rest[n:]
	}
	secs := daysFromCivil(year, month, day)*86400 + int64(hour*3600+minute*60+sec)
	if len(rest) == 1 && rest[0] == 'Z' {
		return time.Unix(secs, int64(nsec)).UTC(), true
	}
	if len(rest) != 6 || rest[0] != '+' && rest[0] != '-' || rest[3] != ':' {
		return time.Time{}, false
	}
	oh, om := num2(1+len(b)-6), num2(4+len(b)-6)
	if bad != 0 || oh > 23 || om > 59 {
		return time.Time{}, false
	}
	offset := (oh*60 + om) * 60
	if rest[0] == '-' {
		offset = -offset
	}
	t := time.Unix(secs-int64(offset), int64(nsec)) // in Local
	if _, local := t.Zone(); local == offset {
		return t, true
	}
	return t.In(time.FixedZone("", offset)), true
}

// daysFromCivil is the number of days from 1970-01-01 to the given day of
// the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
func daysFromCivil(year, month, day int) int64 {
	if month <= 2 {
		year--
	}
	era := year / 400
	if year < 0 {
		era = (year - 399) / 400
	}
	yoe := year - era*400
	mp := (month + 9) % 12
	doy := (153*mp+2)/5 + day - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return int64(era)*146097 + int64(doe) - 719468
}

// daysIn is the number of days of month in year (proleptic Gregorian).
func daysIn(month, year int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// isRFC3339 checks the shape 2006-01-02T15:04:05[.999]Z|±07:00.
func isRFC3339(b []byte) bool {
	digits := func(s []byte) bool {
		for _, c := range s {
			if c < '0' || c > '9' {
				return false
			}
		}
		return true
	}
	if len(b) < 20 || !digits(b[0:4]) || b[4] != '-' || !digits(b[5:7]) || b[7] != '-' || !digits(b[8:10]) ||
		b[10] != 'T' || !digits(b[11:13]) || b[13] != ':' || !digits(b[14:16]) || b[16] != ':' || !digits(b[17:19]) {
		return false
	}
	rest := b[19:]
	if rest[0] == '.' {
		n := 1
		for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
			n++
		}
		if n == 1 {
			return false
		}
		rest = rest[n:]
	}
	switch {
	case len(rest) == 1 && rest[0] == 'Z':
		return true
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && digits(rest[1:3]) && rest[3] == ':' && digits(rest[4:6]):
		return (rest[1]-'0')*10+(rest[2]-'0') < 24 && (rest[4]-'0')*10+(rest[5]-'0') < 60
	}
	return false
}

// Tag reads a union variant's discriminator and checks it is want.
func (r *Reader) Tag(want string) error {
	if r.peek() != '"' {
		return r.TypeError("a string")
	}
	b, err := r.stringBytes()
	if err != nil {
		return err
	}
	if string(b) != want {
		return fail(ErrDiscriminator, "is %q, want %q", b, want)
	}
	return nil
}

// ListOf returns the reader of a []T whose items elem reads: the element
// reader generated code passes to List or Map for a list of lists, or a map
// of lists.
func ListOf[T any](elem func(*Reader, *T) error) func(*Reader, *[]T) error {
	return func(r *Reader, dst *[]T) error { return List(r, dst, elem) }
}

// MapOf returns the reader of a map[string]T whose values elem reads, as
// ListOf does for a list.
func MapOf[T any](elem func(*Reader, *T) error) func(*Reader, *map[string]T) error {
	return func(r *Reader, dst *map[string]T) error { return Map(r, dst, elem) }
}

// List reads a JSON array, decoding each element with elem. A present list
// is never nil, so an empty list stays apart from an absent one.
func List[T any](r *Reader, dst *[]T, elem func(*Reader, *T) error) error {
	if r.peek() != '[' {
		return r.TypeError("an array")
	}
	r.pos++
	if err := r.enter(); err != nil {
		return err
	}
	if r.lax != nil {
		r.lax.push(stepIndex)
	}
	// The items are decoded into a scratch list and copied out once, at
	// their number: growing the list itself by doubling allocated and
	// copied about twice what it holds (a third of a snapshot's decode).
	pool, scratch := getScratch[T]()
	defer putScratch(pool, scratch)
	list := (*scratch)[:0]
	for i := 0; ; i++ {
		c := r.peek()
		if c == ']' {
			r.pos++
			r.depth--
			if r.lax != nil {
				r.lax.pop()
			}
			out := make([]T, len(list))
			copy(out, list)
			*dst = out
			*scratch = list
			return nil
		}
		if i > 0 {
			if c != ',' {
				return r.syntax("',' or ']'")
			}
			r.pos++
		}
		if r.lax != nil {
			r.lax.top().index = i
		}
		list = append(list, *new(T))
		if err := elem(r, &list[len(list)-1]); err != nil {
			*scratch = list
			return atStep(indexStep(i), err)
		}
	}
}

// scratchPools holds a sync.Pool of *[]T for each item type T List has
// read (reflect.Type to *sync.Pool).
var scratchPools sync.Map

// maxScratch is the most bytes of items a scratch list keeps between
// decodes: a larger one goes to the collector.
const maxScratch = 1 << 20

// getScratch returns an empty scratch list of T's, and the pool it goes
// back to.
func getScratch[T any]() (*sync.Pool, *[]T) {
	p, ok := scratchPools.Load(reflect.TypeFor[T]())
	if !ok {
		p, _ = scratchPools.LoadOrStore(reflect.TypeFor[T](), &sync.Pool{New: func() any { return new([]T) }})
	}
	pool := p.(*sync.Pool)
	return pool, pool.Get().(*[]T)
}

// putScratch clears the items a decode left in a scratch list (they may
// hold strings and pointers of the decoded value; the rest of its
// capacity was cleared when it was last put back) and returns it to its
// pool.
func putScratch[T any](pool *sync.Pool, s *[]T) {
	clear(*s)
	*s = (*s)[:0]
	if uintptr(cap(*s))*unsafe.Sizeof(*new(T)) > maxScratch {
		return
	}
	pool.Put(s)
}

// Array reads the '[' that opens an array, for a tuple's decoder, which
// then reads each item after Item.
func (r *Reader) Array() error {
	if r.peek() != '[' {
		return r.TypeError("an array")
	}
	r.pos++
	if r.lax != nil {
		r.lax.push(stepIndex)
	}
	return r.enter()
}

// Item reads what comes before item i of the array Array opened: the ','
// before any item but the first (more true), or the array's closing ']'
// (more false).
func (r *Reader) Item(i int) (more bool, err error) {
	c := r.peek()
	if c == ']' {
		r.pos++
		r.depth--
		if r.lax != nil {
			r.lax.pop()
		}
		return false, nil
	}
	if i > 0 {
		if c != ',' {
			return false, r.syntax("',' or ']'")
		}
		r.pos++
	}
	if r.lax != nil {
		r.lax.top().index = i
	}
	return true, nil
}

// TooMany reads the rest of an array of a closed tuple of n items, from
// its item i (which Item reported), and returns the error for its length,
// or the array's own syntax error.
func (r *Reader) TooMany(i, n int) error {
	for {
		if err := r.Skip(); err != nil {
			return AtIndex(i, err)
		}
		i++
		more, err := r.Item(i)
		if err != nil {
			return err
		}
		if !more {
			return TupleLength(i, n, true)
		}
	}
}

// Map reads a JSON object with string keys, decoding each value with elem.
// A present map is never nil.
func Map[T any](r *Reader, dst *map[string]T, elem func(*Reader, *T) error) error {
	if r.peek() != '{' {
		return r.TypeError("an object")
	}
	r.pos++
	if err := r.enter(); err != nil {
		return err
	}
	if r.lax != nil {
		r.lax.push(stepKey)
	}
	m := map[string]T{}
	// One value decoded into again for each member (elem's pointer
	// escapes, so a variable per member would be an allocation per member);
	// the map keeps a copy.
	v := new(T)
	for first := true; ; first = false {
		key, ok, err := r.Key(first)
		if err != nil {
			return err
		}
		if !ok {
			*dst = m
			return nil
		}
		if _, dup := m[string(key)]; dup {
			return atStep(keyStep(string(key)), &problem{kind: ErrDuplicateMember, msg: "is given twice; each key may appear once"})
		}
		var zero T
		*v = zero
		if err := elem(r, v); err != nil {
			return atStep(keyStep(string(key)), err)
		}
		m[r.str(key)] = *v
	}
}

// Unknown reads the value of a member a closed object does not name: it
// skips it (a newer writer may add a member), or, when the reader judges
// a match (As), refuses it, as CUE's match refuses a member its closed
// definition does not name. The caller puts the error in the member's
// context (InField).
func (r *Reader) Unknown() error {
	if r.strict {
		return errClosed
	}
	return r.Skip()
}

// Refuse refuses the value of a member a closed object does not name,
// wherever it is read: the decoder of an object that a match on the
// value holding it judges strictly (model.Object.Strict), which refuses
// such a member as CUE does, in every target. The caller puts the error
// in the member's context (InField).
func (r *Reader) Refuse() error {
	return errStrict
}

// Strict reports whether the reader judges a match (As), where a closed
// object's decoder refuses a member it does not name.
func (r *Reader) Strict() bool {
	return r.strict
}

// Closed refuses the first, by name, of the members a closed object kept
// in unknown, as a match refuses it: the decoder of an object an if
// clause opens while its condition holds (model.MatchIf.Opens) calls it
// in a match once it finds the condition does not hold. It returns nil
// when unknown is empty.
func (r *Reader) Closed(unknown map[string]json.RawMessage) error {
	keys := SortedKeys(unknown)
	if len(keys) == 0 {
		return nil
	}
	return InField([]byte(keys[0]), errClosed)
}

// Skip reads and discards one JSON value of any type, checking its syntax.
func (r *Reader) Skip() error {
	switch c := r.peek(); {
	case c == '{':
		r.pos++
		if err := r.enter(); err != nil {
			return err
		}
		if r.lax != nil {
			r.lax.push(stepMember) // Key pops it at the '}'
		}
		for first := true; ; first = false {
			_, ok, err := r.Key(first)
			if err != nil {
				return err
			}
			if !ok {
				return nil
			}
			if err := r.Skip(); err != nil {
				return err
			}
		}
	case c == '[':
		r.pos++
		if err := r.enter(); err != nil {
			return err
		}
		for i := 0; ; i++ {
			c := r.peek()
			if c == ']' {
				r.pos++
				r.depth--
				return nil
			}
			if i > 0 {
				if c != ',' {
					return r.syntax("',' or ']'")
				}
				r.pos++
			}
			if err := r.Skip(); err != nil {
				return err
			}
		}
	case c == '"':
		_, err := r.stringBytes()
		return err
	case c == 't':
		if r.literal("true") {
			return nil
		}
	case c == 'f':
		if r.literal("false") {
			return nil
		}
	case c == 'n':
		if r.literal("null") {
			return nil
		}
	case c == '-' || (c >= '0' && c <= '9'):
		return r.number()
	}
	return r.syntax("a value")
}

// UnionTag finds the discriminator name of the object that starts at the
// reader's position, without consuming anything: the variant's decoder
// then reads and checks the whole object, so nothing is accepted
// unchecked. It stops at the discriminator, which this package's encoders
// write first. valid lists the known tags, for the error when it is
// missing.
func (r *Reader) UnionTag(name string, valid []string) (string, error) {
	s := *r
	s.lax = nil // a look ahead: nothing it reads is a member being read
	if err := s.Object(); err != nil {
		return "", err
	}
	for first := true; ; first = false {
		key, ok, err := s.Key(first)
		if err != nil {
			return "", err
		}
		if !ok {
			break
		}
		if string(key) == name {
			// s is a copy of r: its strings must not go to r's arena,
			// which r writes on. A known tag is returned without a copy.
			if s.peek() != '"' {
				return "", InField(key, s.TypeError("a string"))
			}
			b, err := s.stringBytes()
			if err != nil {
				return "", InField(key, err)
			}
			for _, v := range valid {
				if string(b) == v {
					return v, nil
				}
			}
			return string(b), nil
		}
		if err := s.Skip(); err != nil {
			return "", err
		}
	}
	return "", &pathError{path: name, err: fail(ErrDiscriminator, "discriminator is missing (valid: %s)", strings.Join(valid, ", "))}
}

// UnknownTag is the error for a discriminator value no variant has.
func UnknownTag(name, tag string, valid []string) error {
	return &pathError{path: name, err: fail(ErrDiscriminator, "unknown %s %q (valid: %s)", name, tag, strings.Join(valid, ", "))}
}
