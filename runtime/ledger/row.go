package ledger

import (
	"time"

	"github.com/schemagen/schemagen/generated/go/fleet"
)

// Kind is the kind of a ledger row.
type Kind uint8

// The kinds of ledger row, as the schema's LedgerRow union has them.
const (
	Passed   Kind = iota + 1 // a run settled as passed
	Failed                   // a run settled as failed
	Prompted                 // the host delivered a prompt
	Shipped                  // a celebrate stance was struck
)

// String returns the row's "kind" on the wire.
func (k Kind) String() string {
	switch k {
	case Passed:
		return "passed"
	case Failed:
		return "failed"
	case Prompted:
		return "prompted"
	case Shipped:
		return "shipped"
	}
	return "unknown"
}

// KindOf returns the kind of row.
func KindOf(row fleet.LedgerRow) Kind {
	switch row.(type) {
	case *fleet.PassedRow:
		return Passed
	case *fleet.FailedRow:
		return Failed
	case *fleet.PromptedRow:
		return Prompted
	case *fleet.ShippedRow:
		return Shipped
	}
	return 0
}

// A Row is one row read from the ledger: what counting needs of it. Its
// byte slices alias the reader's buffer and are valid only during the
// call it is passed to; fleet.UnmarshalLedgerRow(Line) gives the whole
// row.
type Row struct {
	Kind   Kind
	SeatID []byte
	At     time.Time
	Line   []byte // the line, without its newline

	// The last date read and checked, and its day number.
	date [10]byte
	days int64
}

// decodeRow reads line into r: exactly what fleet.UnmarshalLedgerRow
// accepts, with the same values, or an error from it. Lines of the
// members this package writes, in any order, take a path that allocates
// nothing (fastRow); anything else — whitespace, escapes in a seat id,
// an unknown field, any line the generated decoder might refuse — goes
// through the generated decoder itself, so the verdict is always its own
// (FuzzDecodeRowAgreesWithTheGeneratedDecoder holds the fast path to it).
func decodeRow(line []byte, r *Row) error {
	if fastRow(line, r) {
		return nil
	}
	v, err := fleet.UnmarshalLedgerRow(line)
	if err != nil {
		return err
	}
	r.Kind, r.Line = KindOf(v), line
	switch v := v.(type) {
	case *fleet.PassedRow:
		r.SeatID, r.At = []byte(v.SeatID), v.At
	case *fleet.FailedRow:
		r.SeatID, r.At = []byte(v.SeatID), v.At
	case *fleet.PromptedRow:
		r.SeatID, r.At = []byte(v.SeatID), v.At
	case *fleet.ShippedRow:
		r.SeatID, r.At = []byte(v.SeatID), v.At
	}
	return nil
}

// fastRow decodes a line shaped as appendRow writes it,
//
//	{"kind":K,"seatId":S,"at":T}  then ,"fromSeatId":F} for prompted, ,"note":N} for shipped
//
// with its members in any order: S (and F) hold only printable ASCII
// without escapes, T is an RFC 3339 date-time the generated decoder
// accepts, and N is any JSON string without raw control characters. It
// reports false for anything else (whitespace, an escape in a member's
// name, a member given twice, another member, fromSeatId on a row that is
// not prompted or note on one not shipped), having changed nothing the
// caller relies on, and the generated decoder reads the line instead.
func fastRow(line []byte, r *Row) bool {
	const (
		seenKind = 1 << iota
		seenSeat
		seenAt
		seenFrom
		seenNote
		required = seenKind | seenSeat | seenAt
	)
	if len(line) < 2 || line[0] != '{' {
		return false
	}
	var (
		k    Kind
		seat []byte
		at   time.Time
		seen int
		ok   bool
	)
	for i := 1; ; i++ {
		var member int
		// The letter after the name's quote picks the one name to
		// compare (a line too short for it reads as none).
		var first byte
		if i+1 < len(line) {
			first = line[i+1]
		}
		switch {
		case first == 'k' && has(line, i, `"kind":"`):
			member, i = seenKind, i+len(`"kind":"`)
			switch {
			case has(line, i, `passed"`):
				k, i = Passed, i+len(`passed"`)
			case has(line, i, `failed"`):
				k, i = Failed, i+len(`failed"`)
			case has(line, i, `prompted"`):
				k, i = Prompted, i+len(`prompted"`)
			case has(line, i, `shipped"`):
				k, i = Shipped, i+len(`shipped"`)
			default:
				return false
			}
		case first == 's' && has(line, i, `"seatId":"`):
			s := i + len(`"seatId":"`)
			if i, ok = plain(line, s); !ok {
				return false
			}
			member, seat, i = seenSeat, line[s:i], i+1
		case first == 'a' && has(line, i, `"at":"`):
			i += len(`"at":"`)
			t, n, ok := r.rfc3339(line[i:])
			if !ok {
				return false
			}
			if i += n; i >= len(line) || line[i] != '"' {
				return false
			}
			member, at, i = seenAt, t, i+1
		case first == 'f' && has(line, i, `"fromSeatId":"`):
			if i, ok = plain(line, i+len(`"fromSeatId":"`)); !ok {
				return false
			}
			member, i = seenFrom, i+1
		case first == 'n' && has(line, i, `"note":"`):
			if i, ok = jsonString(line, i+len(`"note":"`)); !ok {
				return false
			}
			member = seenNote
		default:
			return false
		}
		if seen&member != 0 || i >= len(line) {
			return false
		}
		seen |= member
		if line[i] == '}' {
			if i != len(line)-1 {
				return false
			}
			break
		}
		if line[i] != ',' {
			return false
		}
	}
	if seen&required != required || seen&seenFrom != 0 && k != Prompted || seen&seenNote != 0 && k != Shipped {
		return false
	}
	r.Kind, r.SeatID, r.At, r.Line = k, seat, at, line
	return true
}

func has(b []byte, i int, s string) bool {
	return len(b)-i >= len(s) && string(b[i:i+len(s)]) == s
}

// plain scans the body of a string of printable ASCII without escapes
// from i, returning the index of its closing quote.
func plain(b []byte, i int) (int, bool) {
	for ; i < len(b); i++ {
		c := b[i]
		if c == '"' {
			return i, true
		}
		if c < 0x20 || c == '\\' || c >= 0x7f {
			return i, false
		}
	}
	return i, false
}

// jsonString scans the body of a JSON string from i, returning the index
// just after its closing quote: valid escapes, and any byte from 0x20 up
// (the generated decoder takes invalid UTF-8 as U+FFFD, as encoding/json
// does). A raw control character is not a string, and is left to the
// generated decoder to refuse.
func jsonString(b []byte, i int) (int, bool) {
	for i < len(b) {
		switch c := b[i]; {
		case c == '"':
			return i + 1, true
		case c == '\\':
			if i+1 >= len(b) {
				return i, false
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(b) || !isHex(b[i+2]) || !isHex(b[i+3]) || !isHex(b[i+4]) || !isHex(b[i+5]) {
					return i, false
				}
				i += 6
			default:
				return i, false
			}
		case c < 0x20:
			return i, false
		default:
			i++
		}
	}
	return i, false
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// rfc3339 parses the RFC 3339 date-time at the start of b, as the
// generated decoder (its shape check, then time.Time.UnmarshalText) does
// for every date-time it accepts, and returns the instant and the length
// read. It refuses what it is not sure of.
func (r *Row) rfc3339(b []byte) (time.Time, int, bool) {
	if len(b) < len("2006-01-02T15:04:05Z") || b[4] != '-' || b[7] != '-' || b[10] != 'T' || b[13] != ':' || b[16] != ':' {
		return time.Time{}, 0, false
	}
	ok := true
	num := func(lo, hi int) int {
		n := 0
		for _, c := range b[lo:hi] {
			if c < '0' || c > '9' {
				ok = false
			}
			n = n*10 + int(c-'0')
		}
		return n
	}
	if string(b[:10]) != string(r.date[:]) { // rows of one day share their date
		year, month, day := num(0, 4), num(5, 7), num(8, 10)
		if !ok || month < 1 || month > 12 || day < 1 || day > daysIn(month, year) {
			return time.Time{}, 0, false
		}
		copy(r.date[:], b[:10])
		r.days = daysSinceEpoch(year, month, day)
	}
	hour, hok := two(b[11], b[12])
	minute, mok := two(b[14], b[15])
	sec, sok := two(b[17], b[18])
	if !hok || !mok || !sok || hour > 23 || minute > 59 || sec > 59 {
		return time.Time{}, 0, false
	}
	i := 19
	nsec := 0
	if b[i] == '.' {
		i++
		digits := 0
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			if digits < 9 {
				nsec = nsec*10 + int(b[i]-'0')
			}
			digits++
			i++
		}
		if digits == 0 {
			return time.Time{}, 0, false
		}
		if digits < 9 {
			nsec *= pow10[9-digits]
		}
	}
	off := 0
	switch {
	case i < len(b) && b[i] == 'Z':
		i++
	case len(b)-i >= 6 && (b[i] == '+' || b[i] == '-') && b[i+3] == ':':
		h, m := num(i+1, i+3), num(i+4, i+6)
		if !ok || h > 23 || m > 59 {
			return time.Time{}, 0, false
		}
		off = (h*60 + m) * 60
		if b[i] == '-' {
			off = -off
		}
		i += 6
	default:
		return time.Time{}, 0, false
	}
	secs := r.days*86400 + int64(hour*3600+minute*60+sec-off)
	return time.Unix(secs, int64(nsec)).UTC(), i, true
}

// pow10 holds 10 to the power of its index, up to the 10^8 a fraction's
// nanoseconds need.
var pow10 = [...]int{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8}

// two is the number two ASCII digits write, and whether they are digits.
func two(hi, lo byte) (int, bool) {
	h, l := hi-'0', lo-'0' // (a byte below '0' wraps past 9)
	return int(h)*10 + int(l), h <= 9 && l <= 9
}

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

// daysSinceEpoch is the number of days from 1970-01-01 to the given date
// of the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
func daysSinceEpoch(y, m, d int) int64 {
	if m <= 2 {
		y--
	}
	era := y / 400
	if y < 0 && y%400 != 0 {
		era--
	}
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return int64(era)*146097 + int64(doe) - 719468
}
