package gofleet_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/schemagen/schemagen/generated/go/fleet"
)

// The generated decoders read untrusted bytes (ledger files, replay streams,
// snapshots from another host). These targets check, for any input: no
// panic; nothing that is not JSON is accepted; and whatever is accepted
// encodes and decodes back to the same value. `make fuzz` runs them longer;
// plain `go test` runs the seeds.

func FuzzUnmarshalLedgerRow(f *testing.F) {
	for _, s := range []string{
		`{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00Z"}`,
		`{"kind":"prompted","seatId":"t1","at":"2026-09-06T10:00:00.5+02:00","fromSeatId":"t2"}`,
		`{"at":"2026-09-06T10:00:00Z","note":"x\u00e9","seatId":"t1","kind":"shipped"}`,
		`{"kind":"failed","seatId":"t1","at":"2026-09-06T10:00:00Z","extra":[1,{"a":null}]}`,
		`{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00Z"`,
		`{"kind":"nope"}`, `[]`, `null`, `{"kind":"passed","seatId":null}`,
		"\xEF\xBB\xBF" + `{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00Z"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		row, err := fleet.UnmarshalLedgerRow(data)
		if err != nil {
			return
		}
		if !json.Valid(data) {
			t.Fatalf("accepted invalid JSON %q", data)
		}
		b, err := json.Marshal(row)
		if err != nil {
			t.Fatalf("re-encoding %q: %v", data, err)
		}
		again, err := fleet.UnmarshalLedgerRow(b)
		if err != nil {
			t.Fatalf("decoding own output %s: %v", b, err)
		}
		if diff := cmp.Diff(row, again); diff != "" {
			t.Fatalf("round trip changed the row (-first +second):\n%s", diff)
		}
	})
}

func FuzzUnmarshalReplayEvent(f *testing.F) {
	for _, s := range []string{
		`{"type":"census","at":"2026-09-06T10:00:00Z","agents":[{"paneId":"p1","terminalId":"t1","name":"Ada","status":"working","parentPaneId":"p0"}]}`,
		`{"type":"stance","at":"2026-09-06T10:00:00Z","paneId":"p1","pose":"celebrate","note":"done","ttlSeconds":4000}`,
		`{"type":"deliver","at":"2026-09-06T10:00:00Z","toPaneId":"p1","conversationId":"c","entryId":"e"}`,
		`{"type":"read","at":"2026-09-06T10:00:00Z"}`,
		`{"type":"census","at":"2026-09-06T10:00:00Z","agents":[[]]}`,
		"\xEF\xBB\xBF" + `{"type":"read","at":"2026-09-06T10:00:00Z"}`, // issue 13: a byte order mark
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ev, err := fleet.UnmarshalReplayEvent(data)
		if err != nil {
			return
		}
		if !json.Valid(data) {
			t.Fatalf("accepted invalid JSON %q", data)
		}
		b, err := json.Marshal(ev)
		if err != nil {
			t.Fatalf("re-encoding %q: %v", data, err)
		}
		again, err := fleet.UnmarshalReplayEvent(b)
		if err != nil {
			t.Fatalf("decoding own output %s: %v", b, err)
		}
		if diff := cmp.Diff(ev, again); diff != "" {
			t.Fatalf("round trip changed the event (-first +second):\n%s", diff)
		}
	})
}

func FuzzSnapshot(f *testing.F) {
	for _, s := range []string{
		`{"cursor":0,"at":"2026-09-06T10:00:00Z","seats":[]}`,
		`{"cursor":3,"at":"2026-09-06T10:00:00Z","seats":[{"seatId":"t1","name":"Ada","status":"idle","stance":{"pose":"stuck","statedAt":"2026-09-06T10:00:00Z","expiresAt":"2026-09-06T10:15:00Z"}}],"edges":[{"kind":"spawn","fromSeatId":"t0","toSeatId":"t1","at":"2026-09-06T09:00:00Z"}],"day":"2026-09-06","tallies":{"t1":{"passed":1,"failed":0,"shipped":0,"prompted":2}}}`,
		`{"cursor":1e2,"at":"2026-09-06T10:00:00Z","seats":[],"tallies":{"":{"passed":0,"failed":0,"shipped":0,"prompted":0}}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var snap fleet.Snapshot
		if err := json.Unmarshal(data, &snap); err != nil {
			return
		}
		var direct fleet.Snapshot
		if err := direct.UnmarshalJSON(data); err != nil {
			t.Fatalf("json.Unmarshal accepted %q but UnmarshalJSON refused it: %v", data, err)
		}
		_ = snap.Validate() // must not panic, whatever it says
		b, err := json.Marshal(snap)
		if err != nil {
			t.Fatalf("re-encoding %q: %v", data, err)
		}
		var again fleet.Snapshot
		if err := json.Unmarshal(b, &again); err != nil {
			t.Fatalf("decoding own output %s: %v", b, err)
		}
		if diff := cmp.Diff(snap, again); diff != "" {
			t.Fatalf("round trip changed the snapshot (-first +second):\n%s", diff)
		}
	})
}

// TestByteOrderMark: JSON behind a UTF-8 byte order mark (as some editors
// save it) is refused, as encoding/json and the app's JSON.parse refuse
// it, with an error that names the mark rather than "unexpected 'ï'"
// (issue 13). Elsewhere a byte outside ASCII is named by its value.
func TestByteOrderMark(t *testing.T) {
	const bom = "\xEF\xBB\xBF"
	const want = "invalid JSON: it begins with a UTF-8 byte order mark (bytes EF BB BF), which JSON text must not have (RFC 8259 §8.1); save it without one"
	if _, err := fleet.UnmarshalReplayEvent([]byte(bom + `{"type":"read","at":"2026-09-06T10:00:00Z"}`)); err == nil || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("replay event behind a BOM: %v, want %q", err, want)
	}
	if _, err := fleet.UnmarshalLedgerRow([]byte(bom + `{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00Z"}`)); err == nil || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("ledger row behind a BOM: %v, want %q", err, want)
	}
	var snap fleet.Snapshot
	if err := json.Unmarshal([]byte(bom+`{}`), &snap); err == nil {
		t.Error("encoding/json accepted a BOM")
	}
	_, err := fleet.UnmarshalLedgerRow([]byte(`{"kind":"passed","seatId":"t1"` + bom + `}`))
	if err == nil || !strings.Contains(err.Error(), "unexpected byte 0xEF") {
		t.Errorf("a stray BOM inside: %v, want it named as byte 0xEF", err)
	}
}
