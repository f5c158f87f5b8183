package ledger_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"slices"
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
		`{"at":"2026-09-06T10:00:00Z","note":"n","seatId":"t1","kind":"shipped"}`,
		`{"fromSeatId":"t2","kind":"prompted","at":"2026-09-06T10:00:00Z","seatId":"t1"}`,
		`{"note":"n","kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00Z"}`,
		`{"seatId":"t1","at":"2026-09-06T10:00:00Z"}`,
		`{"seatId":"t1","kind":"passed","at":"2026-09-06T10:00:00Z","seatId":"t2"}`,
		`{"at":"2026-09-06T10:00:00Z","kind":"passed","seatId":"t1","at":"2026-09-06T10:00:01Z"}`,
		`{"seatId":"t1","kind":"passed","at":"2026-09-06T10:00:00Z",}`,
		`{"seatId":"t1",,"kind":"passed","at":"2026-09-06T10:00:00Z"}`,
		`{"seatId":"t1","kind":"passed","at":"2026-09-06T10:00:00Z"}}`,
		`{}`,
		`{"kind":"passed","seatId":"t1","at":"2026-09-0`,
	} {
		lines = append(lines, []byte(s))
	}
	return lines
}

// members splits a flat JSON object as AppendRow writes it into its
// members' text: no member's value holds a comma outside a string there,
// and the test's values hold none inside one.
func members(line []byte) []string {
	return strings.Split(string(line[1:len(line)-1]), ",")
}

// permutations calls f with every order of ms.
func permutations(ms []string, f func([]string)) {
	var rec func(int)
	rec = func(k int) {
		if k == len(ms) {
			f(ms)
			return
		}
		for i := k; i < len(ms); i++ {
			ms[k], ms[i] = ms[i], ms[k]
			rec(k + 1)
			ms[k], ms[i] = ms[i], ms[k]
		}
	}
	rec(0)
}

// A row whose members come in another order than AppendRow's (another
// writer's, or jq's) is read on the path that allocates nothing, with the
// generated decoder's values, in every order of its members (issue 26).
func TestFastPathReadsAnyMemberOrder(t *testing.T) {
	for k := range uint8(4) {
		row := rowOf(k, "term-0101", 1788688800, 120000000, 120, "t2", true)
		line, err := ledger.AppendRow(nil, row)
		if err != nil {
			t.Fatal(err)
		}
		seat, at := key(row)
		n := 0
		permutations(members(line), func(ms []string) {
			n++
			perm := []byte("{" + strings.Join(ms, ",") + "}")
			want, err := fleet.UnmarshalLedgerRow(perm)
			if err != nil {
				t.Fatalf("%s: the generated decoder refuses it: %v", perm, err)
			}
			var r ledger.Row
			if !ledger.FastRow(perm, &r) {
				t.Fatalf("%s: the fast path does not take it", perm)
			}
			if r.Kind != ledger.KindOf(want) || string(r.SeatID) != seat || !r.At.Equal(at) {
				t.Fatalf("%s: the fast path read %v %q %v; want %T %q %v", perm, r.Kind, r.SeatID, r.At, want, seat, at)
			}
		})
		if want := []int{6, 6, 24, 24}[k]; n != want {
			t.Fatalf("%s: %d orders, want %d", line, n, want)
		}
	}
}

// A file of rows as this package writes them, or with each row's members
// in the reverse order, is read without an allocation per row.
func TestReadingRowsAllocatesNothingPerRow(t *testing.T) {
	for _, reversed := range []bool{false, true} {
		t.Run(map[bool]string{false: "as written", true: "members reversed"}[reversed], func(t *testing.T) {
			readsWithoutAllocating(t, reversed)
		})
	}
}

func readsWithoutAllocating(t *testing.T, reversed bool) {
	var b []byte
	for i := range 1000 {
		line, err := ledger.AppendRow(nil, rowOf(uint8(i), "term-0101", 1788688800+int64(i), int32(i)*1000, int16(120), "t2", i%3 == 0))
		if err != nil {
			t.Fatal(err)
		}
		if reversed {
			ms := members(line)
			slices.Reverse(ms)
			line = []byte("{" + strings.Join(ms, ",") + "}")
		}
		b = append(append(b, line...), '\n')
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
