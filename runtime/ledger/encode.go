package ledger

import (
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/schemagen/schemagen/generated/go/fleet"
)

// appendRow appends row to b as the one line of JSON json.Marshal writes
// for it (no newline): the kind first, then the fields in schema order,
// optional ones only when present. It is the ledger's only encoder, so
// that switching to the generated AppendJSON, once generated/go/fleet has
// it, is this one function. FuzzAppendRowIsJSONMarshal holds it to
// json.Marshal byte for byte.
func appendRow(b []byte, row fleet.LedgerRow) ([]byte, error) {
	var err error
	switch v := row.(type) {
	case *fleet.PassedRow:
		b = append(b, `{"kind":"passed","seatId":`...)
		b = appendString(b, v.SeatID)
		b, err = appendTimeField(b, v.At)
	case *fleet.FailedRow:
		b = append(b, `{"kind":"failed","seatId":`...)
		b = appendString(b, v.SeatID)
		b, err = appendTimeField(b, v.At)
	case *fleet.PromptedRow:
		b = append(b, `{"kind":"prompted","seatId":`...)
		b = appendString(b, v.SeatID)
		b, err = appendTimeField(b, v.At)
		if v.FromSeatID != nil {
			b = append(b, `,"fromSeatId":`...)
			b = appendString(b, *v.FromSeatID)
		}
	case *fleet.ShippedRow:
		b = append(b, `{"kind":"shipped","seatId":`...)
		b = appendString(b, v.SeatID)
		b, err = appendTimeField(b, v.At)
		if v.Note != nil {
			b = append(b, `,"note":`...)
			b = appendString(b, *v.Note)
		}
	default:
		return b, fmt.Errorf("%T is not a ledger row", row)
	}
	if err != nil {
		return b, err
	}
	return append(b, '}'), nil
}

// appendTimeField appends `,"at":"…"` as time.Time's MarshalJSON writes
// it, refusing what it refuses: a year outside [0,9999] or a zone offset
// of 24 hours or more.
func appendTimeField(b []byte, t time.Time) ([]byte, error) {
	if y := t.Year(); y < 0 || y > 9999 {
		return b, errors.New("at: year outside of range [0,9999]")
	}
	if _, off := t.Zone(); off <= -24*3600 || off >= 24*3600 {
		return b, errors.New("at: timezone hour outside of range [0,23]")
	}
	b = append(b, `,"at":"`...)
	b = t.AppendFormat(b, time.RFC3339Nano)
	return append(b, '"'), nil
}

const hex = "0123456789abcdef"

// appendString appends s as a JSON string exactly as encoding/json writes
// it: '"' and '\\' escaped, control characters as \b \f \n \r \t or
// \u00XX, '<', '>' and '&' as \u003c \u003e \u0026, U+2028 and U+2029
// escaped, and each byte of invalid UTF-8 as \ufffd.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
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
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			switch r {
			case '\u2028':
				b = append(b, `\u2028`...)
			case '\u2029':
				b = append(b, `\u2029`...)
			default:
				b = append(b, `\ufffd`...)
			}
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
