// Package gofleet_test uses generated/go/fleet the way the host team does:
// decode what arrives, build what leaves, validate both.
package gofleet_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/schemagen/schemagen/generated/go/fleet"
	"github.com/schemagen/schemagen/wire"
)

func ptr[T any](v T) *T { return &v }

// enumCase drives the same checks over every generated enum.
type enumCase struct {
	name    string
	values  []string
	parse   func(string) (string, error)
	marshal func(string) ([]byte, error)
	decode  func([]byte) (string, error)
}

func enumOf[E ~string](name string, values func() []E, parse func(string) (E, error)) enumCase {
	var vs []string
	for _, v := range values() {
		vs = append(vs, string(v))
	}
	return enumCase{
		name:   name,
		values: vs,
		parse: func(s string) (string, error) {
			v, err := parse(s)
			return string(v), err
		},
		marshal: func(s string) ([]byte, error) { return json.Marshal(E(s)) },
		decode: func(b []byte) (string, error) {
			var v E
			err := json.Unmarshal(b, &v)
			return string(v), err
		},
	}
}

func TestEnums(t *testing.T) {
	cases := []struct {
		c    enumCase
		want []string
	}{
		{enumOf("Pose", fleet.PoseValues, fleet.ParsePose), []string{"working", "thinking", "stuck", "hauling", "resting", "celebrate"}},
		{enumOf("AgentStatus", fleet.AgentStatusValues, fleet.ParseAgentStatus), []string{"idle", "working", "blocked", "done", "offline"}},
		{enumOf("Outcome", fleet.OutcomeValues, fleet.ParseOutcome), []string{"passed", "failed"}},
		{enumOf("EdgeKind", fleet.EdgeKindValues, fleet.ParseEdgeKind), []string{"spawn", "prompt", "reply"}},
	}
	for _, tc := range cases {
		c := tc.c
		t.Run(c.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, c.values); diff != "" {
				t.Fatalf("members in schema order (-want +got):\n%s", diff)
			}
			for _, v := range c.values {
				got, err := c.parse(v)
				if err != nil || got != v {
					t.Errorf("Parse%s(%q) = %q, %v", c.name, v, got, err)
				}
				b, err := c.marshal(v)
				if err != nil || string(b) != `"`+v+`"` {
					t.Errorf("marshal %q = %s, %v", v, b, err)
				}
				if got, err := c.decode(b); err != nil || got != v {
					t.Errorf("unmarshal %s = %q, %v", b, got, err)
				}
			}
			wantMsg := `"bogus" is not a valid ` + c.name + ` (valid: ` + strings.Join(tc.want, ", ") + `)`
			_, err := c.parse("bogus")
			var ee *wire.EnumError
			if !errors.As(err, &ee) || err.Error() != wantMsg {
				t.Errorf("Parse%s(bogus) error = %v, want %q", c.name, err, wantMsg)
			}
			if _, err := c.decode([]byte(`"bogus"`)); err == nil || !strings.Contains(err.Error(), wantMsg) {
				t.Errorf("unmarshal bogus error = %v, want it to contain %q", err, wantMsg)
			}
			if _, err := c.marshal("bogus"); err == nil || !strings.Contains(err.Error(), wantMsg) {
				t.Errorf("marshal bogus error = %v, want it to contain %q", err, wantMsg)
			}
			// Case matters: the wire value is exact.
			if _, err := c.parse(strings.ToUpper(tc.want[0])); err == nil {
				t.Errorf("Parse%s accepted an upper-case member", c.name)
			}
		})
	}
}

// roundTrip decodes doc into a new T, checks it encodes back to exactly doc,
// and returns the decoded value.
func roundTrip[T any](t *testing.T, doc string) *T {
	t.Helper()
	v := new(T)
	if err := json.Unmarshal([]byte(doc), v); err != nil {
		t.Fatalf("decode %s: %v", doc, err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("encode: %v", err)
	}
	if string(b) != doc {
		t.Errorf("round trip changed the document:\n in: %s\nout: %s", doc, b)
	}
	return v
}

func TestOptionalFieldsKeepAbsentApartFromZero(t *testing.T) {
	// Absent: every optional field nil.
	s := roundTrip[fleet.Seat](t, `{"seatId":"t1","name":"Ada","status":"idle"}`)
	if s.Cwd != nil || s.Summary != nil || s.Stance != nil || s.ParentSeatID != nil || s.LastOutcome != nil {
		t.Errorf("absent optional fields decoded as set: %+v", s)
	}
	// Zero: every optional scalar present and empty.
	s = roundTrip[fleet.Seat](t, `{"seatId":"t1","name":"","status":"idle","cwd":"","summary":"","parentSeatId":"t0"}`)
	if s.Cwd == nil || *s.Cwd != "" || s.Summary == nil || *s.Summary != "" {
		t.Errorf("empty optional strings decoded as absent: %+v", s)
	}

	snap := roundTrip[fleet.Snapshot](t, `{"cursor":0,"at":"2026-09-06T10:00:00Z","seats":[]}`)
	if snap.Edges != nil || snap.Tallies != nil || snap.Day != nil {
		t.Errorf("absent edges/tallies/day decoded as set: %+v", snap)
	}
	snap = roundTrip[fleet.Snapshot](t, `{"cursor":0,"at":"2026-09-06T10:00:00Z","seats":[],"edges":[],"day":"2026-09-06","tallies":{}}`)
	if snap.Edges == nil || len(snap.Edges) != 0 || snap.Tallies == nil || len(snap.Tallies) != 0 {
		t.Errorf("empty edges/tallies decoded as absent: %+v", snap)
	}

	tally := roundTrip[fleet.Tally](t, `{"passed":0,"failed":0,"shipped":0,"prompted":0}`)
	if *tally != (fleet.Tally{}) {
		t.Errorf("zero tally = %+v", tally)
	}
	ev := roundTrip[fleet.StanceEvent](t, `{"type":"stance","at":"2026-09-06T10:00:00Z","paneId":"p1","pose":"resting","ttlSeconds":1}`)
	if ev.TTLSeconds == nil || *ev.TTLSeconds != 1 || ev.Note != nil {
		t.Errorf("stance event = %+v", ev)
	}
}

func TestFullSnapshotRoundTrip(t *testing.T) {
	doc := `{"cursor":42,"at":"2026-09-06T10:00:00+02:00","seats":[` +
		`{"seatId":"t1","name":"Ada","status":"working","cwd":"/src","summary":"on the build",` +
		`"stance":{"pose":"celebrate","note":"shipped it","statedAt":"2026-09-06T09:59:00+02:00","expiresAt":"2026-09-06T10:14:00+02:00"},` +
		`"lastOutcome":{"outcome":"passed","at":"2026-09-06T09:58:00+02:00"}},` +
		`{"seatId":"t2","name":"Bo","status":"idle","parentSeatId":"t1"}],` +
		`"edges":[{"kind":"spawn","fromSeatId":"t1","toSeatId":"t2","at":"2026-09-06T09:00:00+02:00"},` +
		`{"kind":"prompt","fromSeatId":"t1","toSeatId":"t2","at":"2026-09-06T09:30:00+02:00","conversationId":"c1","entryId":"e1"}],` +
		`"day":"2026-09-06","tallies":{"t1":{"passed":3,"failed":1,"shipped":1,"prompted":2}}}`
	snap := roundTrip[fleet.Snapshot](t, doc)
	if err := snap.Validate(); err != nil {
		t.Errorf("Validate: %v", err)
	}
	if got := snap.Seats[0].Stance.Pose; got != fleet.PoseCelebrate {
		t.Errorf("pose = %v", got)
	}
	if got := snap.At.Format(time.RFC3339); got != "2026-09-06T10:00:00+02:00" {
		t.Errorf("at lost its offset: %s", got)
	}
}

func TestNilRequiredListEncodesEmpty(t *testing.T) {
	b, err := json.Marshal(fleet.Snapshot{At: time.Date(2026, 9, 6, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"cursor":0,"at":"2026-09-06T00:00:00Z","seats":[]}`; string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
}

func TestDecodingRefuses(t *testing.T) {
	seat := func(doc string) error {
		var s fleet.Seat
		err := json.Unmarshal([]byte(doc), &s)
		if err == nil {
			return nil
		}
		// The decoder, called directly, agrees and leaves s untouched.
		if direct := s.UnmarshalJSON([]byte(doc)); direct == nil {
			t.Errorf("UnmarshalJSON accepted %s which json.Unmarshal refused", doc)
		}
		if s != (fleet.Seat{}) {
			t.Errorf("a failed decode changed the value: %+v", s)
		}
		return err
	}
	direct := func(doc string) error {
		var s fleet.Seat
		return s.UnmarshalJSON([]byte(doc))
	}
	tally := func(doc string) error {
		var v fleet.Tally
		return json.Unmarshal([]byte(doc), &v)
	}
	for _, tc := range []struct {
		name   string
		decode func(string) error
		doc    string
		want   string
	}{
		{"missing required", seat, `{"name":"Ada","status":"idle"}`, `decoding Seat.seatId: required field is missing`},
		{"null required", seat, `{"seatId":null,"name":"Ada","status":"idle"}`, `decoding Seat.seatId: must not be null`},
		{"null optional", seat, `{"seatId":"t1","name":"Ada","status":"idle","cwd":null}`, `decoding Seat.cwd: must not be null`},
		{"wrong type", seat, `{"seatId":1,"name":"Ada","status":"idle"}`, `decoding Seat.seatId: must be a string, not a number`},
		{"unknown status", seat, `{"seatId":"t1","name":"Ada","status":"asleep"}`, `decoding Seat.status: "asleep" is not a valid AgentStatus (valid: idle, working, blocked, done, offline)`},
		{"not an object", seat, `[1]`, `decoding Seat: must be an object, not an array`},
		{"null", direct, `null`, `decoding Seat: must not be null`},
		{"keys are exact", seat, `{"SEATID":"t1","name":"Ada","status":"idle"}`, `decoding Seat.seatId: required field is missing`},
		{"null in nested object", seat, `{"seatId":"t1","name":"Ada","status":"idle","stance":null}`, `decoding Seat.stance: must not be null`},
		{"error in nested object", seat, `{"seatId":"t1","name":"Ada","status":"idle","stance":{"pose":"dancing"}}`, `decoding Seat.stance.pose: "dancing" is not a valid Pose`},
		{"NUL after the document", direct, "{\"seatId\":\"t1\",\"name\":\"Ada\",\"status\":\"idle\"}\x00{}", `decoding Seat: invalid JSON at byte 44: unexpected '\x00', want end of input`},
		{"member given twice", direct, `{"seatId":"t1","name":"Ada","status":"idle","seatId":"t2"}`, `decoding Seat.seatId: is given twice; each member may appear once`},
		{"optional member given twice", direct, `{"seatId":"t1","name":"Ada","status":"idle","cwd":"/a","cwd":"/b"}`, `decoding Seat.cwd: is given twice`},
		{"error deep in a list", direct, `{"seatId":"t1","name":"Ada","status":"idle","stance":{"pose":"working","statedAt":"2026-09-06T10:00:00Z","expiresAt":1}}`, `decoding Seat.stance.expiresAt: must be an RFC 3339 date-time string, not a number`},
		{"NUL inside the document", direct, "{\"seatId\":\"t1\",\x00\"name\":\"Ada\",\"status\":\"idle\"}", `decoding Seat: invalid JSON at byte 15: unexpected '\x00', want a member name`},
		{"trailing data", direct, `{"seatId":"t1","name":"Ada","status":"idle"} x`, `decoding Seat: invalid JSON at byte 45: unexpected 'x', want end of input`},
		{"bad syntax", direct, `{"seatId":"t1",}`, `decoding Seat: invalid JSON at byte 15: unexpected '}', want a member name`},
		{"bad syntax via encoding/json", seat, `{"seatId":"t1",}`, `invalid character '}'`},
		{"control character in string", direct, "{\"seatId\":\"t\x01\",\"name\":\"Ada\",\"status\":\"idle\"}", `decoding Seat.seatId: invalid JSON at byte 12`},
		{"fraction in integer", tally, `{"passed":1.5,"failed":0,"shipped":0,"prompted":0}`, `decoding Tally.passed: must be an integer, not 1.5`},
		{"integer overflow", tally, `{"passed":9223372036854775808,"failed":0,"shipped":0,"prompted":0}`, `decoding Tally.passed: must be an integer an int64 holds, not 9223372036854775808`},
		{"string for integer", tally, `{"passed":"1","failed":0,"shipped":0,"prompted":0}`, `decoding Tally.passed: must be an integer, not a string`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.decode(tc.doc)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v, want it to contain %q", err, tc.want)
			}
		})
	}
	// Accepted: an unknown field (a newer host may add optional ones), an
	// integer written with a zero fraction or an exponent (JSON Schema's
	// "integer" allows both), escapes and non-ASCII text.
	var s fleet.Seat
	if err := json.Unmarshal([]byte(`{"seatId":"t1","name":"Ada","status":"idle","mood":{"a":[1,2.5e3,true,null,"x"]}}`), &s); err != nil {
		t.Errorf("unknown field refused: %v", err)
	}
	var tl fleet.Tally
	if err := json.Unmarshal([]byte(`{"passed":1.0,"failed":2e0,"shipped":0,"prompted":-0}`), &tl); err != nil || tl.Passed != 1 || tl.Failed != 2 {
		t.Errorf("integral numbers: %+v, %v", tl, err)
	}
	if err := json.Unmarshal([]byte(`{"seatId":"t\u00e9\n","name":"Zoë 🐑","status":"idle"}`), &s); err != nil || s.SeatID != "té\n" || s.Name != "Zoë 🐑" {
		t.Errorf("escapes: %+v, %v", s, err)
	}
}

func TestLedgerRowUnion(t *testing.T) {
	rows := map[string]string{
		"passed":   `{"kind":"passed","seatId":"t1","at":"2026-09-06T10:00:00Z"}`,
		"failed":   `{"kind":"failed","seatId":"t1","at":"2026-09-06T10:00:00Z"}`,
		"prompted": `{"kind":"prompted","seatId":"t1","at":"2026-09-06T10:00:00Z","fromSeatId":"t2"}`,
		"shipped":  `{"kind":"shipped","seatId":"t1","at":"2026-09-06T10:00:00Z","note":"landed"}`,
	}
	for kind, doc := range rows {
		row, err := fleet.UnmarshalLedgerRow([]byte(doc))
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		if row.Kind() != kind {
			t.Errorf("%s decoded as %s", kind, row.Kind())
		}
		var ok bool
		switch row.(type) {
		case *fleet.PassedRow:
			ok = kind == "passed"
		case *fleet.FailedRow:
			ok = kind == "failed"
		case *fleet.PromptedRow:
			ok = kind == "prompted"
		case *fleet.ShippedRow:
			ok = kind == "shipped"
		}
		if !ok {
			t.Errorf("%s decoded into %T", kind, row)
		}
		b, err := json.Marshal(row)
		if err != nil || string(b) != doc {
			t.Errorf("%s re-encoded as %s (%v)", kind, b, err)
		}
		if err := row.Validate(); err != nil {
			t.Errorf("%s: Validate: %v", kind, err)
		}
	}
	// A variant value (not pointer) still writes its kind.
	b, _ := json.Marshal(fleet.PassedRow{SeatID: "t1", At: time.Date(2026, 9, 6, 10, 0, 0, 0, time.UTC)})
	if string(b) != rows["passed"] {
		t.Errorf("value variant encoded as %s", b)
	}
	for _, tc := range []struct{ doc, want string }{
		{`{"kind":"celebrated","seatId":"t1","at":"2026-09-06T10:00:00Z"}`, `decoding LedgerRow.kind: unknown kind "celebrated" (valid: passed, failed, prompted, shipped)`},
		{`{"seatId":"t1","at":"2026-09-06T10:00:00Z"}`, `decoding LedgerRow.kind: discriminator is missing (valid: passed, failed, prompted, shipped)`},
		{`{"kind":null,"seatId":"t1","at":"2026-09-06T10:00:00Z"}`, `decoding LedgerRow.kind: must not be null`},
		{`{"kind":"passed","at":"2026-09-06T10:00:00Z"}`, `decoding LedgerRow.seatId: required field is missing`},
	} {
		row, err := fleet.UnmarshalLedgerRow([]byte(tc.doc))
		var de *wire.DecodeError
		if row != nil || !errors.As(err, &de) || err.Error() != tc.want {
			t.Errorf("UnmarshalLedgerRow(%s) = %v, %v; want error %q", tc.doc, row, err, tc.want)
		}
	}
	// Decoding a variant directly checks its tag.
	var p fleet.PassedRow
	if err := json.Unmarshal([]byte(rows["failed"]), &p); err == nil || !strings.Contains(err.Error(), `is "failed", want "passed"`) {
		t.Errorf("PassedRow accepted a failed row: %v", err)
	}
}

func TestReplayEventUnion(t *testing.T) {
	for _, doc := range []string{
		`{"type":"census","at":"2026-09-06T10:00:00Z","agents":[{"paneId":"p1","terminalId":"t1","name":"Ada","status":"working","parentPaneId":"p0","cwd":"/src","startedAt":"2026-09-06T09:00:00Z"}]}`,
		`{"type":"status","at":"2026-09-06T10:00:00Z","paneId":"p1","status":"idle"}`,
		`{"type":"prompted","at":"2026-09-06T10:00:00Z","toPaneId":"p1"}`,
		`{"type":"deliver","at":"2026-09-06T10:00:00Z","toPaneId":"p1","fromPaneId":"p2","conversationId":"c","entryId":"e"}`,
		`{"type":"turn","at":"2026-09-06T10:00:00Z","paneId":"p1","conversationId":"c","entryId":"e"}`,
		`{"type":"stance","at":"2026-09-06T10:00:00Z","paneId":"p1","pose":"stuck","note":"build","ttlSeconds":60}`,
		`{"type":"restart","at":"2026-09-06T10:00:00Z"}`,
		`{"type":"read","at":"2026-09-06T10:00:00Z"}`,
	} {
		ev, err := fleet.UnmarshalReplayEvent([]byte(doc))
		if err != nil {
			t.Errorf("%s: %v", doc, err)
			continue
		}
		if b, _ := json.Marshal(ev); string(b) != doc {
			t.Errorf("re-encoded as %s", b)
		}
	}
}

func TestValidate(t *testing.T) {
	at := time.Date(2026, 9, 6, 10, 0, 0, 0, time.UTC)
	seat := func() fleet.Seat { return fleet.Seat{SeatID: "t1", Name: "Ada", Status: fleet.AgentStatusIdle} }
	snap := func(mut func(*fleet.Snapshot)) *fleet.Snapshot {
		s := &fleet.Snapshot{At: at, Seats: []fleet.Seat{seat()}}
		mut(s)
		return s
	}
	edges := func(n int) []fleet.Edge {
		var es []fleet.Edge
		for range n {
			es = append(es, fleet.Edge{Kind: fleet.EdgeKindPrompt, FromSeatID: "t1", ToSeatID: "t2", At: at})
		}
		return es
	}
	for _, tc := range []struct {
		name string
		v    interface{ Validate() error }
		want string // "" for valid
	}{
		{"minimal", snap(func(*fleet.Snapshot) {}), ""},
		{"128 edges", snap(func(s *fleet.Snapshot) { s.Edges = edges(128) }), ""},
		{"129 edges", snap(func(s *fleet.Snapshot) { s.Edges = edges(129) }), "Snapshot.edges: must have at most 128 items (has 129)"},
		{"negative cursor", snap(func(s *fleet.Snapshot) { s.Cursor = -1 }), "Snapshot.cursor: must be at least 0 (is -1)"},
		{"bad day", snap(func(s *fleet.Snapshot) { s.Day = ptr("2026-9-6") }), `Snapshot.day: must be a calendar day written YYYY-MM-DD (is "2026-9-6")`},
		{"impossible day", snap(func(s *fleet.Snapshot) { s.Day = ptr("2026-02-30") }), `Snapshot.day: must be a calendar day written YYYY-MM-DD (is "2026-02-30")`},
		{"empty seat id", snap(func(s *fleet.Snapshot) { s.Seats[0].SeatID = "" }), "Snapshot.seats[0].seatId: must be at least 1 character"},
		{"unknown status", snap(func(s *fleet.Snapshot) { s.Seats[0].Status = "asleep" }), `Snapshot.seats[0].status: "asleep" is not a valid AgentStatus`},
		{"negative tally", snap(func(s *fleet.Snapshot) { s.Tallies = map[string]fleet.Tally{"t1": {Shipped: -1}} }), `Snapshot.tallies["t1"].shipped: must be at least 0 (is -1)`},
		{"note of 280", &fleet.Stance{Pose: fleet.PoseStuck, Note: ptr(strings.Repeat("é", 280)), StatedAt: at, ExpiresAt: at}, ""},
		{"note of 281", &fleet.Stance{Pose: fleet.PoseStuck, Note: ptr(strings.Repeat("é", 281)), StatedAt: at, ExpiresAt: at}, "Stance.note: must be at most 280 characters (has 281)"},
		{"note with newline", &fleet.Stance{Pose: fleet.PoseStuck, Note: ptr("a\nb"), StatedAt: at, ExpiresAt: at}, "Stance.note: must match"},
		{"note with C1 control", &fleet.Stance{Pose: fleet.PoseStuck, Note: ptr("a\u0085b"), StatedAt: at, ExpiresAt: at}, "Stance.note: must match"},
		{"spawn edge", &fleet.Edge{Kind: fleet.EdgeKindSpawn, FromSeatID: "t1", ToSeatID: "t2", At: at}, ""},
		{"spawn edge with conversation", &fleet.Edge{Kind: fleet.EdgeKindSpawn, FromSeatID: "t1", ToSeatID: "t2", At: at, ConversationID: ptr("c")}, `Edge.conversationId: must be absent when kind is "spawn"`},
		{"spawn edge with entry", &fleet.Edge{Kind: fleet.EdgeKindSpawn, FromSeatID: "t1", ToSeatID: "t2", At: at, EntryID: ptr("e")}, `Edge.entryId: must be absent when kind is "spawn"`},
		{"reply edge with conversation", &fleet.Edge{Kind: fleet.EdgeKindReply, FromSeatID: "t1", ToSeatID: "t2", At: at, ConversationID: ptr("c"), EntryID: ptr("e")}, ""},
		{"ttl zero", &fleet.StanceEvent{At: at, PaneID: "p", Pose: fleet.PoseStuck, TTLSeconds: ptr(int64(0))}, "StanceEvent.ttlSeconds: must be at least 1 (is 0)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.v.Validate()
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("Validate: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("Validate = %v, want it to contain %q", err, tc.want)
			case tc.want != "":
				var ve *wire.ValidationError
				if !errors.As(err, &ve) {
					t.Errorf("error %T is not a *ValidationError", err)
				}
			}
		})
	}
	// Every problem is reported, not just the first.
	s := snap(func(s *fleet.Snapshot) { s.Cursor = -1; s.Seats[0].SeatID = "" })
	if err := s.Validate(); err == nil || strings.Count(err.Error(), "\n") != 1 {
		t.Errorf("want two problems, got %v", err)
	}
}

// TestIntegersAreDecidedFromTheirText is issue 12's third bug: integers
// were judged through float64, so 1.0000000000000001 decoded as 1, 1e-400
// as 0, and 9007199254740993.0 as 9007199254740992. Each is now decided
// exactly, and the schema's bound (2^53-1, what every JSON reader holds
// exactly) is stated so that Validate and the JSON Schemas agree.
func TestIntegersAreDecidedFromTheirText(t *testing.T) {
	tally := func(passed string) (fleet.Tally, error) {
		var v fleet.Tally
		err := v.UnmarshalJSON([]byte(`{"passed":` + passed + `,"failed":1,"shipped":0,"prompted":0}`))
		return v, err
	}
	for _, tc := range []struct {
		text string
		want int64  // when it decodes
		err  string // when it does not
	}{
		{"1.0", 1, ""},
		{"1e3", 1000, ""},
		{"10e-1", 1, ""},
		{"9007199254740993.0", 9007199254740993, ""},
		{"9223372036854775807.0", 9223372036854775807, ""},
		{"1.0000000000000001", 0, "decoding Tally.passed: must be an integer, not 1.0000000000000001"},
		{"1e-400", 0, "decoding Tally.passed: must be an integer, not 1e-400"},
		{"9223372036854775808", 0, "decoding Tally.passed: must be an integer an int64 holds, not 9223372036854775808"},
	} {
		v, err := tally(tc.text)
		switch {
		case tc.err == "" && (err != nil || v.Passed != tc.want):
			t.Errorf("passed %s: got %d, %v; want %d", tc.text, v.Passed, err, tc.want)
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("passed %s: got %d, %v; want error %q", tc.text, v.Passed, err, tc.err)
		}
	}
	// Past 2^53-1 decodes (an int64 holds it) but is not valid: the schema
	// says so, as ajv, which cannot tell 2^53+1 from 2^53, would.
	v, _ := tally("9007199254740992")
	if err := v.Validate(); err == nil || !strings.Contains(err.Error(), "Tally.passed: must be at most 9007199254740991") {
		t.Errorf("Validate of passed 2^53 = %v, want the schema's bound", err)
	}
}

// TestDecodeErrorsCarryTheWholePath: a decode error names where it
// happened from the root down, as Validate does (issue 14).
func TestDecodeErrorsCarryTheWholePath(t *testing.T) {
	for _, tc := range []struct{ doc, want string }{
		{`{"cursor":0,"at":"2026-09-06T10:00:00Z","seats":[{"seatId":"t1","name":"A","status":"idle"},{"seatId":1}]}`,
			`decoding Snapshot.seats[1].seatId: must be a string, not a number`},
		{`{"cursor":0,"at":"2026-09-06T10:00:00Z","seats":[],"tallies":{"t1":{"passed":1,"failed":0,"shipped":0,"prompted":0},"t1":{}}}`,
			`decoding Snapshot.tallies["t1"]: is given twice; each key may appear once`},
		{`{"cursor":0,"at":"2026-09-06T10:00:00Z","seats":[],"tallies":{"t\"2":{"passed":"x"}}}`,
			`decoding Snapshot.tallies["t\"2"].passed: must be an integer, not a string`},
	} {
		var s fleet.Snapshot
		err := s.UnmarshalJSON([]byte(tc.doc))
		var de *wire.DecodeError
		if !errors.As(err, &de) || err.Error() != tc.want {
			t.Errorf("UnmarshalJSON(%s) = %v, want %q", tc.doc, err, tc.want)
		}
	}
}
