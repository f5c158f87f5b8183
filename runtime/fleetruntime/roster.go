package fleetruntime

import (
	"slices"
	"strings"
	"time"

	"github.com/schemagen/schemagen/generated/go/fleet"
)

// A seat is one agent on the roster as the last census showed it.
type seat struct {
	id         string // Herdr terminal id
	pane       string // where the agent runs; never leaves the runtime
	name       string
	status     fleet.AgentStatus
	cwd        *string   // the snapshot's copy of the cwd; nil when Herdr gave none
	parentPane string    // the pane that started it, "" when unknown
	parent     int       // the index of the seat in parentPane, -1 when none
	since      time.Time // when it started, or when it first joined the roster
	rec        *record
}

// A roster is the seats of the last census, ordered by seat id so that the
// order of Herdr's list is not a change.
type roster struct {
	seats  []seat
	byPane map[string]int
	// spawns are the spawn edges between the seats, in seat order: they
	// change only with the roster.
	spawns []fleet.Edge
}

// set replaces the roster with seats, joining each to its parent's seat
// and marking which records are on it.
func (r *roster) set(seats []seat) {
	for i := range r.seats {
		r.seats[i].rec.on = -1
	}
	slices.SortFunc(seats, func(a, b seat) int { return strings.Compare(a.id, b.id) })
	r.seats = seats
	r.byPane = make(map[string]int, len(seats))
	for i := range seats {
		r.byPane[seats[i].pane] = i
		seats[i].rec.on = i
	}
	r.spawns = nil
	for i := range seats {
		seats[i].parent = -1
		if p, ok := r.byPane[seats[i].parentPane]; ok && p != i {
			seats[i].parent = p
			r.spawns = append(r.spawns, fleet.Edge{Kind: fleet.EdgeKindSpawn, FromSeatID: seats[p].id, ToSeatID: seats[i].id, At: seats[i].since})
		}
	}
}

// inPane returns the seat held by pane, or nil if it holds none.
func (r *roster) inPane(pane string) *seat {
	if i, ok := r.byPane[pane]; ok {
		return &r.seats[i]
	}
	return nil
}
