package codecpeers

import (
	"bytes"
	stdjson "encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/schemagen/schemagen/generated/go/fleet"
	"github.com/schemagen/schemagen/internal/benchpair"
)

// TestPlainTypesHaveNoJSONMethods: the plain twins must not implement
// json.Marshaler or json.Unmarshaler, or every reflective peer would call
// easyjson's code instead of its own (easyjson runs with
// -no_std_marshalers for this).
func TestPlainTypesHaveNoJSONMethods(t *testing.T) {
	for _, v := range []any{&Snapshot{}, &Seat{}, &Stance{}, &Outcome{}, &Edge{}, &Tally{}, &LedgerRow{}} {
		typ := reflect.TypeOf(v)
		if typ.Implements(reflect.TypeFor[stdjson.Marshaler]()) || typ.Implements(reflect.TypeFor[stdjson.Unmarshaler]()) {
			t.Errorf("%v has a MarshalJSON or UnmarshalJSON method", typ)
		}
	}
}

// faster is the goal of being faster than the peer: a median ratio under 1.
var faster = benchpair.Goal{Max: 0.999, Text: "< 1.00x"}

// BenchmarkPeers is make bench's line for issue 26: the generated codec
// against every peer, each pair alternating in this one binary (A and B
// interleaved, the median of the per-pair ratios). The generated side
// decodes and then Validates; each peer only decodes, checking what the
// table printed first says. Run with -benchtime=1x (it times itself).
func BenchmarkPeers(b *testing.B) {
	snap := bigSnapshot()
	data, err := snap.AppendJSON(nil)
	if err != nil {
		b.Fatal(err)
	}
	plain := plainSnapshot(snap)
	rows := ledgerRows(1000)
	rowBytes := 0
	plainRows := make([]LedgerRow, len(rows))
	oursRows := make([]fleet.LedgerRow, len(rows))
	for i, line := range rows {
		rowBytes += len(line) + 1
		r, err := decodeRowOurs(line)
		if err != nil {
			b.Fatal(err)
		}
		oursRows[i], plainRows[i] = r, plainRow(r)
	}

	fmt.Println("table What each decoder refuses, measured now on a one-seat snapshot broken one way at a time")
	fmt.Println("table (generated = UnmarshalJSON then Validate; every peer decodes into plain structs of the same shape with its default options):")
	for _, l := range checksTable() {
		fmt.Println("table   " + l)
	}
	for _, p := range peers {
		fmt.Printf("table   %-16s %s\n", p.name, p.how)
	}

	snapName := fmt.Sprintf("snapshot (64 seats, %d B)", len(data))
	rowsName := fmt.Sprintf("ledger stream (%d rows, %d B)", len(rows), rowBytes)
	oursSnap := func(n int) {
		for range n {
			if _, err := decodeOurs(data); err != nil {
				b.Fatal(err)
			}
		}
	}
	oursRowsDecode := func(n int) {
		for range n {
			for _, line := range rows {
				if _, err := decodeRowOurs(line); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	oursSnapEncode := func(n int) {
		var buf []byte
		for range n {
			var err error
			if buf, err = snap.AppendJSON(buf[:0]); err != nil {
				b.Fatal(err)
			}
		}
	}
	oursRowsEncode := func(n int) {
		var buf []byte
		for range n {
			for _, r := range oursRows {
				var err error
				if buf, err = r.AppendJSON(buf[:0]); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	line := func(name string, a, c func(int)) {
		r := benchpair.Compare(a, c, benchpair.Options{})
		fmt.Println("pair " + benchpair.Line(name, r, faster))
	}
	for _, p := range peers {
		line(snapName+" decode+Validate vs "+p.name+" decode", oursSnap, func(n int) {
			for range n {
				var v Snapshot
				if err := p.decode(data, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	for _, p := range peers {
		line(rowsName+" decode+Validate vs "+p.name+" decode", oursRowsDecode, func(n int) {
			for range n {
				for _, l := range rows {
					var v LedgerRow
					if err := p.decode(l, &v); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
	for _, p := range peers {
		line(snapName+" AppendJSON (reused buffer) vs "+p.name+" encode", oursSnapEncode, func(n int) {
			var buf bytes.Buffer
			for range n {
				if err := p.encode(&buf, &plain); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	for _, p := range peers {
		line(rowsName+" AppendJSON (reused buffer) vs "+p.name+" encode", oursRowsEncode, func(n int) {
			var buf bytes.Buffer
			for range n {
				for i := range plainRows {
					if err := p.encode(&buf, &plainRows[i]); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkGenerated times the generated side alone, for profiling:
//
//	go test -run '^$' -bench '^BenchmarkGenerated$/snapshot-decode' -cpuprofile cpu.out
func BenchmarkGenerated(b *testing.B) {
	snap := bigSnapshot()
	data, err := snap.AppendJSON(nil)
	if err != nil {
		b.Fatal(err)
	}
	rows := ledgerRows(1000)
	oursRows := make([]fleet.LedgerRow, len(rows))
	for i, line := range rows {
		if oursRows[i], err = decodeRowOurs(line); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("snapshot-decode", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			var s fleet.Snapshot
			if err := s.UnmarshalJSON(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("snapshot-validate", func(b *testing.B) {
		for b.Loop() {
			if err := snap.Validate(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("rows-decode-validate", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, line := range rows {
				if _, err := decodeRowOurs(line); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("snapshot-encode", func(b *testing.B) {
		b.ReportAllocs()
		var buf []byte
		for b.Loop() {
			if buf, err = snap.AppendJSON(buf[:0]); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("snapshot-marshaljson", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := snap.MarshalJSON(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("rows-encode", func(b *testing.B) {
		b.ReportAllocs()
		var buf []byte
		for b.Loop() {
			for _, r := range oursRows {
				if buf, err = r.AppendJSON(buf[:0]); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
