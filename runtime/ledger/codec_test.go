package ledger_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"github.com/schemagen/schemagen/generated/go/fleet"
	"github.com/schemagen/schemagen/runtime/ledger"
)

// rowOf builds a ledger row from fuzzed parts.
func rowOf(kind uint8, seat string, sec int64, nsec int32, offMin int16, opt string, hasOpt bool) fleet.LedgerRow {
	at := time.Unix(sec, int64(nsec)).In(time.FixedZone("", int(offMin)*60))
	var o *string
	if hasOpt {
		o = &opt
	}
	switch kind % 4 {
	case 0:
		return &fleet.PassedRow{SeatID: seat, At: at}
	case 1:
		return &fleet.FailedRow{SeatID: seat, At: at}
	case 2:
		return &fleet.PromptedRow{SeatID: seat, At: at, FromSeatID: o}
	}
	return &fleet.ShippedRow{SeatID: seat, At: at, Note: o}
}

// The ledger's encoder writes exactly what json.Marshal writes for every
// row, and refuses exactly what it refuses, so the file holds the same
// bytes as it did when rows were marshalled by reflection.
func FuzzAppendRowIsJSONMarshal(f *testing.F) {
	f.Add(uint8(0), "term-0101", int64(1788688800), int32(0), int16(0), "", false)
	f.Add(uint8(2), "t1", int64(1788688800), int32(123456789), int16(-420), "t2", true)
	f.Add(uint8(3), "t1", int64(1788688800), int32(120000000), int16(330), "\"quoted\" <b>&\u2028\u2029\x00\x1f\x7f\b\f\n\r\t\\/é🎉\xff\xc3", true)
	f.Add(uint8(3), "", int64(-62135596800), int32(1), int16(1439), "", true)
	f.Add(uint8(1), "x", int64(253402300800), int32(0), int16(0), "", false) // year 10000
	f.Add(uint8(1), "x", int64(-62167219201), int32(0), int16(0), "", false) // year -1
	f.Add(uint8(2), "x", int64(0), int32(0), int16(1440), "y", true)         // offset 24:00
	f.Fuzz(func(t *testing.T, kind uint8, seat string, sec int64, nsec int32, offMin int16, opt string, hasOpt bool) {
		if nsec < 0 {
			nsec = -nsec
		}
		nsec %= 1e9
		sec %= 1 << 40
		row := rowOf(kind, seat, sec, nsec, offMin, opt, hasOpt)
		want, werr := json.Marshal(row)
		got, gerr := ledger.AppendRow([]byte("prefix"), row)
		if (werr == nil) != (gerr == nil) {
			t.Fatalf("%#v: json.Marshal error %v, AppendRow error %v", row, werr, gerr)
		}
		if werr != nil {
			return
		}
		if !bytes.HasPrefix(got, []byte("prefix")) || !bytes.Equal(got[len("prefix"):], want) {
			t.Fatalf("%#v:\nAppendRow    %s\njson.Marshal %s", row, got, want)
		}
		// What this host writes with plain seat ids is read back without
		// the generated decoder.
		if plain(seat) && (kind%4 != 2 || !hasOpt || plain(opt)) {
			var r ledger.Row
			_, at := key(row)
			if !ledger.FastRow(want, &r) || string(r.SeatID) != seat || !r.At.Equal(at) {
				t.Fatalf("the fast path did not read back %s: %v %q %v", want, r.Kind, r.SeatID, r.At)
			}
		}
	})
}

// Every line reads as the generated decoder reads it: decodeRow accepts
// exactly the lines fleet.UnmarshalLedgerRow accepts, with the same kind,
// seat id and instant, and refuses the others with its error; and a line
// the allocation-free path takes is one the generated decoder accepts with
// those values.
func FuzzDecodeRowAgreesWithTheGeneratedDecoder(f *testing.F) {
	for _, line := range seedLines(f) {
		f.Add(line)
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		want, werr := fleet.UnmarshalLedgerRow(line)
		// A Row is reused from line to line, as Open reuses it: read
		// another first, so that what it keeps of the last line is there.
		var r ledger.Row
		if err := ledger.DecodeRow([]byte(`{"kind":"passed","seatId":"t0","at":"2026-09-06T23:59:59Z"}`), &r); err != nil {
			t.Fatal(err)
		}
		gerr := ledger.DecodeRow(line, &r)
		switch {
		case werr != nil && gerr != nil:
			if werr.Error() != gerr.Error() {
				t.Fatalf("%q: errors differ: %v / %v", line, werr, gerr)
			}
			var fast ledger.Row
			if ledger.FastRow(line, &fast) {
				t.Fatalf("%q: the fast path accepted a line the generated decoder refuses: %v", line, werr)
			}
			return
		case werr != nil || gerr != nil:
			t.Fatalf("%q: the generated decoder says %v, decodeRow %v", line, werr, gerr)
		}
		seat, at := key(want)
		if r.Kind != ledger.KindOf(want) || string(r.SeatID) != seat || !r.At.Equal(at) || !bytes.Equal(r.Line, line) {
			t.Fatalf("%q: decodeRow read %v %q %v, the generated decoder %T %q %v", line, r.Kind, r.SeatID, r.At, want, seat, at)
		}
	})
}

// seedLines are the ledger lines of every scenario, rows as this package
// writes them, and hand-made lines at the edges of what the fast path
// takes.
func seedLines(f *testing.F) [][]byte {
	var lines [][]byte
	files, _ := filepath.Glob("../replay/testdata/*.txtar")
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, af := range ar.Files {
			if strings.HasSuffix(af.Name, "ledger.jsonl") {
				lines = append(lines, bytes.Split(af.Data, []byte("\n"))...)
			}
		}
	}
	for i, opt := range []string{"", "t2", `"quoted" <b>&`, "🎉 landed\u2028", "\x00"} {
		for k := range uint8(4) {
			b, err := ledger.AppendRow(nil, rowOf(k, "term-0101", 1788688800+int64(i)*977, int32(i)*123456789, int16(i*150-300), opt, i > 0))
			if err != nil {
				f.Fatal(err)
			}
			lines = append(lines, b)
		}
	}
	for _, s := range []string{
		`{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00Z"}`,
		`{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00Z"} `,
		`{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00Z","x":1}`,
		`{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00Z","kind":"failed"}`,
		`{"kind":"passed","seatId":"t\u0031","at":"2026-09-06T10:00:00Z"}`,
		`{"kind":"passed","seatId":"","at":"2026-09-06T10:00:00Z"}`,
		`{"kind":"passed","seatId":"t1","at":"2026-02-29T10:00:00Z"}`,
		`{"kind":"passed","seatId":"t1","at":"2028-02-29T24:00:00Z"}`,
		`{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:60Z"}`,
		`{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00.Z"}`,
		`{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00.1234567891234Z"}`,
		`{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00+23:59"}`,
		`{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00+24:00"}`,
		`{"kind":"passed","seatId":"t1","at":"2026-09-06t10:00:00z"}`,
		`{"kind":"passed","seatId":"t1","at":"0000-01-01T00:00:00Z"}`,
		`{"kind":"passed","seatId":"t1","at":"9999-12-31T23:59:59.999999999-23:59"}`,
		`{"kind":"prompted","seatId":"t1","at":"2026-09-06T10:00:00Z","fromSeatId":null}`,
		`{"kind":"prompted","seatId":"t1","at":"2026-09-06T10:00:00Z","fromSeatId":""}`,
		`{"kind":"shipped","seatId":"t1","at":"2026-09-06T10:00:00Z","note":"a\"b\\c\/\u00e9\uD83C"}`,
		`{"kind":"shipped","seatId":"t1","at":"2026-09-06T10:00:00Z","note":"bad \x escape"}`,
		"{\"kind\":\"shipped\",\"seatId\":\"t1\",\"at\":\"2026-09-06T10:00:00Z\",\"note\":\"tab\there\"}",
		"{\"kind\":\"shipped\",\"seatId\":\"t1\",\"at\":\"2026-09-06T10:00:00Z\",\"note\":\"\xff\xfe\"}",
		`{"kind":"shipped","seatId":"t1","at":"2026-09-06T10:00:00Z","fromSeatId":"t2"}`,
		`{"kind":"bonus","seatId":"t1","at":"2026-09-06T10:00:00Z"}`,
		`{"seatId":"t1","kind":"passed","at":"2026-09-06T10:00:00Z"}`,
		`{"kind":"passed","seatId":"t1","at":"2026-09-0`,
	} {
		lines = append(lines, []byte(s))
	}
	return lines
}

// A file of rows as this package writes them is read without an
// allocation per row.
func TestReadingRowsAllocatesNothingPerRow(t *testing.T) {
	var b []byte
	for i := range 1000 {
		var err error
		b, err = ledger.AppendRow(b, rowOf(uint8(i), "term-0101", 1788688800+int64(i), int32(i)*1000, int16(120), "t2", i%3 == 0))
		if err != nil {
			t.Fatal(err)
		}
		b = append(b, '\n')
	}
	n := 0
	allocs := testing.AllocsPerRun(10, func() {
		n = 0
		if err := ledger.Scan(bytes.NewReader(b), func(*ledger.Row) error { n++; return nil }, func(err error) { t.Fatal(err) }); err != nil {
			t.Fatal(err)
		}
	})
	if n != 1000 {
		t.Fatalf("%d rows, want 1000", n)
	}
	if perRow := allocs / 1000; perRow > 0.01 {
		t.Errorf("%.2f allocations per row (%.0f for 1000)", perRow, allocs)
	}
}

func plain(s string) bool {
	for _, c := range []byte(s) {
		if c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}
