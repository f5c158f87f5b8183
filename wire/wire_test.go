package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// jsonNumber is RFC 8259's number grammar.
var jsonNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

// exact is the reference: the number's exact value by big.Rat when it is
// an integer, else nil. known is false for an exponent too large for
// big.Rat to read.
func exact(text string) (n *big.Int, known bool) {
	r, ok := new(big.Rat).SetString(text)
	if !ok || !r.IsInt() {
		return nil, ok
	}
	return r.Num(), true
}

// exactInt is exact for an integer an int64 holds.
func exactInt(text string) (n int64, isInt, known bool) {
	x, known := exact(text)
	if x == nil || !x.IsInt64() {
		return 0, false, known
	}
	return x.Int64(), true, true
}

func TestParseInt(t *testing.T) {
	for _, tc := range []struct {
		text string
		want int64
		err  string // "" for ok; else a substring
	}{
		{"0", 0, ""},
		{"-0", 0, ""},
		{"-0.0e-5", 0, ""},
		{"0.000", 0, ""},
		{"1.0", 1, ""},
		{"1e3", 1000, ""},
		{"1E+3", 1000, ""},
		{"10e-1", 1, ""},
		{"1200e-2", 12, ""},
		{"12.500e1", 125, ""},
		{"9223372036854775807", math.MaxInt64, ""},
		{"9223372036854775807.0", math.MaxInt64, ""},
		{"-9223372036854775808", math.MinInt64, ""},
		{"9007199254740993.0", 9007199254740993, ""},
		{"1.00000000000000000000000000000000000000", 1, ""},
		{"100000000000000000000000000000e-28", 10, ""},
		{"1.5", 0, "must be an integer, not 1.5"},
		{"1.0000000000000001", 0, "must be an integer, not 1.0000000000000001"},
		{"1e-400", 0, "must be an integer, not 1e-400"},
		{"5e-1", 0, "must be an integer, not 5e-1"},
		{"9223372036854775808", 0, "an int64 holds"},
		{"-9223372036854775809", 0, "an int64 holds"},
		{"1e19", 0, "an int64 holds"},
		{"1e400", 0, "an int64 holds"},
		{"1e999999999999999999999", 0, "an int64 holds"},
		{"123456789012345678901234567890", 0, "an int64 holds"},
	} {
		got, err := parseInt([]byte(tc.text))
		switch {
		case tc.err == "" && (err != nil || got != tc.want):
			t.Errorf("parseInt(%s) = %d, %v; want %d", tc.text, got, err, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("parseInt(%s) = %d, %v; want an error containing %q", tc.text, got, err, tc.err)
		}
		if want, ok, known := exactInt(tc.text); known && (ok != (err == nil) || (ok && want != got)) {
			t.Errorf("parseInt(%s) disagrees with big.Rat: %d, %v vs %d, %v", tc.text, got, err, want, ok)
		}
	}
}

// exactUint is exactInt for a uint64.
func exactUint(text string) (n uint64, isUint, known bool) {
	x, known := exact(text)
	if x == nil || !x.IsUint64() {
		return 0, false, known
	}
	return x.Uint64(), true, true
}

func TestParseUint(t *testing.T) {
	for _, tc := range []struct {
		text string
		want uint64
		err  string // "" for ok; else a substring
	}{
		{"0", 0, ""},
		{"-0", 0, ""},
		{"-0.0e-5", 0, ""},
		{"1.0", 1, ""},
		{"9223372036854775808", 1 << 63, ""},
		{"18446744073709551615", math.MaxUint64, ""},
		{"18446744073709551615.000", math.MaxUint64, ""},
		{"1844674407370955161.5e1", math.MaxUint64, ""},
		{"1e19", 10000000000000000000, ""},
		{"18446744073709551616", 0, "a uint64 holds"},
		{"18446744073709551620", 0, "a uint64 holds"},
		{"99999999999999999999", 0, "a uint64 holds"},
		{"1e20", 0, "a uint64 holds"},
		{"-1", 0, "a uint64 holds"},
		{"-1e-400", 0, "must be an integer"},
		{"1.5", 0, "must be an integer, not 1.5"},
		{"123456789012345678901234567890", 0, "a uint64 holds"},
	} {
		got, err := parseUint([]byte(tc.text))
		switch {
		case tc.err == "" && (err != nil || got != tc.want):
			t.Errorf("parseUint(%s) = %d, %v; want %d", tc.text, got, err, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("parseUint(%s) = %d, %v; want an error containing %q", tc.text, got, err, tc.err)
		}
		if want, ok, known := exactUint(tc.text); known && (ok != (err == nil) || (ok && want != got)) {
			t.Errorf("parseUint(%s) disagrees with big.Rat: %d, %v vs %d, %v", tc.text, got, err, want, ok)
		}
	}
}

// FuzzParseUint: the reader decides exactly what big.Rat decides of a
// uint64, for every syntactically valid JSON number.
func FuzzParseUint(f *testing.F) {
	for _, s := range []string{"0", "-0", "1.0", "1e19", "18446744073709551615", "18446744073709551616", "-1", "1.5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !jsonNumber.MatchString(text) || len(text) > 200 {
			return
		}
		got, err := parseUint([]byte(text))
		want, ok, known := exactUint(text)
		if !known {
			return
		}
		if ok != (err == nil) || (ok && got != want) {
			t.Fatalf("parseUint(%s) = %d, %v; big.Rat says %d, integer in range %v", text, got, err, want, ok)
		}
	})
}

// FuzzParseInt: the reader decides exactly what big.Rat decides, for every
// syntactically valid JSON number.
func FuzzParseInt(f *testing.F) {
	for _, s := range []string{"0", "1.0", "1e3", "1.5", "1e-400", "9223372036854775807.0", "9223372036854775808", "-0.0", "1.0000000000000001"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !jsonNumber.MatchString(text) || len(text) > 200 {
			return
		}
		got, err := parseInt([]byte(text))
		want, ok, known := exactInt(text)
		if !known {
			return
		}
		if ok != (err == nil) || (ok && got != want) {
			t.Fatalf("parseInt(%s) = %d, %v; big.Rat says %d, integer in range %v", text, got, err, want, ok)
		}
	})
}

// FuzzAppendString: strings are written exactly as encoding/json writes
// them, in both of its modes (Escaping.HTML), HTML escaping, invalid UTF-8
// and U+2028 included; a rune Escaping.Also names is written as \uXXXX
// (a surrogate pair above U+FFFF) and decodes to what encoding/json's
// spelling decodes to. AppendString is the HTML mode.
func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "plain", "a\"b\\c", "<tag>&amp;", "\x00\x01\x1f\x7f", "\b\f\n\r\t", "\u2028\u2029", "\xff\xfe", "日本語", "\xed\xa0\x80", "a\u202eb\U0001F600c"} {
		f.Add(s)
	}
	encode := func(s string, html bool) string {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(html)
		if err := enc.Encode(s); err != nil {
			panic(err)
		}
		return strings.TrimSuffix(buf.String(), "\n")
	}
	also := func(r rune) bool { return r == '\u202e' || r >= 0x1F600 }
	f.Fuzz(func(t *testing.T, s string) {
		want := encode(s, true)
		if got := AppendString([]byte("x"), s); string(got) != "x"+want {
			t.Fatalf("AppendString(%q) = %s, want %s", s, got[1:], want)
		}
		for _, html := range []bool{true, false} {
			want := encode(s, html)
			if got := (Escaping{HTML: html}).Append(nil, s); string(got) != want {
				t.Fatalf("Escaping{HTML: %v}.Append(%q) = %s, want %s", html, s, got, want)
			}
			got := Escaping{HTML: html, Also: also}.Append(nil, s)
			var a, b string
			if err := json.Unmarshal(got, &a); err != nil {
				t.Fatalf("Escaping with Also wrote %s, which does not decode: %v", got, err)
			}
			json.Unmarshal([]byte(want), &b)
			if a != b {
				t.Fatalf("Escaping with Also wrote %s, which decodes to %q, not %q", got, a, b)
			}
			for _, r := range string(got) {
				if also(r) {
					t.Fatalf("Escaping with Also wrote %U as itself: %s", r, got)
				}
			}
		}
	})
}

// FuzzIsDate: isDate agrees with time.Parse(time.DateOnly, s).
func FuzzIsDate(f *testing.F) {
	for _, s := range []string{"2026-09-06", "2026-02-29", "2024-02-29", "2026-13-01", "2026-00-10", "2026-1-01", "0000-01-01", "9999-12-31", "2026-04-31", "abcd-ef-gh"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_, err := time.Parse(time.DateOnly, s)
		if got := isDate(s); got != (err == nil) {
			t.Fatalf("isDate(%q) = %v, time.Parse says %v", s, got, err)
		}
	})
}

func TestEncoderTime(t *testing.T) {
	for _, tm := range []time.Time{
		{},
		time.Date(2026, 9, 6, 10, 0, 0, 0, time.UTC),
		time.Date(2026, 9, 6, 10, 0, 0, 123456789, time.FixedZone("", 5*3600+1800)),
		time.Date(1, 1, 1, 1, 0, 0, 0, time.FixedZone("", 3600)),
	} {
		want, _ := json.Marshal(tm)
		e := Encoder{}
		e.Time(tm)
		got, err := e.Result()
		if err != nil || string(got) != string(want) {
			t.Errorf("Time(%v) = %s, %v; want %s", tm, got, err, want)
		}
	}
	e := Encoder{B: []byte("keep")}
	e.Time(time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC))
	if _, err := e.Result(); err == nil {
		t.Error("a year past 9999 was encoded; json.Marshal refuses it")
	}
}

func TestEncoderObject(t *testing.T) {
	e := Encoder{}
	m := e.Begin()
	e.End(m)
	m = e.Begin()
	e.Member("a<b")
	e.Int(-3)
	e.Member("l")
	e.Open()
	for i, s := range []string{"x", "y"} {
		e.Elem(i)
		e.String(s)
	}
	e.Close()
	e.Member("m")
	e.Raw("{")
	for i, k := range SortedKeys(map[string]bool{"z": true, "a": false}) {
		e.Key(i, k)
		e.Bool(k == "z")
	}
	e.Raw("}")
	e.End(m)
	got, err := e.Result()
	want := `{}{"a\u003cb":-3,"l":["x","y"],"m":{"a":false,"z":true}}`
	if err != nil || string(got) != want {
		t.Errorf("got %s, %v; want %s", got, err, want)
	}
}

func TestPath(t *testing.T) {
	root := Root("Snapshot")
	seats := root.Member("seats")
	seat := seats.Index(2)
	tallies := root.Member("tallies")
	tally := tallies.Key(`t"1`)
	for _, tc := range []struct {
		p      *Path
		member string
		want   string
	}{
		{&root, "", ""},
		{&root, "cursor", "cursor"},
		{&seat, "stance", "seats[2].stance"},
		{&tally, "passed", `tallies["t\"1"].passed`},
	} {
		if got := where(tc.p, tc.member); got != tc.want {
			t.Errorf("where = %q, want %q", got, tc.want)
		}
		if got := tc.p.Type(); got != "Snapshot" {
			t.Errorf("Type = %q, want Snapshot", got)
		}
	}
}

// TestProblemsAllocateOnlyOnAProblem: the walk of a valid value costs
// nothing.
func TestProblemsAllocateOnlyOnAProblem(t *testing.T) {
	re := MustPattern(`^[a-z]*$`)
	allocs := testing.AllocsPerRun(100, func() {
		var p Problems
		root := Root("T")
		at := root.Member("list")
		for i := range 3 {
			el := at.Index(i)
			p.MinRunes(&el, "name", "abc", 1)
			p.MaxRunes(&el, "name", "abc", 8)
			p.Pattern(&el, "name", "abc", re)
			p.Min(&el, "n", 3, 0)
			p.Date(&el, "day", "2026-09-06")
			p.Duration(&el, "wait", "1h30m")
			p.Enum(&el, "kind", true, "x", "Kind")
		}
		if p.Err() != nil {
			t.Fatal(p.Err())
		}
	})
	if allocs != 0 {
		t.Errorf("a valid walk allocated %.0f times, want 0", allocs)
	}
	var p Problems
	root := Root("T")
	p.MaxRunes(&root, "note", "toolong", 3)
	p.Date(&root, "day", "2026-02-30")
	p.Duration(&root, "wait", "1m1")
	p.URL(&root, "ok", "../a?b#c") // url.Parse's own allocations: no problem, but not free
	p.AbsURL(&root, "ok", "https://example.com/a")
	p.URL(&root, "ref", "a/%zz")
	p.AbsURL(&root, "home", "/a")
	want := "T.note: must be at most 3 characters (has 7)\nT.day: must be a calendar day written YYYY-MM-DD (is \"2026-02-30\")\nT.wait: must be a Go duration such as 1h30m (is \"1m1\")" +
		"\nT.ref: must be a URL such as https://example.com/a or ../a (is \"a/%zz\")\nT.home: must be an absolute URL, with a scheme, such as https://example.com/a (is \"/a\")"
	if err := p.Err(); err == nil || err.Error() != want {
		t.Errorf("Err() = %v, want %q", err, want)
	}
}

func TestReaderEnd(t *testing.T) {
	for _, tc := range []struct {
		doc string
		ok  bool
	}{
		{" \t\r\n", true},
		{"", true},
		{"\x00", false},
		{" x", false},
	} {
		r := Reader{data: []byte(tc.doc)}
		if err := r.End(); (err == nil) != tc.ok {
			t.Errorf("End(%q) = %v, want ok %v", tc.doc, err, tc.ok)
		}
	}
}

// FuzzUnquote: a string reads exactly as encoding/json reads it, or is
// refused exactly when encoding/json refuses it.
func FuzzUnquote(f *testing.F) {
	for _, s := range []string{`"plain"`, `"a\"b\\c\/d"`, `"\b\f\n\r\t"`, `"\u00e9\u4e2d"`, `"\ud83d\ude00"`, `"\ud83d"`, `"\ude00x"`, `"\ud83d\u0041"`, "\"\xff\xfe\"", `"\u00"`, `"\x"`, "\"a\x01\"", `"日本"`, `"\u003c"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var want string
		stdErr := json.Unmarshal(data, &want)
		r := Reader{data: data}
		var got string
		err := r.String(&got)
		if err == nil {
			err = r.End()
		}
		if (err == nil) != (stdErr == nil) {
			if stdErr == nil && strings.TrimLeft(string(data), " \t\r\n")[0] != '"' {
				return // encoding/json took a non-string into a string only if it is one
			}
			t.Fatalf("%q: reader says %v, encoding/json %v", data, err, stdErr)
		}
		if err == nil && got != want {
			t.Fatalf("%q: reader read %q, encoding/json %q", data, got, want)
		}
		if err != nil {
			return
		}
		// The same through the arena: a chunk with room (and what it
		// holds already kept as it was), and a fresh chunk of a long input.
		for _, arena := range [][]byte{append(make([]byte, 0, 4096), "kept"...), nil} {
			r := Reader{data: append(slices.Clone(data), strings.Repeat(" ", 300)...), arena: arena}
			var again string
			if err := r.String(&again); err != nil || again != want {
				t.Fatalf("%q through the arena: %q, %v; want %q", data, again, err, want)
			}
			if arena != nil && string(r.arena[:4]) != "kept" {
				t.Fatalf("%q: the arena's earlier bytes were written over", data)
			}
		}
	})
}

func TestSpecial8(t *testing.T) {
	for c := range 256 {
		for pos := range 8 {
			b := []byte("abcdefgh")
			b[pos] = byte(c)
			var w uint64
			for i := 7; i >= 0; i-- {
				w = w<<8 | uint64(b[i])
			}
			want := c < 0x20 || c == '"' || c == '\\' || c >= 0x80
			if got := special8(w); got != want {
				t.Fatalf("special8 with byte %#x at %d = %v, want %v", c, pos, got, want)
			}
		}
	}
}

// TestManyFieldsBits: an object of more than 64 fields tracks its members
// over several words; a member seen twice and a required one missing are
// found in any word.
func TestManyFieldsBits(t *testing.T) {
	names := make([]string, 70)
	for i := range names {
		names[i] = fmt.Sprintf("f%d", i)
	}
	var have [2]uint64
	if Mark(have[:], 0) {
		t.Error("an unknown member (0) counted as seen")
	}
	for _, i := range []int{1, 65, 70} { // fields 0, 64 and 69
		if Mark(have[:], i) {
			t.Errorf("field %d seen twice on its first mark", i-1)
		}
	}
	if !Mark(have[:], 65) {
		t.Error("field 64 marked twice was not reported")
	}
	req := []uint64{1, 1<<0 | 1<<5} // fields 0, 64 and 69 required
	if err := MissingFields(names, req, have[:]); err != nil {
		t.Errorf("MissingFields with all required read = %v", err)
	}
	req[1] |= 1 << 2 // field 66 too
	if err := MissingFields(names, req, have[:]); err == nil || !strings.Contains(err.Error(), "f66: required field is missing") {
		t.Errorf("MissingFields = %v, want f66 missing", err)
	}
}

// FuzzEncoderTime: Encoder.Time writes what json.Marshal writes for any
// instant, offset and location, and fails where it fails.
func FuzzEncoderTime(f *testing.F) {
	f.Add(int64(0), int64(0), 0)
	f.Add(int64(1788000000), int64(123000000), 7200)
	f.Add(int64(-62135596800), int64(1), -3600)
	f.Add(int64(253402300799), int64(999999999), 0)
	f.Add(int64(253402300800), int64(0), 0)
	f.Add(int64(-62167219201), int64(0), 0)
	f.Add(int64(951782400), int64(100), 5*3600+1800)
	f.Add(int64(1000), int64(0), -30)
	f.Add(int64(1000), int64(0), 24*3600)
	f.Add(int64(1000), int64(0), -86399)
	f.Fuzz(func(t *testing.T, sec, nsec int64, offset int) {
		tm := time.Unix(sec, nsec).In(time.FixedZone("", offset))
		if offset == 1 {
			tm = time.Unix(sec, nsec).UTC()
		}
		want, werr := json.Marshal(tm)
		e := Encoder{B: []byte("x")}
		e.Time(tm)
		got, err := e.Result()
		if (err != nil) != (werr != nil) {
			t.Fatalf("Time(%v): error %v, json.Marshal's %v", tm, err, werr)
		}
		if err == nil && string(got) != "x"+string(want) {
			t.Fatalf("Time(%v) = %s, json.Marshal writes %s", tm, got[1:], want)
		}
	})
}

// FuzzReaderTime: Reader.Time gives what time.Time's UnmarshalText gives
// for every string of RFC 3339's shape — the same instant, location name
// and offset — and refuses what it refuses; in UTC and with a Local
// that has an offset of its own.
func FuzzReaderTime(f *testing.F) {
	for _, s := range []string{
		"2026-09-06T10:00:00Z", "2026-09-06T10:00:00.123+02:00", "2026-02-29T00:00:00Z", "2024-02-29T23:59:59-23:59",
		"2026-04-31T00:00:00Z", "2026-09-06T24:00:00Z", "2026-09-06T10:60:00Z", "2026-09-06T10:00:60Z",
		"0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999999Z", "2026-09-06T10:00:00.1234567891+05:30",
		"2026-09-06T10:00:00+00:00", "2026-09-06T10:00:00-00:00", "2026-13-01T00:00:00Z", "2026-00-01T00:00:00Z",
		"1900-02-29T00:00:00Z", "2000-02-29T00:00:00Z", "2026-09-06T10:00:00.000Z",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { sameAsUnmarshalText(t, s) })
}

// sameAsUnmarshalText checks Reader.Time on s, as a JSON string, against
// time.Time's UnmarshalText, with Local UTC and then a zone with an
// offset of its own: a string not of RFC 3339's shape refused, and for
// one of that shape the same error or none, the same instant, zone name,
// offset and location.
func sameAsUnmarshalText(t *testing.T, s string) {
	t.Helper()
	berlin := time.FixedZone("CEST", 2*3600)
	data, _ := json.Marshal(s)
	for _, local := range []*time.Location{time.UTC, berlin} {
		saved := time.Local
		time.Local = local
		var got, want time.Time
		r := Reader{data: data}
		err := r.Time(&got)
		werr := want.UnmarshalText([]byte(s))
		time.Local = saved
		if !isRFC3339([]byte(s)) {
			if err == nil {
				t.Fatalf("Time(%q) accepted a string not of RFC 3339's shape", s)
			}
			continue
		}
		if (err != nil) != (werr != nil) {
			t.Fatalf("Time(%q), Local %v: error %v, UnmarshalText's %v", s, local, err, werr)
		}
		if err != nil {
			continue
		}
		gn, go_ := got.Zone()
		wn, wo := want.Zone()
		if !got.Equal(want) || gn != wn || go_ != wo || got.Location().String() != want.Location().String() || got.Nanosecond() != want.Nanosecond() || got.String() != want.String() {
			t.Fatalf("Time(%q), Local %v = %v (%s), UnmarshalText gives %v (%s)", s, local, got, got.Location(), want, want.Location())
		}
	}
}

// FuzzReaderTimeFields is FuzzReaderTime over strings built from fields,
// so that nearly every input has RFC 3339's shape and the calendar's
// edges (day 31 of a 30-day month, February 29, hour 24) are reached.
func FuzzReaderTimeFields(f *testing.F) {
	f.Add(uint16(2026), uint8(9), uint8(6), uint8(10), uint8(0), uint8(0), uint64(123), uint8(3), int16(120), true)
	f.Add(uint16(1900), uint8(2), uint8(29), uint8(24), uint8(0), uint8(60), uint64(0), uint8(0), int16(-330), true)
	f.Add(uint16(2000), uint8(2), uint8(29), uint8(23), uint8(59), uint8(59), uint64(999999999999), uint8(12), int16(0), false)
	f.Fuzz(func(t *testing.T, year uint16, month, day, hour, minute, sec uint8, frac uint64, digits uint8, offset int16, zone bool) {
		s := fmt.Sprintf("%04d-%02d-%02dT%02d:%02d:%02d", year%10000, month%14, day%33, hour%26, minute%62, sec%62)
		if n := int(digits % 13); n > 0 {
			s += "." + fmt.Sprintf("%0*d", n, frac)[:n]
		}
		if zone {
			o := int(offset) % (25 * 60)
			sign := "+"
			if o < 0 {
				sign, o = "-", -o
			}
			s += fmt.Sprintf("%s%02d:%02d", sign, o/60, o%60)
		} else {
			s += "Z"
		}
		sameAsUnmarshalText(t, s)
	})
}

// TestEmptyMemberNameInAPath: an error below a member named "" reads
// [""] in its path; it panicked (FuzzUnmarshalReplayEvent found
// {"type":"census","agents":[{"": ).
func TestEmptyMemberNameInAPath(t *testing.T) {
	err := atStep(indexStep(0), InField([]byte(""), fail(ErrSyntax, "cut short")))
	err = InField([]byte("agents"), err)
	if got, want := err.Error(), `agents[0][""]: cut short`; got != want {
		t.Errorf("error %q, want %q", got, want)
	}
	if got := atStep(indexStep(1), Duplicate([]byte(""))).Error(); !strings.HasPrefix(got, `[1][""]`) {
		t.Errorf("duplicate \"\" below [1]: %q", got)
	}
}

// TestItemCounts: a list holds one of its counts (net.IP's bytes: 4 or
// 16); a count between two is a problem of rule not, one outside them
// is MinItems' or MaxItems', not said twice.
func TestItemCounts(t *testing.T) {
	for _, tc := range []struct {
		l      int
		counts []int
		want   string
	}{
		{4, []int{4, 16}, ""},
		{16, []int{4, 16}, ""},
		{5, []int{4, 16}, "T.ip: must have 4 or 16 items (has 5)"},
		{15, []int{4, 16}, "T.ip: must have 4 or 16 items (has 15)"},
		{3, []int{4, 16}, ""},
		{17, []int{4, 16}, ""},
		{9, []int{4, 8, 16}, "T.ip: must have 4, 8 or 16 items (has 9)"},
		{8, []int{4, 8, 16}, ""},
	} {
		var p Problems
		root := Root("T")
		p.ItemCounts(&root, "ip", tc.l, tc.counts...)
		got := ""
		if err := p.Err(); err != nil {
			got = err.Error()
			var ve ValidationErrors
			if errors.As(err, &ve) && ve[0].Rule != RuleNot {
				t.Errorf("%d of %v: rule %s, want not", tc.l, tc.counts, ve[0].Rule)
			}
		}
		if got != tc.want {
			t.Errorf("%d of %v: %q, want %q", tc.l, tc.counts, got, tc.want)
		}
	}
}

// TestListCopiesOut: List decodes into a scratch list it reuses and copies
// the items out at their number, so a list it returned keeps its items
// whatever List reads next (a longer list, a shorter one, a list whose
// item fails, lists within lists), and an empty list is not nil.
func TestListCopiesOut(t *testing.T) {
	read := func(src string) ([][]string, error) {
		r := NewReader([]byte(src))
		var l [][]string
		err := List(&r, &l, func(r *Reader, dst *[]string) error { return List(r, dst, (*Reader).String) })
		return l, err
	}
	first, err := read(`[["a","b"],["c"],["d","e","f"]]`)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"a", "b"}, {"c"}, {"d", "e", "f"}}
	for _, src := range []string{`[["x","y","z","w"],["v"]]`, `[["q"]]`, `[["r"],["s", 1]]`, `[]`} {
		got, err := read(src)
		if src == `[]` && (err != nil || got == nil || len(got) != 0) {
			t.Errorf("List of [] = %#v, %v, want an empty list that is not nil", got, err)
		}
		if !reflect.DeepEqual(first, want) {
			t.Fatalf("after reading %s, the first list read is %q, want %q", src, first, want)
		}
		if cap(got) != len(got) {
			t.Errorf("List of %s: cap %d, len %d: want the items copied out at their number", src, cap(got), len(got))
		}
	}
}
