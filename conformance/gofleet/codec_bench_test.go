package gofleet_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/schemagen/schemagen/conformance/fleetsample"
	"github.com/schemagen/schemagen/generated/go/fleet"
	"github.com/schemagen/schemagen/internal/benchpair"
)

// The peer of the generated codec: encoding/json on plain structs of the
// same shape, with no methods, no exactness checks and no Validate.
type (
	plainStance struct {
		Pose      string    `json:"pose"`
		Note      *string   `json:"note,omitempty"`
		StatedAt  time.Time `json:"statedAt"`
		ExpiresAt time.Time `json:"expiresAt"`
	}
	plainOutcome struct {
		Outcome string    `json:"outcome"`
		At      time.Time `json:"at"`
	}
	plainSeat struct {
		SeatID       string        `json:"seatId"`
		Name         string        `json:"name"`
		Status       string        `json:"status"`
		Cwd          *string       `json:"cwd,omitempty"`
		Summary      *string       `json:"summary,omitempty"`
		Stance       *plainStance  `json:"stance,omitempty"`
		ParentSeatID *string       `json:"parentSeatId,omitempty"`
		LastOutcome  *plainOutcome `json:"lastOutcome,omitempty"`
	}
	plainEdge struct {
		Kind           string    `json:"kind"`
		FromSeatID     string    `json:"fromSeatId"`
		ToSeatID       string    `json:"toSeatId"`
		At             time.Time `json:"at"`
		ConversationID *string   `json:"conversationId,omitempty"`
		EntryID        *string   `json:"entryId,omitempty"`
	}
	plainTally struct {
		Passed   int64 `json:"passed"`
		Failed   int64 `json:"failed"`
		Shipped  int64 `json:"shipped"`
		Prompted int64 `json:"prompted"`
	}
	plainSnapshot struct {
		Cursor  int64                 `json:"cursor"`
		At      time.Time             `json:"at"`
		Seats   []plainSeat           `json:"seats"`
		Edges   []plainEdge           `json:"edges,omitzero"`
		Day     *string               `json:"day,omitempty"`
		Tallies map[string]plainTally `json:"tallies,omitzero"`
	}
)

// bigSnapshot is conformance/fleetsample's busy fleet.
func bigSnapshot() *fleet.Snapshot { return fleetsample.BigSnapshot() }

// TestValidateAllocatesNothing: Validate of a valid value builds no path,
// message or error (issue 12: about 1,400 allocations per 64-seat
// snapshot before).
func TestValidateAllocatesNothing(t *testing.T) {
	s := bigSnapshot()
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(20, func() { _ = s.Validate() }); n != 0 {
		t.Errorf("Validate of a valid 64-seat snapshot allocates %.0f times, want 0", n)
	}
	row := &fleet.PromptedRow{SeatID: "t1", At: s.At}
	if n := testing.AllocsPerRun(100, func() { _ = row.Validate() }); n != 0 {
		t.Errorf("Validate of a valid ledger row allocates %.0f times, want 0", n)
	}
}

// BenchmarkCodecPairs is make bench's line for issue 12: each comparison
// alternates the generated codec with encoding/json on a plain struct of
// the same shape, in the same run, and reports the median ratio. Run with
// -benchtime=1x (it times itself).
func BenchmarkCodecPairs(b *testing.B) {
	snap := bigSnapshot()
	data, err := snap.AppendJSON(nil)
	if err != nil {
		b.Fatal(err)
	}
	var plain plainSnapshot
	if err := json.Unmarshal(data, &plain); err != nil {
		b.Fatal(err)
	}
	if again, _ := json.Marshal(plain); string(again) != string(data) {
		b.Fatalf("the plain twin does not encode the same bytes:\n%s\n%s", again, data)
	}
	stdDecode := func(n int) {
		for range n {
			var p plainSnapshot
			if err := json.Unmarshal(data, &p); err != nil {
				b.Fatal(err)
			}
		}
	}
	stdEncode := func(n int) {
		for range n {
			if _, err := json.Marshal(&plain); err != nil {
				b.Fatal(err)
			}
		}
	}
	pairs := []struct {
		name  string
		ours  func(int)
		peer  func(int)
		goal  benchpair.Goal
		bytes bool
	}{
		{"decode UnmarshalJSON (the fast path) vs encoding/json", func(n int) {
			for range n {
				var s fleet.Snapshot
				if err := s.UnmarshalJSON(data); err != nil {
					b.Fatal(err)
				}
			}
		}, stdDecode, benchpair.AtMost(0.3), true},
		{"decode json.Unmarshal vs encoding/json", func(n int) {
			for range n {
				var s fleet.Snapshot
				if err := json.Unmarshal(data, &s); err != nil {
					b.Fatal(err)
				}
			}
		}, stdDecode, benchpair.AtMost(0.9), true},
		{"encode json.Marshal vs encoding/json", func(n int) {
			for range n {
				if _, err := json.Marshal(snap); err != nil {
					b.Fatal(err)
				}
			}
		}, stdEncode, benchpair.AtMost(0.8), true},
		{"encode AppendJSON vs encoding/json", func(n int) {
			var buf []byte
			for range n {
				var err error
				if buf, err = snap.AppendJSON(buf[:0]); err != nil {
					b.Fatal(err)
				}
			}
		}, stdEncode, benchpair.NoGoal, true},
		{"Validate vs encoding/json decode", func(n int) {
			for range n {
				if err := snap.Validate(); err != nil {
					b.Fatal(err)
				}
			}
		}, stdDecode, benchpair.NoGoal, false},
	}
	reused := func(n int) { // AppendJSON into a buffer kept across calls
		var buf []byte
		for range n {
			var err error
			if buf, err = snap.AppendJSON(buf[:0]); err != nil {
				b.Fatal(err)
			}
		}
	}
	pairs = append(pairs, struct {
		name  string
		ours  func(int)
		peer  func(int)
		goal  benchpair.Goal
		bytes bool
	}{"encode json.Marshal vs AppendJSON into a reused buffer", func(n int) {
		for range n {
			if _, err := json.Marshal(snap); err != nil {
				b.Fatal(err)
			}
		}
	}, reused, benchpair.AtMost(1.5), true})
	// What json.Marshal adds to any MarshalJSON and no MarshalJSON can
	// avoid: encoding/json scans its output again to compact and check it
	// (appendCompact), which json.Compact does alike.
	var compacted bytes.Buffer
	pairs = append(pairs, struct {
		name  string
		ours  func(int)
		peer  func(int)
		goal  benchpair.Goal
		bytes bool
	}{"json.Compact of the same bytes (encoding/json's check of a MarshalJSON's output) vs AppendJSON into a reused buffer", func(n int) {
		for range n {
			compacted.Reset()
			if err := json.Compact(&compacted, data); err != nil {
				b.Fatal(err)
			}
		}
	}, reused, benchpair.NoGoal, true})
	for _, p := range pairs {
		r := benchpair.Compare(p.ours, p.peer, benchpair.Options{})
		fmt.Println("pair " + benchpair.Line("snapshot (64 seats, 128 edges, tallies; "+fmt.Sprint(len(data))+" B) "+p.name, r, p.goal))
	}
	allocs := testing.AllocsPerRun(20, func() { _ = snap.Validate() })
	fmt.Printf("pair snapshot Validate of a valid value: %.0f allocs/op goal 0: %s\n", allocs, benchpair.Verdict(allocs == 0))
}

// TestMarshalJSONCopiesOut: MarshalJSON writes what AppendJSON writes,
// into one allocation of the output's size from a pooled buffer (issue
// 26: appending to nil allocated about 5x the output), and the bytes it
// returns are the caller's: a later call does not write over them.
func TestMarshalJSONCopiesOut(t *testing.T) {
	snap := bigSnapshot()
	want, err := snap.AppendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	first, err := snap.MarshalJSON()
	if err != nil || string(first) != string(want) {
		t.Fatalf("MarshalJSON = %.60q…, %v; want AppendJSON's bytes", first, err)
	}
	keep := string(first)
	row := fleet.PassedRow{SeatID: "t1", At: snap.At}
	if _, err := row.MarshalJSON(); err != nil {
		t.Fatal(err)
	}
	if _, err := snap.MarshalJSON(); err != nil {
		t.Fatal(err)
	}
	if string(first) != keep {
		t.Error("a later MarshalJSON wrote over the bytes an earlier one returned")
	}
	buf := make([]byte, 0, 2*len(want))
	reused := testing.AllocsPerRun(20, func() { _, _ = snap.AppendJSON(buf[:0]) })
	if n := testing.AllocsPerRun(20, func() { _, _ = snap.MarshalJSON() }); n > reused+1 {
		t.Errorf("MarshalJSON of a snapshot allocates %.0f times, AppendJSON into a reused buffer %.0f: want one more at most (the copy out)", n, reused)
	}
}
