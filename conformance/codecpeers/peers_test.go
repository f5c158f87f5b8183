package codecpeers

import (
	"bytes"
	stdjson "encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bytedance/sonic"
	sonicenc "github.com/bytedance/sonic/encoder"
	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	gojson "github.com/goccy/go-json"
	"github.com/google/go-cmp/cmp"
	"github.com/mailru/easyjson"
	"github.com/mailru/easyjson/jwriter"
	segjson "github.com/segmentio/encoding/json"

	"github.com/schemagen/schemagen/conformance/fleetsample"
	"github.com/schemagen/schemagen/generated/go/fleet"
)

// peer is one JSON library with the calls the benchmark makes of it: each
// decodes into a fresh plain value, as the generated decoder does into a
// fresh generated one, and encodes into a buffer it reuses where its API
// allows.
type peer struct {
	name   string
	decode func(data []byte, v any) error
	encode func(buf *bytes.Buffer, v any) error
	// how is the call, for the table.
	how string
}

// easy adapts easyjson's generated methods to the peer's any-typed calls.
func easyDecode(data []byte, v any) error { return easyjson.Unmarshal(data, v.(easyjson.Unmarshaler)) }

var easyWriter jwriter.Writer

func easyEncode(buf *bytes.Buffer, v any) error {
	easyWriter = jwriter.Writer{}
	v.(easyjson.Marshaler).MarshalEasyJSON(&easyWriter)
	b, err := easyWriter.BuildBytes(buf.Bytes()[:0])
	buf.Reset()
	buf.Write(b)
	return err
}

var sonicBuf []byte

var peers = []peer{
	{"encoding/json", stdjson.Unmarshal, func(buf *bytes.Buffer, v any) error {
		buf.Reset()
		return stdjson.NewEncoder(buf).Encode(v)
	}, "json.Unmarshal; json.NewEncoder(reused buffer).Encode"},
	{"encoding/json/v2", func(data []byte, v any) error { return jsonv2.Unmarshal(data, v) }, func(buf *bytes.Buffer, v any) error {
		buf.Reset()
		return jsonv2.MarshalWrite(buf, v, jsonv2.Deterministic(true), jsontext.EscapeForHTML(true))
	}, "json.Unmarshal; json.MarshalWrite(reused buffer, Deterministic, EscapeForHTML) (github.com/go-json-experiment/json)"},
	{"segmentio", segjson.Unmarshal, func(buf *bytes.Buffer, v any) error {
		b, err := segjson.Append(buf.Bytes()[:0], v, segjson.EscapeHTML|segjson.SortMapKeys)
		buf.Reset()
		buf.Write(b)
		return err
	}, "json.Unmarshal; json.Append(reused buffer, EscapeHTML|SortMapKeys)"},
	{"easyjson", easyDecode, easyEncode, "generated UnmarshalEasyJSON; MarshalEasyJSON + BuildBytes(reused buffer)"},
	{"goccy/go-json", gojson.Unmarshal, func(buf *bytes.Buffer, v any) error {
		b, err := gojson.Marshal(v)
		buf.Reset()
		buf.Write(b)
		return err
	}, "json.Unmarshal; json.Marshal"},
	{"sonic", sonic.Unmarshal, func(buf *bytes.Buffer, v any) error {
		sonicBuf = sonicBuf[:0]
		err := sonicenc.EncodeInto(&sonicBuf, v, sonicenc.EscapeHTML|sonicenc.SortMapKeys)
		buf.Reset()
		buf.Write(sonicBuf)
		return err
	}, "sonic.Unmarshal (ConfigDefault); encoder.EncodeInto(reused buffer, EscapeHTML|SortMapKeys)"},
}

// at is the sample fleet's instant.
var at = fleetsample.At

func str(s string) *string { return &s }

// bigSnapshot is conformance/fleetsample's busy fleet.
func bigSnapshot() *fleet.Snapshot { return fleetsample.BigSnapshot() }

// ledgerRows is a seat ledger of n rows, one JSON document a line, every
// kind in turn, a prompt from another seat every other time and a
// celebration's note every other time.
func ledgerRows(n int) [][]byte {
	rows := make([][]byte, n)
	for i := range rows {
		seat := fmt.Sprintf("term-%04x", (i*7919)%4096)
		t := at.Add(time.Duration(i) * 1237 * time.Millisecond)
		var row fleet.LedgerRow
		switch i % 4 {
		case 0:
			row = &fleet.PassedRow{SeatID: seat, At: t}
		case 1:
			row = &fleet.FailedRow{SeatID: seat, At: t}
		case 2:
			r := &fleet.PromptedRow{SeatID: seat, At: t}
			if i%8 == 2 {
				r.FromSeatID = str("term-0007")
			}
			row = r
		default:
			r := &fleet.ShippedRow{SeatID: seat, At: t}
			if i%8 == 3 {
				r.Note = str("shipped the loader, 4,000 rows/s")
			}
			row = r
		}
		b, err := row.AppendJSON(nil)
		if err != nil {
			panic(err)
		}
		rows[i] = b
	}
	return rows
}

// plainSnapshot is what a peer should decode the generated value's bytes to.
func plainSnapshot(s *fleet.Snapshot) Snapshot {
	p := Snapshot{Cursor: s.Cursor, At: s.At, Day: s.Day}
	for _, x := range s.Seats {
		seat := Seat{SeatID: x.SeatID, Name: x.Name, Status: string(x.Status), Cwd: x.Cwd, Summary: x.Summary, ParentSeatID: x.ParentSeatID}
		if x.Stance != nil {
			seat.Stance = &Stance{Pose: string(x.Stance.Pose), Note: x.Stance.Note, StatedAt: x.Stance.StatedAt, ExpiresAt: x.Stance.ExpiresAt}
		}
		if x.LastOutcome != nil {
			seat.LastOutcome = &Outcome{Outcome: string(x.LastOutcome.Outcome), At: x.LastOutcome.At}
		}
		p.Seats = append(p.Seats, seat)
	}
	for _, e := range s.Edges {
		p.Edges = append(p.Edges, Edge{Kind: string(e.Kind), FromSeatID: e.FromSeatID, ToSeatID: e.ToSeatID, At: e.At, ConversationID: e.ConversationID, EntryID: e.EntryID})
	}
	if s.Tallies != nil {
		p.Tallies = map[string]Tally{}
		for k, t := range s.Tallies {
			p.Tallies[k] = Tally(t)
		}
	}
	return p
}

// plainRow is what a peer should decode a generated row's bytes to.
func plainRow(r fleet.LedgerRow) LedgerRow {
	switch r := r.(type) {
	case *fleet.PassedRow:
		return LedgerRow{Kind: "passed", SeatID: r.SeatID, At: r.At}
	case *fleet.FailedRow:
		return LedgerRow{Kind: "failed", SeatID: r.SeatID, At: r.At}
	case *fleet.PromptedRow:
		return LedgerRow{Kind: "prompted", SeatID: r.SeatID, At: r.At, FromSeatID: r.FromSeatID}
	case *fleet.ShippedRow:
		return LedgerRow{Kind: "shipped", SeatID: r.SeatID, At: r.At, Note: r.Note}
	}
	panic(fmt.Sprintf("unknown row %T", r))
}

// decodeOurs is the generated side of every decode pair: decode, then
// Validate, as a consumer that trusts nothing does.
func decodeOurs(data []byte) (*fleet.Snapshot, error) {
	var s fleet.Snapshot
	if err := s.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	return &s, s.Validate()
}

func decodeRowOurs(line []byte) (fleet.LedgerRow, error) {
	row, err := fleet.UnmarshalLedgerRow(line)
	if err != nil {
		return nil, err
	}
	return row, row.Validate()
}

// TestPeersDecodeTheSameValue: before any peer is timed, it is shown to
// decode the snapshot and every ledger row to the value the generated
// decoder gives (times compared by Equal).
func TestPeersDecodeTheSameValue(t *testing.T) {
	data, err := bigSnapshot().AppendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	ours, err := decodeOurs(data)
	if err != nil {
		t.Fatal(err)
	}
	want := plainSnapshot(ours)
	rows := ledgerRows(64)
	for _, p := range peers {
		var got Snapshot
		if err := p.decode(data, &got); err != nil {
			t.Errorf("%s: snapshot: %v", p.name, err)
		} else if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s decodes the snapshot to another value (-generated +%s):\n%s", p.name, p.name, d)
		}
		for i, line := range rows {
			row, err := decodeRowOurs(line)
			if err != nil {
				t.Fatalf("row %d: %v", i, err)
			}
			var got LedgerRow
			if err := p.decode(line, &got); err != nil {
				t.Errorf("%s: row %d: %v", p.name, i, err)
			} else if d := cmp.Diff(plainRow(row), got); d != "" {
				t.Errorf("%s decodes row %d to another value (-generated +%s):\n%s", p.name, i, p.name, d)
			}
		}
	}
}

// TestPeersEncodeTheSameValue: every peer's encoding of the plain twin
// decodes, through the generated decoder, to the value the generated
// encoder wrote; sameBytes says which wrote AppendJSON's very bytes.
func TestPeersEncodeTheSameValue(t *testing.T) {
	snap := bigSnapshot()
	data, err := snap.AppendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	plain := plainSnapshot(snap)
	for _, p := range peers {
		var buf bytes.Buffer
		if err := p.encode(&buf, &plain); err != nil {
			t.Errorf("%s: %v", p.name, err)
			continue
		}
		back, err := decodeOurs(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
		if err != nil {
			t.Errorf("%s's encoding does not decode: %v", p.name, err)
			continue
		}
		if d := cmp.Diff(plain, plainSnapshot(back)); d != "" {
			t.Errorf("%s encodes another value (-generated +%s):\n%s", p.name, p.name, d)
		}
		if got := sameBytes(p, &plain, data); got != wantSameBytes[p.name] {
			t.Errorf("%s writes AppendJSON's bytes: %v, want %v", p.name, got, wantSameBytes[p.name])
		}
	}
}

// wantSameBytes: which peers write exactly the generated encoder's bytes
// (json.Marshal's) for the snapshot; easyjson writes map keys in Go's map
// order, not sorted.
var wantSameBytes = map[string]bool{
	"encoding/json": true, "encoding/json/v2": true, "segmentio": true,
	"easyjson": false, "goccy/go-json": true, "sonic": true,
}

func sameBytes(p peer, plain *Snapshot, data []byte) bool {
	var buf bytes.Buffer
	if err := p.encode(&buf, plain); err != nil {
		return false
	}
	return bytes.Equal(bytes.TrimSuffix(buf.Bytes(), []byte("\n")), data)
}

// A probe is one way a document can break the fleet schema (or, for
// want false, a way it may look odd and still be valid): the table shows
// which decoders refuse it.
type probe struct {
	what   string
	doc    string
	refuse bool // what the schema says: true when the document is invalid
}

// small is a valid one-seat snapshot the probes break one way at a time.
const small = `{"cursor":7,"at":"2026-09-06T10:00:00Z","seats":[{"seatId":"t1","name":"Ada","status":"working","stance":{"pose":"hauling","note":"ok","statedAt":"2026-09-06T10:00:00Z","expiresAt":"2026-09-06T10:15:00Z"}}],"day":"2026-09-06","tallies":{"t1":{"passed":1,"failed":0,"shipped":0,"prompted":2}}}`

func probes() []probe {
	sub := func(old, new string) string {
		if !strings.Contains(small, old) {
			panic("probe: " + old + " not in the document")
		}
		return strings.Replace(small, old, new, 1)
	}
	return []probe{
		{"unknown member (ignored by design: a newer host may add one)", sub(`"name":"Ada"`, `"name":"Ada","mood":"calm"`), false},
		{"duplicate member", sub(`"cursor":7`, `"cursor":7,"cursor":8`), true},
		{"required member missing", sub(`"name":"Ada",`, ``), true},
		{"null for a required value", sub(`"name":"Ada"`, `"name":null`), true},
		{"member name in another case (Name)", sub(`"name":"Ada"`, `"Name":"Ada"`), true},
		{"enum value not in the schema", sub(`"working"`, `"asleep"`), true},
		{"integer below its minimum (count -1)", sub(`"passed":1`, `"passed":-1`), true},
		{"string breaking its pattern (control char)", sub(`"note":"ok"`, `"note":"o\u0007k"`), true},
		{"string under its minimum length (empty seatId)", sub(`"seatId":"t1"`, `"seatId":""`), true},
		{"calendar day that does not exist (2026-02-30)", sub(`"day":"2026-09-06"`, `"day":"2026-02-30"`), true},
		{"fraction for an integer (1.5)", sub(`"cursor":7`, `"cursor":1.5`), true},
		{"integer written 7.0e0 (an integer, as JSON Schema says)", sub(`"cursor":7`, `"cursor":7.0e0`), false},
		{"integer beyond int64", sub(`"cursor":7`, `"cursor":9223372036854775808`), true},
		{"invalid UTF-8 in a string (replaced by U+FFFD, as encoding/json)", sub(`"Ada"`, "\"A\xffda\""), false},
		{"date-time with a lower-case t", sub(`"at":"2026-09-06T10:00:00Z"`, `"at":"2026-09-06t10:00:00Z"`), true},
		{"data after the value", small + ` {}`, true},
	}
}

func oursRefuses(doc string) bool {
	_, err := decodeOurs([]byte(doc))
	return err != nil
}

// TestGeneratedRefusesWhatTheSchemaRefuses holds the generated decoder
// and Validate to each probe's verdict, so that the table's column for
// them is a tested claim.
func TestGeneratedRefusesWhatTheSchemaRefuses(t *testing.T) {
	if oursRefuses(small) {
		t.Fatalf("the probes' base document is refused: %v", func() error { _, err := decodeOurs([]byte(small)); return err }())
	}
	for _, p := range probes() {
		if got := oursRefuses(p.doc); got != p.refuse {
			t.Errorf("%s: generated decode+Validate refuses %v, the schema %v", p.what, got, p.refuse)
		}
	}
}

// checksTable is the table bench-wire prints: for each probe, whether the
// generated decode+Validate and each peer refuse it, as measured now.
func checksTable() []string {
	var lines []string
	head := fmt.Sprintf("%-66s %-9s", "what the document does", "schema")
	head += fmt.Sprintf(" %-10s", "generated")
	for _, p := range peers {
		head += fmt.Sprintf(" %-16s", p.name)
	}
	lines = append(lines, head)
	verdict := func(refused bool) string {
		if refused {
			return "refuses"
		}
		return "accepts"
	}
	for _, pr := range probes() {
		line := fmt.Sprintf("%-66s %-9s %-10s", pr.what, verdict(pr.refuse), verdict(oursRefuses(pr.doc)))
		for _, p := range peers {
			var v Snapshot
			line += fmt.Sprintf(" %-16s", verdict(p.decode([]byte(pr.doc), &v) != nil))
		}
		lines = append(lines, line)
	}
	return lines
}
