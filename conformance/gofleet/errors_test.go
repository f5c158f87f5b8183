package gofleet_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/schemagen/schemagen/generated/go/fleet"
	"github.com/schemagen/schemagen/wire"
)

// kinds are every decode error kind, for checking that an error matches
// exactly one.
var kinds = []error{
	wire.ErrSyntax, wire.ErrTooDeep, wire.ErrNull, wire.ErrType, wire.ErrMissingField, wire.ErrDuplicateMember,
	wire.ErrNotMember, wire.ErrNotInteger, wire.ErrOutOfRange, wire.ErrTime, wire.ErrDiscriminator,
}

const snapHead = `{"cursor":0,"at":"2026-09-06T10:00:00Z","seats":[`

// TestDecodeErrorKinds: every class of decode error matches its kind with
// errors.Is (and no other), names where by path and stops at a byte
// offset a program can show.
func TestDecodeErrorKinds(t *testing.T) {
	for _, tc := range []struct {
		name, doc string
		kind      error
		path      string
		offset    int // -1: not checked
	}{
		{"not JSON", `{"cursor":0,`, wire.ErrSyntax, "", 12},
		{"trailing bytes", snapHead + `]} x`, wire.ErrSyntax, "", len(snapHead) + 3},
		{"byte order mark", "\uFEFF{}", wire.ErrSyntax, "", 0},
		{"too deep", `{"cursor":0,"x":` + strings.Repeat("[", 10001), wire.ErrTooDeep, "x", -1},
		{"null", `{"cursor":null}`, wire.ErrNull, "cursor", 14},
		{"wrong type", snapHead + `{"seatId":1}]}`, wire.ErrType, "seats[0].seatId", -1},
		{"missing field", `{"cursor":0,"at":"2026-09-06T10:00:00Z"}`, wire.ErrMissingField, "seats", 40},
		{"duplicate member", `{"cursor":0,"cursor":1}`, wire.ErrDuplicateMember, "cursor", 22},
		{"duplicate map key", snapHead + `],"tallies":{"t":{"passed":1,"failed":0,"shipped":0,"prompted":0},"t":{}}}`, wire.ErrDuplicateMember, `tallies["t"]`, -1},
		{"enum non-member", snapHead + `{"seatId":"t","name":"A","status":"asleep"}]}`, wire.ErrNotMember, "seats[0].status", -1},
		{"not an integer", `{"cursor":1.5}`, wire.ErrNotInteger, "cursor", 13},
		{"beyond int64", `{"cursor":9223372036854775808}`, wire.ErrOutOfRange, "cursor", 29},
		{"not a date-time", `{"cursor":0,"at":"yesterday"}`, wire.ErrTime, "at", 28},
		{"not on the calendar", `{"cursor":0,"at":"2026-02-30T10:00:00Z"}`, wire.ErrTime, "at", -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s fleet.Snapshot
			err := s.UnmarshalJSON([]byte(tc.doc))
			var de *wire.DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("UnmarshalJSON = %v (%T), want a *wire.DecodeError", err, err)
			}
			for _, k := range kinds {
				if got, want := errors.Is(err, k), k == tc.kind; got != want {
					t.Errorf("errors.Is(%v, %q) = %v, want %v", err, k, got, want)
				}
			}
			if de.Type != "Snapshot" || de.Path != tc.path {
				t.Errorf("Type, Path = %q, %q; want Snapshot, %q (%v)", de.Type, de.Path, tc.path, err)
			}
			if tc.offset >= 0 && de.Offset != tc.offset {
				t.Errorf("Offset = %d, want %d (%v)", de.Offset, tc.offset, err)
			}
			if errors.Is(err, wire.ErrInvalid) {
				t.Errorf("a decode error matches ErrInvalid")
			}
		})
	}
}

// TestDecodeErrorOfAUnion: a union's discriminator, missing or unknown,
// and a variant decoded directly with another's tag are ErrDiscriminator.
func TestDecodeErrorOfAUnion(t *testing.T) {
	for _, doc := range []string{
		`{"seatId":"t1","at":"2026-09-06T10:00:00Z"}`,
		`{"kind":"lost","seatId":"t1","at":"2026-09-06T10:00:00Z"}`,
	} {
		_, err := fleet.UnmarshalLedgerRow([]byte(doc))
		var de *wire.DecodeError
		if !errors.Is(err, wire.ErrDiscriminator) || !errors.As(err, &de) || de.Path != "kind" || de.Type != "LedgerRow" {
			t.Errorf("UnmarshalLedgerRow(%s) = %v, want ErrDiscriminator at kind", doc, err)
		} else if de.Offset != 0 {
			t.Errorf("UnmarshalLedgerRow(%s): Offset %d, want 0, where the union's object starts", doc, de.Offset)
		}
	}
	var row fleet.PassedRow
	if err := row.UnmarshalJSON([]byte(`{"kind":"failed","seatId":"t1","at":"2026-09-06T10:00:00Z"}`)); !errors.Is(err, wire.ErrDiscriminator) {
		t.Errorf("PassedRow of a failed row = %v, want ErrDiscriminator", err)
	}
}

// TestEnumErrorIsNotMember: the EnumError of a decode and of Parse both
// match ErrNotMember and carry the valid members.
func TestEnumErrorIsNotMember(t *testing.T) {
	_, err := fleet.ParsePose("dancing")
	var ee *wire.EnumError
	if !errors.Is(err, wire.ErrNotMember) || !errors.As(err, &ee) || ee.Value != "dancing" || len(ee.Valid) != 6 {
		t.Errorf("ParsePose = %v, want an *EnumError matching ErrNotMember", err)
	}
	var s fleet.Stance
	err = s.UnmarshalJSON([]byte(`{"pose":"dancing"}`))
	if !errors.As(err, &ee) || ee.Enum != "Pose" {
		t.Errorf("UnmarshalJSON = %v, want an *EnumError inside", err)
	}
}

// TestJSONUnmarshalGivesTheSameError: encoding/json passes an
// UnmarshalJSON error through unchanged, so json.Unmarshal and
// UnmarshalJSON return the same *wire.DecodeError. Not for bytes that are
// not JSON: encoding/json scans the whole document first and returns its
// own *json.SyntaxError before the generated decoder sees anything
// (docs/generated-go.md says so).
func TestJSONUnmarshalGivesTheSameError(t *testing.T) {
	for _, doc := range []string{
		`{"cursor":null}`,
		`{"cursor":0,"cursor":1}`,
		`{"cursor":0,"at":"2026-09-06T10:00:00Z"}`,
		snapHead + `{"seatId":"t","name":"A","status":"asleep"}]}`,
		`{"cursor":1e-400}`,
	} {
		var a, b fleet.Snapshot
		direct := a.UnmarshalJSON([]byte(doc))
		viaJSON := json.Unmarshal([]byte(doc), &b)
		var d1, d2 *wire.DecodeError
		if !errors.As(direct, &d1) || !errors.As(viaJSON, &d2) || d1.Type != d2.Type || d1.Path != d2.Path || d1.Offset != d2.Offset || viaJSON.Error() != direct.Error() {
			t.Errorf("%s:\n UnmarshalJSON = %v (%T)\n json.Unmarshal = %v (%T)", doc, direct, direct, viaJSON, viaJSON)
		}
	}
	// Syntax: encoding/json's error, with its own offset.
	var s fleet.Snapshot
	err := json.Unmarshal([]byte(`{"cursor":0,`), &s)
	var se *json.SyntaxError
	if !errors.As(err, &se) || errors.Is(err, wire.ErrSyntax) {
		t.Errorf("json.Unmarshal of broken JSON = %v (%T), want encoding/json's *json.SyntaxError", err, err)
	}
	// A generated type inside the caller's own struct: the error is the
	// generated decoder's, its Type and Path relative to that value.
	var wrap struct {
		Snap fleet.Snapshot `json:"snap"`
	}
	err = json.Unmarshal([]byte(`{"snap":{"cursor":null}}`), &wrap)
	var de *wire.DecodeError
	if !errors.Is(err, wire.ErrNull) || !errors.As(err, &de) || de.Type != "Snapshot" || de.Path != "cursor" {
		t.Errorf("json.Unmarshal into a wrapper = %v (%T), want the DecodeError of Snapshot", err, err)
	}
}

// TestValidationErrorsListEveryProblem: Validate's error lists every
// problem (errors.As into wire.ValidationErrors), each with the path
// written as a DecodeError's is, the root type apart, and its rule.
func TestValidationErrorsListEveryProblem(t *testing.T) {
	at := time.Date(2026, 9, 6, 10, 0, 0, 0, time.UTC)
	note := strings.Repeat("n", 281)
	s := fleet.Snapshot{
		Cursor: -1, At: at,
		Seats:   []fleet.Seat{{SeatID: "", Name: "A", Status: "asleep", Stance: &fleet.Stance{Pose: fleet.PoseStuck, Note: &note, StatedAt: at, ExpiresAt: at}}},
		Edges:   []fleet.Edge{{Kind: fleet.EdgeKindSpawn, FromSeatID: "a", ToSeatID: "b", At: at, EntryID: ptr("e")}},
		Tallies: map[string]fleet.Tally{"t1": {}},
	}
	err := s.Validate()
	var all wire.ValidationErrors
	if !errors.As(err, &all) {
		t.Fatalf("Validate = %v (%T), want wire.ValidationErrors", err, err)
	}
	type got struct {
		path string
		rule wire.Rule
	}
	want := []got{
		{"cursor", wire.RuleMinimum},
		{"seats[0].seatId", wire.RuleMinLength},
		{"seats[0].status", wire.RuleEnum},
		{"seats[0].stance.note", wire.RuleMaxLength},
		{"edges[0].entryId", wire.RuleAbsent},
		{`tallies["t1"]`, wire.RuleRefused},
	}
	if len(all) != len(want) {
		t.Fatalf("%d problems, want %d:\n%v", len(all), len(want), err)
	}
	for i, ve := range all {
		if ve.Type != "Snapshot" || ve.Path != want[i].path || ve.Rule != want[i].rule {
			t.Errorf("problem %d = {%s %s %s}, want {Snapshot %s %s}", i, ve.Type, ve.Path, ve.Rule, want[i].path, want[i].rule)
		}
	}
	if !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("errors.Is(Validate(), ErrInvalid) = false")
	}
	var first *wire.ValidationError
	if !errors.As(err, &first) || first != all[0] {
		t.Errorf("errors.As finds %v, want the first problem", first)
	}
	if got := all[3].Error(); got != "Snapshot.seats[0].stance.note: must be at most 280 characters (has 281)" {
		t.Errorf("Error() = %q", got)
	}
	if s := (fleet.Seat{SeatID: "t", Name: "A", Status: fleet.AgentStatusIdle}); s.Validate() != nil {
		t.Errorf("a valid seat: %v", s.Validate())
	}
}
