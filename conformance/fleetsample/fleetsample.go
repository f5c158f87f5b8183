// Package fleetsample holds the busy fleet the codec's benchmarks and
// peer comparisons decode and encode (conformance/gofleet,
// conformance/codecpeers), built once here so that every bench line times
// the same document.
package fleetsample

import (
	"fmt"
	"time"

	"github.com/schemagen/schemagen/generated/go/fleet"
)

// At is the instant the sample is stated at, in a zone with an offset of
// its own.
var At = time.Date(2026, 9, 6, 10, 0, 0, 123000000, time.FixedZone("", 2*3600))

// BigSnapshot is a busy fleet: 64 seats, each with a stance, an outcome, a
// parent and a tally, and the wire's full 128 edges.
func BigSnapshot() *fleet.Snapshot {
	at := At
	str := func(s string) *string { return &s }
	s := &fleet.Snapshot{Cursor: 1788000000123, At: at, Day: str("2026-09-06"), Tallies: map[string]fleet.Tally{}}
	for i := range 64 {
		id := fmt.Sprintf("term-%04x", i*257)
		seat := fleet.Seat{
			SeatID: id, Name: fmt.Sprintf("Persona %d", i), Status: fleet.AgentStatusWorking,
			Cwd: str("/home/op/src/project"), Summary: str("refactoring the deck loader"),
			Stance:      &fleet.Stance{Pose: fleet.PoseHauling, Note: str("moving 4,000 rows <fast> & safe"), StatedAt: at, ExpiresAt: at.Add(15 * time.Minute)},
			LastOutcome: &fleet.RunOutcome{Outcome: fleet.OutcomePassed, At: at.Add(-time.Minute)},
		}
		if i > 0 {
			seat.ParentSeatID = str("term-0000")
		}
		s.Seats = append(s.Seats, seat)
		s.Tallies[id] = fleet.Tally{Passed: int64(i), Failed: 1, Shipped: 2, Prompted: int64(3 * i)}
	}
	for i := range 128 {
		e := fleet.Edge{Kind: fleet.EdgeKindPrompt, FromSeatID: s.Seats[i%64].SeatID, ToSeatID: s.Seats[(i+1)%64].SeatID, At: at.Add(-time.Duration(i) * time.Second)}
		switch i % 3 {
		case 0:
			e.Kind = fleet.EdgeKindSpawn
		case 1:
			e.ConversationID, e.EntryID = str("conv-77"), str(fmt.Sprintf("entry-%d", i))
		}
		s.Edges = append(s.Edges, e)
	}
	return s
}
